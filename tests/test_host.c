/* Host tests, no GPU: the swizzles are bijections that keep 16-byte chunks whole, the grid swizzle
 * covers every tile once, the fp16/bf16 conversions, the generator, the tolerances and the ring
 * rule (the checkers, which run on the GPU, are tests/check_gpu.c's; the bank-conflict claims are
 * common/scripts/conflicts.c's). Prints one PASS/FAIL line per test; exit status 1 if any failed. */
#include "cli.h"
#include "contract.h"
#include "numeric.h"
#include "swizzle.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

static void report(int ok, const char *name, const char *detail)
{
    printf("%s %s%s%s\n", ok ? "PASS" : "FAIL", name, ok ? "" : ": ", ok ? "" : detail);
    failures += !ok;
}

typedef int (*swizzle_fn)(int row, int col);

/* Each row's columns are permuted (bijection on the tile), and every aligned chunk of `chunk`
 * elements (16 bytes) lands whole and aligned: the condition for cp.async and ldmatrix. */
static int swizzle_ok(swizzle_fn f, int rows, int cols, int chunk, char *why)
{
    char *seen = calloc((size_t)cols, 1);
    for (int r = 0; r < rows; r++) {
        memset(seen, 0, (size_t)cols);
        for (int c = 0; c < cols; c++) {
            int s = f(r, c);
            if (s < 0 || s >= cols || seen[s]++) {
                sprintf(why, "row %d col %d -> %d: out of range or hit twice", r, c, s);
                free(seen);
                return 0;
            }
            int base = f(r, c - c % chunk);
            if (base % chunk || s != base + c % chunk) {
                sprintf(why, "row %d: the %d-element chunk at col %d is split or misaligned", r, chunk, c - c % chunk);
                free(seen);
                return 0;
            }
        }
    }
    free(seen);
    return 1;
}

static void test_swizzles(void)
{
    static const struct {
        const char *name;
        swizzle_fn f;
        int rows, cols, chunk;
    } cases[] = {
        {"SWIZZLE_A tf32 As[128][16]", swizzle_a_tf32, 128, 16, 4},
        {"SWIZZLE_B tf32 Bs[128][16] (bt)", swizzle_b_tf32_bt, 128, 16, 4},
        {"SWIZZLE_B tf32 older form", swizzle_b_tf32_bt_old, 128, 16, 4},
        {"swizzle_row8 as SWIZZLE_B_F2, tf32 Bs[16][128]", swizzle_row8, 16, 128, 4},
        {"SWIZZLE_A half As[128][32]", swizzle_a_half, 128, 32, 8},
        {"swizzle_row8 as SWIZZLE_B, half Bs[32][128]", swizzle_row8, 32, 128, 8},
        {"swizzle_row8 as SWIZZLE_C, half Cs[128][128] (07, 09)", swizzle_row8, 128, 128, 8},
        {"swizzle_row8 as SWIZZLE_C, half Cs[128][256] (10, 11)", swizzle_row8, 128, 256, 8},
        {"08 swizzle of 32-byte rows [128][16]", swizzle_tn_row32, 128, 16, 8},
        {"swizzle_row8 as TMA's 128-byte swizzle [128][64]", swizzle_row8, 128, 64, 8},
    };
    char why[160] = "";
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int ok = swizzle_ok(cases[i].f, cases[i].rows, cases[i].cols, cases[i].chunk, why);
        char name[96];
        snprintf(name, sizeof name, "bijection, 16-byte chunks kept: %s", cases[i].name);
        report(ok, name, why);
    }
}

/* tma_box_offset must be where the TMA unit puts an element with CU_TENSOR_MAP_SWIZZLE_128B: boxes
 * of box_rows x 64 halves side by side, each 1024-byte aligned, byte address bits 4-6 XORed with
 * bits 7-9 (the A tile of 09-14: one box of 128 rows; B: boxes of 64 rows; 14's C slab: 64). */
static void test_tma_swizzle(void)
{
    int bad = 0;
    static const int box_rows[] = {128, 64};
    for (int b = 0; b < 2; b++)
        for (int row = 0; row < box_rows[b]; row++)
            for (int col = 0; col < 256; col++) {
                int logical = (col / 64) * box_rows[b] * 128 + row * 128 + (col % 64) * 2;
                int hw = logical ^ (((logical >> 7) & 7) << 4);
                bad += tma_box_offset(row, col, box_rows[b]) != hw;
            }
    report(!bad, "tma_box_offset is TMA's 128B pattern (address bits 4-6 ^= bits 7-9), boxes of 128 and 64 rows",
           "an element lands elsewhere");
}

/* Where stmatrix.x4 puts accumulator element (row r, column c) of warp w's 16 rows, for lane
 * addresses from pos(w, j, lane): lane l holds, of matrix q, the pair at row l/4, columns
 * 2(l%4), +1, and matrix q is wgmma's rows 16w + 8(q%2).., columns 16j + 8(q/2)..; with .trans
 * the row that lane 8q + i addresses takes the matrix's column i. Every element of the 16 x N
 * block must land at (r, c), or, transposed, at (c, r). */
static int stmatrix_ok(struct smem_pos (*pos)(int, int, int), int trans, int cols)
{
    int bad = 0;
    for (int w = 0; w < 4; w++)
        for (int j = 0; j < (cols + 8) / 16; j++) /* a last .x2 (matrices 0 and 1) where cols % 16 == 8 */
            for (int l = 0; l < 32; l++)
                for (int q = 0; q < (16 * j + 16 <= cols ? 4 : 2); q++)
                    for (int e = 0; e < 2; e++) {
                        int i = l / 4, k = 2 * (l % 4) + e; /* the element's row and column in matrix q */
                        int r = 16 * w + 8 * (q % 2) + i, c = 16 * j + 8 * (q / 2) + k;
                        struct smem_pos row = pos(w, j, 8 * q + (trans ? k : i)); /* the row holding it */
                        int at_row = row.row, at_col = row.col + (trans ? i : k);
                        bad += trans ? at_row != c || at_col != r : at_row != r || at_col != c;
                    }
    return !bad;
}

static void test_stmatrix(void)
{
    report(stmatrix_ok(stmatrix_d, 0, 256), "stmatrix_d stores each accumulator element at its row and column",
           "an element lands elsewhere");
    report(stmatrix_ok(stmatrix_d_trans, 1, 256) && stmatrix_ok(stmatrix_d_trans, 1, 120) &&
               !stmatrix_ok(stmatrix_d, 1, 256),
           "stmatrix_d_trans stores each element transposed (16's swapped tiles, a last .x2 where the width is an "
           "odd multiple of 8); stmatrix_d would not",
           "an element lands elsewhere, or the check passes the untransposed layout");
}

/* The articles' formula, to show the coverage test catches what it is meant to catch. */
static struct tile_coord article_grid_swizzle(int lid, int grid_x, int grid_y)
{
    (void)grid_x;
    struct tile_coord t = {lid % 8 + (lid / (8 * grid_y)) * 8, (lid / 8) % grid_y};
    return t;
}

/* grouped_rows in grid_swizzle's argument order (grid_x columns, grid_y rows). */
static struct tile_coord grouped_rows_as_grid(int w, int grid_x, int grid_y) { return grouped_rows(w, grid_y, grid_x); }

/* 0 when every tile of the grid_x x grid_y grid is produced exactly once. */
static int grid_coverage_ok(struct tile_coord (*f)(int, int, int), int grid_x, int grid_y)
{
    int tiles = grid_x * grid_y, ok = 1;
    int *hits = calloc((size_t)tiles, sizeof *hits);
    for (int lid = 0; lid < tiles; lid++) {
        struct tile_coord t = f(lid, grid_x, grid_y);
        if (t.bx < 0 || t.bx >= grid_x || t.by < 0 || t.by >= grid_y) {
            ok = 0;
            continue;
        }
        hits[t.by * grid_x + t.bx]++;
    }
    for (int i = 0; i < tiles; i++)
        ok &= hits[i] == 1;
    free(hits);
    return ok;
}

static void test_grid_swizzle(void)
{
    int shapes = 0, bad = 0;
    char why[160] = "";
    for (int gx = 1; gx <= 40; gx++)
        for (int gy = 1; gy <= 40; gy += 3) {
            shapes++;
            if (!grid_coverage_ok(grid_swizzle, gx, gy) && !bad++)
                sprintf(why, "grid %d x %d: a tile is missed or written twice", gx, gy);
        }
    /* N = 1152 and 3968 (9 and 31 tile columns) with M = 4096, and a tall 16384 x 128 */
    static const int named[][2] = {{9, 32}, {31, 32}, {1, 128}, {128, 1}, {64, 64}};
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++) {
        shapes++;
        if (!grid_coverage_ok(grid_swizzle, named[i][0], named[i][1]) && !bad++)
            sprintf(why, "grid %d x %d: a tile is missed or written twice", named[i][0], named[i][1]);
    }
    char name[96];
    snprintf(name, sizeof name, "grid swizzle covers every tile once (%d grid shapes)", shapes);
    report(!bad, name, why);
    bad = shapes = 0;
    for (int rows = 1; rows <= 40; rows++) /* grouped_rows(w, rows, cols) maps w to (bx < cols, by < rows) */
        for (int cols = 1; cols <= 40; cols += 3, shapes++)
            bad += !grid_coverage_ok(grouped_rows_as_grid, cols, rows);
    snprintf(name, sizeof name, "grouped rows (12-14) cover every tile once (%d grid shapes)", shapes);
    report(!bad, name, "a tile is missed or walked twice");
    report(!grid_coverage_ok(article_grid_swizzle, 9, 32) && grid_coverage_ok(article_grid_swizzle, 16, 32),
           "coverage test rejects the articles' lid%8 formula at N = 1152, accepts it at N = 2048",
           "the coverage check did not tell the two apart");
}

static void test_conversions(void)
{
    int ok = float_to_half_rn(1.0f) == 0x3c00 && float_to_half_rn(-2.0f) == 0xc000 &&
             float_to_half_rn(65504.0f) == 0x7bff && float_to_half_rn(65520.0f) == 0x7c00 &&
             float_to_half_rn(1.0f + 1.0f / 2048) == 0x3c00 &&       /* tie -> even */
             float_to_half_rn(1.0f + 3.0f / 2048) == 0x3c02 &&       /* tie -> even, upward */
             float_to_half_rn(5.9604645e-08f) == 0x0001 && half_to_float(0x0001) == 5.9604645e-08f &&
             half_to_float(0x3555) == 0.33325195f;
    report(ok, "fp16 round-to-nearest-even conversions", "a known value converted wrongly");
    ok = float_to_bf16_rn(1.0f) == 0x3f80 && float_to_bf16_rn(1.0f + 1.0f / 256) == 0x3f80 &&
         float_to_bf16_rn(1.0f + 3.0f / 256) == 0x3f82 && bf16_to_float(0xbf80) == -1.0f;
    report(ok, "bf16 round-to-nearest-even conversions", "a known value converted wrongly");
    struct rng r = {1};
    int zeros = 0;
    for (int i = 0; i < 1000000; i++) {
        float v = rng_uniform(&r);
        zeros += v == 0.0f || v <= -1.0f || v >= 1.0f || float_to_half_rn(v) == 0 || float_to_half_rn(v) == 0x8000;
    }
    report(!zeros, "random inputs lie in (-1, 1) and are never zero, also as fp16", "a zero or out-of-range value");
}

/* e4m3: every one of the 256 codes comes back from its value (NaN aside), halfway values go to
 * the even code, and values past 448 saturate, as the GPU's __NV_SATFINITE conversion does. */
static void test_e4m3(void)
{
    int ok = 1;
    for (int q = 0; q < 256; q++) {
        float v = e4m3_to_float((uint8_t)q);
        if ((q & 0x7f) == 0x7f)
            ok &= isnan(v) && (float_to_e4m3_satfinite(v) & 0x7f) == 0x7f;
        else
            ok &= float_to_e4m3_satfinite(v) == q || (q == 0x80 && v == 0.0f); /* -0 reads back as -0 */
    }
    report(ok, "e4m3: each of the 256 codes converts back to itself", "a code converts to another");
    ok = e4m3_to_float(0x7e) == 448.0f && e4m3_to_float(0x01) == ldexpf(1, -9) && e4m3_to_float(0x08) == ldexpf(1, -6) &&
         float_to_e4m3_satfinite(1000.0f) == 0x7e && float_to_e4m3_satfinite(-INFINITY) == 0xfe &&
         float_to_e4m3_satfinite(1.0625f) == 0x38 && float_to_e4m3_satfinite(1.1875f) == 0x3a &&
         float_to_e4m3_satfinite(1.07f) == 0x39 && float_to_e4m3_satfinite(ldexpf(1, -10)) == 0x00 &&
         float_to_e4m3_satfinite(ldexpf(3, -10)) == 0x02 && float_to_e4m3_satfinite(0.0155f) == 0x08;
    report(ok, "e4m3: 448 the largest, subnormals of 2^-9, halfway to even, saturated past 448",
           "a known value converted wrongly");
    /* A's 1 x 128 scales: K block by K block, M padded to 4; B's 128 x 128 row-major, K blocks
     * padded to 4 */
    ok = scale_a_index(SCALING_BLOCK, 5, 3, 0) == 3 && scale_a_index(SCALING_BLOCK, 5, 3, 128) == 11 &&
         scale_a_index(SCALING_BLOCK, 5, 4, 383) == 20 && scale_a_count(SCALING_BLOCK, 5, 300) == 24 &&
         scale_b_index(SCALING_BLOCK, 300, 127, 299) == 2 && scale_b_index(SCALING_BLOCK, 300, 128, 0) == 4 &&
         scale_b_count(SCALING_BLOCK, 129, 300) == 8 &&
         scale_b_index(SCALING_BLOCK, 1040, 300, 1039) == 32 && scale_a_count(SCALING_TENSOR, 5, 300) == 1 &&
         scale_b_index(SCALING_TENSOR, 300, 200, 299) == 0;
    report(ok, "e4m3 scales: where each block's scale lies, and how many there are", "an index differs");
}

/* The documented terms of numeric.c, at the corners the ladder uses. */
static void test_tolerances(void)
{
    int ok = fabs(error_tolerance(DTYPE_TF32, ACCUM_FP32, 4096) - (2 * ldexp(1, -10) + 4096 * ldexp(1, -23) + ldexp(1, -24))) < 1e-15 &&
             fabs(error_tolerance(DTYPE_FP16, ACCUM_FP32, 1024) - (1024 * ldexp(1, -23) + ldexp(1, -11))) < 1e-15 &&
             fabs(error_tolerance(DTYPE_BF16, ACCUM_FP32, 8) - (8 * ldexp(1, -23) + ldexp(1, -8))) < 1e-15 &&
             fabs(error_tolerance(DTYPE_FP16, ACCUM_FP16, 4096) - (64 * ldexp(1, -11) + ldexp(1, -11))) < 1e-15 &&
             fabs(error_tolerance(DTYPE_E4M3, ACCUM_FP32, 256) - (ldexp(1, -23) + 256 * ldexp(1, -23) + ldexp(1, -11) + ldexp(1, -8))) < 1e-15 &&
             error_tolerance(DTYPE_FP16, ACCUM_FP32, 16384) > error_tolerance(DTYPE_FP16, ACCUM_FP32, 16);
    report(ok, "error_tolerance: operand, accumulation and output terms as documented", "a term differs");
}

/* The ring rule of step options with smem_bytes, on the two devices it was written for: an
 * H200 (227 KB a block, 228 KB an SM) and a 99 KB sm_120 part (99 KB a block, 100 KB an SM). */
static int ring_09(int stages) { return stages * 32768 + 1024; } /* 09's smem_bytes */
static int ring_10(int stages) { return stages * 49152 + 1024; } /* 10's and 11's */

static void test_ring_defaults(void)
{
    const struct step_option o09 = {.name = "stages", .min = 2, .max = 4, .default_value = 3, .smem_bytes = ring_09,
                                    .blocks_per_sm = 2};
    const struct step_option o10 = {.name = "stages", .min = 2, .max = 4, .default_value = 4, .smem_bytes = ring_10,
                                    .blocks_per_sm = 1};
    const int h200_block = 232448, h200_sm = 233472, sm120_block = 101376, sm120_sm = 102400;
    int ok = ring_default(&o09, h200_block, h200_sm) == 3 && ring_default(&o09, sm120_block, sm120_sm) == 3 &&
             ring_default(&o10, h200_block, h200_sm) == 4 && ring_default(&o10, sm120_block, sm120_sm) == 2 &&
             ring_default(&o09, 48 * 1024, 64 * 1024) == 2;
    report(ok, "ring defaults: 09 takes 3 stages on an H200 (two blocks) and on sm_120, 10 takes 4 and 2",
           "a default differs");
    const char *why = ring_error(&o09, 4, sm120_block);
    ok = why && strstr(why, "--stages 4") && strstr(why, "132096") && !ring_error(&o09, 3, sm120_block) &&
         !ring_error(&o10, 4, h200_block);
    report(ok, "ring check: 09 --stages 4 on a 99 KB part is refused, naming the option and the bytes",
           why ? why : "no message");
}

int main(void)
{
    test_swizzles();
    test_tma_swizzle();
    test_stmatrix();
    test_grid_swizzle();
    test_conversions();
    test_e4m3();
    test_tolerances();
    test_ring_defaults();
    return failures ? 1 : 0;
}
