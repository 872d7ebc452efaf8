/* Host tests, no GPU: the swizzles are bijections that keep 16-byte chunks whole, the grid swizzle
 * covers every tile once, and the fp16/bf16 conversions (the bank-conflict claims are checked by
 * tests/conflicts.c). Prints one PASS/FAIL line per test; exit status 1 if any failed. */
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
    test_conversions();
    return failures ? 1 : 0;
}
