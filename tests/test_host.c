/* Host tests, no GPU: the swizzles are bijections that keep 16-byte chunks whole, the grid swizzle
 * covers every tile once, the bank-conflict degrees the articles claim, and the fp16/bf16
 * conversions. Prints one PASS/FAIL line per test; exit status 1 if any failed. */
#include "numeric.h"
#include "swizzle.h"

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
        {"SWIZZLE_B_F2 tf32 Bs[16][128]", swizzle_b_f2_tf32, 16, 128, 4},
        {"SWIZZLE_A half As[128][32]", swizzle_a_half, 128, 32, 8},
        {"SWIZZLE_B half Bs[32][128]", swizzle_b_half, 32, 128, 8},
        {"SWIZZLE_C half Cs[128][128]", swizzle_c_half, 128, 128, 8},
        {"08 swizzle of 32-byte rows [128][16]", swizzle_tn_row32, 128, 16, 8},
    };
    char why[160] = "";
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int ok = swizzle_ok(cases[i].f, cases[i].rows, cases[i].cols, cases[i].chunk, why);
        char name[96];
        snprintf(name, sizeof name, "bijection, 16-byte chunks kept: %s", cases[i].name);
        report(ok, name, why);
    }
}

/* The articles' formula, to show the coverage test catches what it is meant to catch. */
static struct tile_coord article_grid_swizzle(int lid, int grid_x, int grid_y)
{
    (void)grid_x;
    struct tile_coord t = {lid % 8 + (lid / (8 * grid_y)) * 8, (lid / 8) % grid_y};
    return t;
}

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
    report(!grid_coverage_ok(article_grid_swizzle, 9, 32) && grid_coverage_ok(article_grid_swizzle, 16, 32),
           "coverage test rejects the articles' lid%8 formula at N = 1152, accepts it at N = 2048",
           "the coverage check did not tell the two apart");
}

/* Bank-conflict degree of one shared-memory request: lanes are served in phases (32 lanes for
 * 4-byte accesses, 16 for 8-byte, 8 for 16-byte); within a phase, the degree is the largest
 * number of distinct 4-byte words that fall in one bank. word[l] is lane l's first word. */
static int conflict_degree(const int *word, int lanes, int words_per_lane)
{
    int phase = 32 / words_per_lane, worst = 0;
    for (int p0 = 0; p0 < lanes; p0 += phase) {
        int distinct[32] = {0}, seen[32][32];
        for (int l = p0; l < p0 + phase && l < lanes; l++)
            for (int w = 0; w < words_per_lane; w++) {
                int addr = word[l] + w, bank = addr % 32, dup = 0;
                for (int j = 0; j < distinct[bank]; j++)
                    dup |= seen[bank][j] == addr;
                if (!dup)
                    seen[bank][distinct[bank]++] = addr;
            }
        for (int b = 0; b < 32; b++)
            worst = distinct[b] > worst ? distinct[b] : worst;
    }
    return worst;
}

static int identity(int row, int col)
{
    (void)row;
    return col;
}

/* ldmatrix: lane l gives the row address of row l%8 of matrix l/8, 16 bytes; `lanes` = 8 * x. */
static int ldmatrix_degree(swizzle_fn f, int row_words, int elem_per_word, int lanes, int (*row_of)(int lane),
                           int (*col_of)(int lane))
{
    int word[32];
    for (int l = 0; l < lanes; l++) {
        int r = row_of(l);
        word[l] = r * row_words + f(r, col_of(l)) / elem_per_word;
    }
    return conflict_degree(word, lanes, 4);
}

/* Lane -> (row, col) of the A ldmatrix.x4 (tf32: col in floats; half: in halves). */
static int a_row(int lane) { return lane % 16; }
static int a_col_tf32(int lane) { return (lane / 16) * 4; }
static int a_col_half(int lane) { return (lane / 16) * 8; }
static int bt_row(int lane) { return lane % 8; }               /* 01/02 B ldmatrix.x2 on Bs[n][k] */
static int bt_col(int lane) { return ((lane / 8) % 2) * 4; }
static int bh_row(int lane) { return lane % 16; }              /* 05-07 B ldmatrix.x2.trans on Bs[k][n] */
static int bh_col(int lane) { (void)lane; return 0; }

static void expect_degree(const char *name, int got, int want)
{
    char why[64];
    sprintf(why, "model gives %d-way, the article says %d-way", got, want);
    report(got == want, name, why);
}

static void test_bank_conflicts(void)
{
    expect_degree("01 A ldmatrix.x4 4-way", ldmatrix_degree(identity, 16, 1, 32, a_row, a_col_tf32), 4);
    expect_degree("01 B ldmatrix.x2 4-way", ldmatrix_degree(identity, 16, 1, 16, bt_row, bt_col), 4);
    expect_degree("02 A ldmatrix.x4 conflict-free", ldmatrix_degree(swizzle_a_tf32, 16, 1, 32, a_row, a_col_tf32), 1);
    expect_degree("02 B ldmatrix.x2 conflict-free", ldmatrix_degree(swizzle_b_tf32_bt, 16, 1, 16, bt_row, bt_col), 1);
    expect_degree("02 B ldmatrix.x2, older swizzle 2-way", ldmatrix_degree(swizzle_b_tf32_bt_old, 16, 1, 16, bt_row, bt_col), 2);
    expect_degree("05 A ldmatrix.x4 4-way", ldmatrix_degree(identity, 16, 2, 32, a_row, a_col_half), 4);
    expect_degree("05 B ldmatrix.x2.trans 8-way", ldmatrix_degree(identity, 64, 2, 16, bh_row, bh_col), 8);
    expect_degree("06 A ldmatrix.x4 conflict-free", ldmatrix_degree(swizzle_a_half, 16, 2, 32, a_row, a_col_half), 1);
    expect_degree("06 B ldmatrix.x2.trans conflict-free", ldmatrix_degree(swizzle_b_half, 64, 2, 16, bh_row, bh_col), 1);

    /* 01/02 transposed B stores: lane writes Bs[4*lane + j][k], one float. */
    swizzle_fn bt[2] = {identity, swizzle_b_tf32_bt};
    int want_bt[2] = {32, 8};
    for (int s = 0; s < 2; s++) {
        int worst = 0;
        for (int k = 0; k < 16; k++)
            for (int j = 0; j < 4; j++) {
                int word[32];
                for (int l = 0; l < 32; l++)
                    word[l] = (4 * l + j) * 16 + bt[s](4 * l + j, k);
                int d = conflict_degree(word, 32, 1);
                worst = d > worst ? d : worst;
            }
        expect_degree(s ? "02 B transposed stores 8-way" : "01 B transposed stores 32-way", worst, want_bt[s]);
    }

    /* 03/04 B fragment loads: lane reads Bs[k_offset + lane%4 (+4)][n], n = base + lane/4. */
    int worst = 0;
    for (int base = 0; base < 128; base += 8)
        for (int k_offset = 0; k_offset < 16; k_offset += 4) {
            int word[32];
            for (int l = 0; l < 32; l++) {
                int k = k_offset + l % 4;
                word[l] = k * 128 + swizzle_b_f2_tf32(k, base + l / 4);
            }
            int d = conflict_degree(word, 32, 1);
            worst = d > worst ? d : worst;
        }
    expect_degree("03 B fragment 32-bit loads conflict-free", worst, 1);

    /* 07 C staging: lane writes a packed pair at Cs[g][t] (g = lane/4, t = 2*(lane%4)), rows of 64 words. */
    swizzle_fn cs[2] = {identity, swizzle_c_half};
    int want_c[2] = {8, 1};
    for (int s = 0; s < 2; s++) {
        int word[32];
        for (int l = 0; l < 32; l++)
            word[l] = (l / 4) * 64 + cs[s](l / 4, 2 * (l % 4)) / 2;
        expect_degree(s ? "07 C staging stores, SWIZZLE_C conflict-free" : "07 C staging stores unswizzled 8-way",
                      conflict_degree(word, 32, 1), want_c[s]);
    }
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

int main(void)
{
    test_swizzles();
    test_grid_swizzle();
    test_bank_conflicts();
    test_conversions();
    return failures ? 1 : 0;
}
