/* make conflicts: a bank-conflict model of every shared-memory instruction of every step, no GPU.
 * Each instruction is replayed lane by lane through the very functions its kernel calls
 * (swizzle.h: the lane's position, then the swizzle), so the model follows the code; the conflict degree of a request is the
 * largest number of distinct 4-byte words one bank must serve in one phase (32 lanes for 4-byte
 * accesses, 16 for 8-byte, 8 for 16-byte ones and for each 8x8 matrix of ldmatrix).
 * It also predicts the 4096^3 totals that ncu reports (results/<gpu>/ncu.md): shared load and
 * store wavefronts and the conflicts among them (wavefronts beyond one per phase).
 * --check: one PASS/FAIL line per degree the articles claim; exit 1 if any fails.
 * Step numbers after the options (make conflicts STEP='09 16') keep the models of those steps.
 * Usage: conflicts [--check] [NN...] */
#include "swizzle.h"

#include <stdio.h>
#include <string.h>

enum op_kind { OP_LOAD, OP_STORE, OP_CP_ASYNC };

struct smem_op {
    const char *name;
    enum op_kind kind;
    int bytes;        /* per lane: 4, 8 or 16 (ldmatrix: 16 per row address) */
    int lanes;        /* lanes whose address counts: 16 for ldmatrix.x2 */
    int per_tile;     /* instances per warp and K tile (0 when per_block is used) */
    int per_block;    /* instances per warp, once per block (the C staging) */
    int claim;        /* the conflict degree the article states, 0 when it states none */
    int (*addr)(int warp, int inst, int lane); /* byte address of the lane, tile-relative */
};

struct step_model {
    const char *step;
    int bk;                   /* K per tile */
    const struct smem_op *ops;
    int num_ops;
    /* The 4096^3 totals the model predicts and ncu counts (results/<gpu>/ncu.md agrees within
     * a fraction of a percent on loads): shared ld wavefronts, their conflicts, st, conflicts. */
    double ld, ld_conflicts, st, st_conflicts;
    int bn; /* the block tile's N when it is not 128 */
};

static int identity(int row, int col)
{
    (void)row;
    return col;
}

/* Each function below is one shared-memory instruction of one kernel: the lane's position from
 * the helper the kernel calls (swizzle.h), through the swizzle the kernel applies, as a byte
 * offset in the tile. inst numbers the instruction's instances in a warp, in the order given. */

/* tf32 steps (floats; As[128][16], Bs[128][16] transposed or Bs[16][128]) */
#define F 4
/* inst = i: copy i of the thread */
static int a_cp_tf32(int w, int i, int l, int (*swz)(int, int))
{
    struct smem_pos p = row_copy(w * 32 + l, i, 256, 4, 4);
    return (p.row * 16 + swz(p.row, p.col)) * F;
}
static int tf32_a_cp(int w, int i, int l) { return a_cp_tf32(w, i, l, identity); }
static int tf32_a_cp_swz(int w, int i, int l) { return a_cp_tf32(w, i, l, swizzle_a_tf32); }
/* inst = i*4 + j: float j of the float4 loaded from k row tid/32 + 8i */
static int bt_store_at(int w, int inst, int l, int (*swz)(int, int))
{
    struct smem_pos p = bt_store(w * 32 + l, inst / 4, inst % 4);
    return (p.row * 16 + swz(p.row, p.col)) * F;
}
static int tf32_bt_store(int w, int i, int l) { return bt_store_at(w, i, l, identity); }
static int tf32_bt_store_swz(int w, int i, int l) { return bt_store_at(w, i, l, swizzle_b_tf32_bt); }
/* inst = k_step*4 + m_idx */
static int a_ldsm_tf32(int w, int inst, int l, int (*swz)(int, int))
{
    struct smem_pos p = ldmatrix_a(w / 4, inst % 4, (inst / 4) * 8, l, 4);
    return (p.row * 16 + swz(p.row, p.col)) * F;
}
static int tf32_a_ldsm(int w, int i, int l) { return a_ldsm_tf32(w, i, l, identity); }
static int tf32_a_ldsm_swz(int w, int i, int l) { return a_ldsm_tf32(w, i, l, swizzle_a_tf32); }
/* inst = k_step*4 + n_idx */
static int bt_ldsm(int w, int inst, int l, int (*swz)(int, int))
{
    struct smem_pos p = ldmatrix_b_nk(w % 4, inst % 4, (inst / 4) * 8, l, 4);
    return (p.row * 16 + swz(p.row, p.col)) * F;
}
static int tf32_bt_ldsm(int w, int i, int l) { return bt_ldsm(w, i, l, identity); }
static int tf32_bt_ldsm_swz(int w, int i, int l) { return bt_ldsm(w, i, l, swizzle_b_tf32_bt); }
static int tf32_bt_ldsm_old(int w, int i, int l) { return bt_ldsm(w, i, l, swizzle_b_tf32_bt_old); }
static int tf32_b_cp(int w, int i, int l)
{
    struct smem_pos p = row_copy(w * 32 + l, i, 256, 32, 4);
    return (p.row * 128 + swizzle_row8(p.row, p.col)) * F;
}
/* inst = (k_step*4 + n_idx)*2 + (b0 or b1) */
static int tf32_b_lds(int w, int inst, int l)
{
    struct smem_pos p = frag_b_kn_tf32(w % 4, (inst / 2) % 4, (inst / 8) * 8, l);
    int k = p.row + (inst % 2) * 4;
    return (k * 128 + swizzle_row8(k, p.col)) * F;
}

/* half steps (As[128][32], Bs[32][128], Cs[128][128]) */
#define H 2
static int half_a_cp(int w, int i, int l, int (*swz)(int, int))
{
    struct smem_pos p = row_copy(w * 32 + l, i, 256, 4, 8);
    return (p.row * 32 + swz(p.row, p.col)) * H;
}
static int half_b_cp(int w, int i, int l, int (*swz)(int, int))
{
    struct smem_pos p = row_copy(w * 32 + l, i, 256, 16, 8);
    return (p.row * 128 + swz(p.row, p.col)) * H;
}
/* inst = k_step*4 + m_idx, and k_step*4 + n_idx */
static int half_a_ldsm(int w, int inst, int l, int (*swz)(int, int))
{
    struct smem_pos p = ldmatrix_a(w / 4, inst % 4, (inst / 4) * 16, l, 8);
    return (p.row * 32 + swz(p.row, p.col)) * H;
}
static int half_b_ldsm_t(int w, int inst, int l, int (*swz)(int, int))
{
    struct smem_pos p = ldmatrix_b_kn_trans(w % 4, inst % 4, (inst / 4) * 16, l);
    return (p.row * 128 + swz(p.row, p.col)) * H;
}
static int h05_a_cp(int w, int i, int l) { return half_a_cp(w, i, l, identity); }
static int h05_b_cp(int w, int i, int l) { return half_b_cp(w, i, l, identity); }
static int h05_a_ldsm(int w, int i, int l) { return half_a_ldsm(w, i, l, identity); }
static int h05_b_ldsm(int w, int i, int l) { return half_b_ldsm_t(w, i, l, identity); }
static int h06_a_cp(int w, int i, int l) { return half_a_cp(w, i, l, swizzle_a_half); }
static int h06_b_cp(int w, int i, int l) { return half_b_cp(w, i, l, swizzle_row8); }
static int h06_a_ldsm(int w, int i, int l) { return half_a_ldsm(w, i, l, swizzle_a_half); }
static int h06_b_ldsm(int w, int i, int l) { return half_b_ldsm_t(w, i, l, swizzle_row8); }
/* 07 C staging: inst = (m_idx*4 + n_idx)*2 + (row g or g+8): one packed pair per lane */
static int c_stage(int w, int inst, int l, int (*swz)(int, int))
{
    struct smem_pos p = mma_c(w / 4, w % 4, inst / 8, (inst / 2) % 4, l);
    int row = p.row + (inst % 2) * 8;
    return (row * 128 + swz(row, p.col)) * H;
}
static int h07_c_store(int w, int i, int l) { return c_stage(w, i, l, swizzle_row8); }
static int h07_c_store_plain(int w, int i, int l) { return c_stage(w, i, l, identity); }
static int h07_c_read(int w, int i, int l)
{
    struct smem_pos p = row_copy(w * 32 + l, i, 256, 16, 8);
    return (p.row * 128 + swizzle_row8(p.row, p.col)) * H;
}

/* 08 (32-byte rows of 16 halves; base pads B rows to 24 halves) */
static int tn_cp(int w, int l, int stride, int (*swz)(int, int))
{
    struct smem_pos p = row_copy(w * 32 + l, 0, 256, 2, 8);
    return (p.row * stride + swz(p.row, p.col)) * H;
}
static int tn_a_ldsm(int w, int m, int l, int (*swz)(int, int))
{
    struct smem_pos p = ldmatrix_a(w % 2, m, 0, l, 8);
    return (p.row * 16 + swz(p.row, p.col)) * H;
}
static int tn_b_ldsm(int w, int n, int l, int stride, int (*swz)(int, int))
{
    struct smem_pos p = ldmatrix_b_nk(w / 2, n, 0, l, 8);
    return (p.row * stride + swz(p.row, p.col)) * H;
}
static int h08_base_a_cp(int w, int i, int l) { (void)i; return tn_cp(w, l, 16, identity); }
static int h08_base_b_cp(int w, int i, int l) { (void)i; return tn_cp(w, l, 24, identity); }
static int h08_base_a_ldsm(int w, int i, int l) { return tn_a_ldsm(w, i, l, identity); }
static int h08_base_b_ldsm(int w, int i, int l) { return tn_b_ldsm(w, i, l, 24, identity); }
static int h08_swz_cp(int w, int i, int l) { (void)i; return tn_cp(w, l, 16, swizzle_tn_row32); }
static int h08_swz_a_ldsm(int w, int i, int l) { return tn_a_ldsm(w, i, l, swizzle_tn_row32); }
static int h08_swz_b_ldsm(int w, int i, int l) { return tn_b_ldsm(w, i, l, 16, swizzle_tn_row32); }
/* x4: two k-planes of [128][16], 4 KB apart; inst = plane*4 + idx */
#define PLANE_BYTES (128 * 16 * H)
static int h08_x4_cp(int w, int i, int l) { return (i % 2) * PLANE_BYTES + tn_cp(w, l, 16, swizzle_tn_row32); }
static int h08_x4_a_ldsm(int w, int i, int l) { return (i / 4) * PLANE_BYTES + tn_a_ldsm(w, i % 4, l, swizzle_tn_row32); }
static int h08_x4_b_ldsm4(int w, int i, int l) { return (l / 16) * PLANE_BYTES + tn_b_ldsm(w, i, l, 16, swizzle_tn_row32); }

/* 09: a stage of A [128][64] then B as two [64][64] boxes, 128-byte swizzled (1024-byte aligned) */
#define A09_BYTES (128 * 64 * H)
static int h09_a_ldsm(int w, int inst, int l)
{
    struct smem_pos p = ldmatrix_a(w / 4, inst % 4, (inst / 4) * 16, l, 8);
    return tma_box_offset(p.row, p.col, 128);
}
static int h09_b_ldsm_t(int w, int inst, int l)
{
    struct smem_pos p = ldmatrix_b_kn_trans(w % 4, inst % 4, (inst / 4) * 16, l);
    return A09_BYTES + tma_box_offset(p.row, p.col, 64);
}

/* 10-13: warp w (warpgroup w/4, warp w%4 in it; the consumer warps of 11-13 map as 10's warps
 * 0-7) stages half its warpgroup's slab at a time in the warpgroup's own Cs[64][128] (16 KB);
 * inst = (h*16 + j)*2 + (row g or g+8) for the stores, h*8 + i for the 16-byte reads of the
 * warpgroup's 128 threads. */
#define SLAB_BYTES (64 * 128 * H)
static int h10_c_store(int w, int inst, int l)
{
    struct smem_pos d = wgmma_d(w % 4, (inst / 2) % 16, l);
    int row = d.row + (inst % 2) * 8;
    return (w / 4) * SLAB_BYTES + (row * 128 + swizzle_row8(row, d.col)) * H;
}
static int h10_c_read(int w, int inst, int l)
{
    struct smem_pos p = row_copy((w % 4) * 32 + l, inst % 8, 128, 16, 8);
    return (w / 4) * SLAB_BYTES + (p.row * 128 + swizzle_row8(p.row, p.col)) * H;
}

/* 14: stmatrix.x4 of a consumer warp into its warpgroup's C slab, 128 columns (two 64 x 64 boxes,
 * 128-byte swizzled) at a time; inst = 16-column block j = 0..15 of the 256 (two rounds of 8). */
static int h14_c_stsm(int w, int inst, int l)
{
    struct smem_pos p = stmatrix_d(w % 4, inst % 8, l);
    return (w / 4) * SLAB_BYTES + tma_box_offset(p.row, p.col, 64);
}

/* 16 swapped (C^T = B^T A^T), 128 x 256 tiles: a consumer warp's part is 64 columns of C by 128
 * rows of it; stmatrix.x4 .trans stores it transposed into its warpgroup's slab, one box of
 * 128 rows x 64 columns (128-byte swizzled); inst = 16-row block j = 0..15 (two parts of 8). */
static int h16_c_stsm_trans(int w, int inst, int l)
{
    struct smem_pos p = stmatrix_d_trans(w % 4, inst % 8, l);
    return (w / 4) * SLAB_BYTES + tma_box_offset(p.row, p.col, 128);
}

static const struct smem_op ops01[] = {
    {"A cp.async 16 B", OP_CP_ASYNC, 16, 32, 2, 0, 0, tf32_a_cp},
    {"B transposed stores", OP_STORE, 4, 32, 8, 0, 32, tf32_bt_store},
    {"A ldmatrix.x4", OP_LOAD, 16, 32, 8, 0, 4, tf32_a_ldsm},
    {"B ldmatrix.x2", OP_LOAD, 16, 16, 8, 0, 4, tf32_bt_ldsm},
};
static const struct smem_op ops02[] = {
    {"A cp.async 16 B", OP_CP_ASYNC, 16, 32, 2, 0, 0, tf32_a_cp_swz},
    {"B transposed stores", OP_STORE, 4, 32, 8, 0, 8, tf32_bt_store_swz},
    {"A ldmatrix.x4", OP_LOAD, 16, 32, 8, 0, 1, tf32_a_ldsm_swz},
    {"B ldmatrix.x2", OP_LOAD, 16, 16, 8, 0, 1, tf32_bt_ldsm_swz},
};
static const struct smem_op ops02_old[] = { /* not built: the article's older SWIZZLE_B */
    {"B ldmatrix.x2, older SWIZZLE_B", OP_LOAD, 16, 16, 8, 0, 2, tf32_bt_ldsm_old},
};
static const struct smem_op ops03[] = {
    {"A cp.async 16 B", OP_CP_ASYNC, 16, 32, 2, 0, 0, tf32_a_cp_swz},
    {"B cp.async 16 B", OP_CP_ASYNC, 16, 32, 2, 0, 1, tf32_b_cp},
    {"A ldmatrix.x4", OP_LOAD, 16, 32, 8, 0, 1, tf32_a_ldsm_swz},
    {"B fragment 32-bit loads", OP_LOAD, 4, 32, 16, 0, 1, tf32_b_lds},
};
static const struct smem_op ops05[] = {
    {"A cp.async 16 B", OP_CP_ASYNC, 16, 32, 2, 0, 0, h05_a_cp},
    {"B cp.async 16 B", OP_CP_ASYNC, 16, 32, 2, 0, 0, h05_b_cp},
    {"A ldmatrix.x4", OP_LOAD, 16, 32, 8, 0, 4, h05_a_ldsm},
    {"B ldmatrix.x2.trans", OP_LOAD, 16, 16, 8, 0, 8, h05_b_ldsm},
};
static const struct smem_op ops06[] = {
    {"A cp.async 16 B", OP_CP_ASYNC, 16, 32, 2, 0, 1, h06_a_cp},
    {"B cp.async 16 B", OP_CP_ASYNC, 16, 32, 2, 0, 1, h06_b_cp},
    {"A ldmatrix.x4", OP_LOAD, 16, 32, 8, 0, 1, h06_a_ldsm},
    {"B ldmatrix.x2.trans", OP_LOAD, 16, 16, 8, 0, 1, h06_b_ldsm},
};
static const struct smem_op ops07[] = {
    {"A cp.async 16 B", OP_CP_ASYNC, 16, 32, 2, 0, 1, h06_a_cp},
    {"B cp.async 16 B", OP_CP_ASYNC, 16, 32, 2, 0, 1, h06_b_cp},
    {"A ldmatrix.x4", OP_LOAD, 16, 32, 8, 0, 1, h06_a_ldsm},
    {"B ldmatrix.x2.trans", OP_LOAD, 16, 16, 8, 0, 1, h06_b_ldsm},
    {"C staging stores (SWIZZLE_C)", OP_STORE, 4, 32, 0, 32, 1, h07_c_store},
    {"C staging 16-byte reads", OP_LOAD, 16, 32, 0, 8, 1, h07_c_read},
};
static const struct smem_op ops07_plain[] = { /* not built: the staging without SWIZZLE_C */
    {"C staging stores, unswizzled", OP_STORE, 4, 32, 0, 32, 8, h07_c_store_plain},
};
static const struct smem_op ops08_base[] = {
    {"A cp.async 16 B", OP_CP_ASYNC, 16, 32, 1, 0, 0, h08_base_a_cp},
    {"B cp.async 16 B (48-byte rows)", OP_CP_ASYNC, 16, 32, 1, 0, 0, h08_base_b_cp},
    {"A ldmatrix.x4", OP_LOAD, 16, 32, 4, 0, 2, h08_base_a_ldsm},
    {"B ldmatrix.x2 (48-byte rows)", OP_LOAD, 16, 16, 4, 0, 1, h08_base_b_ldsm},
};
static const struct smem_op ops08_swizzle[] = {
    {"A and B cp.async 16 B", OP_CP_ASYNC, 16, 32, 2, 0, 1, h08_swz_cp},
    {"A ldmatrix.x4", OP_LOAD, 16, 32, 4, 0, 1, h08_swz_a_ldsm},
    {"B ldmatrix.x2", OP_LOAD, 16, 16, 4, 0, 1, h08_swz_b_ldsm},
};
static const struct smem_op ops08_x4[] = {
    {"A and B cp.async 16 B", OP_CP_ASYNC, 16, 32, 4, 0, 1, h08_x4_cp},
    {"A ldmatrix.x4 (2 planes)", OP_LOAD, 16, 32, 8, 0, 1, h08_x4_a_ldsm},
    {"B ldmatrix.x4 (both planes)", OP_LOAD, 16, 32, 4, 0, 1, h08_x4_b_ldsm4},
};

static const struct smem_op ops09[] = { /* TMA writes the ring: no LSU stores but the C staging */
    {"A ldmatrix.x4 (128B swizzle)", OP_LOAD, 16, 32, 16, 0, 1, h09_a_ldsm},
    {"B ldmatrix.x2.trans (128B swizzle)", OP_LOAD, 16, 16, 16, 0, 1, h09_b_ldsm_t},
    {"C staging stores (SWIZZLE_C)", OP_STORE, 4, 32, 0, 32, 1, h07_c_store},
    {"C staging 16-byte reads", OP_LOAD, 16, 32, 0, 8, 1, h07_c_read},
};

static const struct smem_op ops10[] = { /* wgmma reads A and B outside the LSU pipe: only the C staging */
    {"C staging stores (SWIZZLE_C, 256-byte rows)", OP_STORE, 4, 32, 0, 64, 1, h10_c_store},
    {"C staging 16-byte reads", OP_LOAD, 16, 32, 0, 16, 1, h10_c_read},
};

static const struct smem_op ops14[] = { /* the TMA store reads the slab outside the LSU pipe */
    {"C stmatrix.x4 (128B swizzle)", OP_STORE, 16, 32, 0, 16, 1, h14_c_stsm},
};

static const struct smem_op ops17[] = { /* 128 x 128 tiles: a warpgroup's part is 64 x 128, one round of 8 */
    {"C stmatrix.x4 (128B swizzle)", OP_STORE, 16, 32, 0, 8, 1, h14_c_stsm},
};

/* 18: the promotion's reads of A's scales from the stage (fp32, after B), unswapped: a lane's
 * rows d.row and d.row + 8 of its warp's 16, four lanes on one word (a broadcast); inst = which
 * of the two. */
static int h18_scale_read(int w, int inst, int l)
{
    struct smem_pos d = wgmma_d(w % 4, 0, l);
    return ((w / 4) * 64 + d.row + 8 * inst) * 4;
}

static const struct smem_op ops18[] = { /* 128 x 128 tiles, as 17, and two reads of scales a K tile */
    {"A's scales, 4-byte reads", OP_LOAD, 4, 32, 2, 0, 0, h18_scale_read},
    {"C stmatrix.x4 (128B swizzle)", OP_STORE, 16, 32, 0, 8, 1, h14_c_stsm},
};

static const struct smem_op ops16_swapped[] = {
    {"C stmatrix.x4.trans (128B swizzle)", OP_STORE, 16, 32, 0, 16, 1, h16_c_stsm_trans},
};

#define N_OPS(a) (int)(sizeof a / sizeof a[0])
static const struct step_model steps[] = {
    {"01_tf32_bt", 16, ops01, N_OPS(ops01), 402653184, 301989888, 536870912, 520093696},
    {"02_tf32_bt_swizzle", 16, ops02, N_OPS(ops02), 100663296, 0, 134217728, 117440512},
    {"02 (older SWIZZLE_B, not built)", 16, ops02_old, N_OPS(ops02_old), 67108864, 33554432, 0, 0},
    {"03_tf32_bcf", 16, ops03, N_OPS(ops03), 100663296, 0, 0, 0},
    {"04_tf32_bcf_dbf", 16, ops03, N_OPS(ops03), 100663296, 0, 0, 0},
    {"05_hgemm_naive", 32, ops05, N_OPS(ops05), 268435456, 218103808, 0, 0},
    {"06_hgemm_bcf", 32, ops06, N_OPS(ops06), 50331648, 0, 0, 0},
    {"07_hgemm_bcf_dbf_rw", 32, ops07, N_OPS(ops07), 50593792, 0, 262144, 0},
    {"07 (C staging unswizzled, not built)", 32, ops07_plain, N_OPS(ops07_plain), 0, 0, 2097152, 1835008},
    {"08 base", 16, ops08_base, N_OPS(ops08_base), 83886080, 33554432, 0, 0},
    {"08 swizzle", 16, ops08_swizzle, N_OPS(ops08_swizzle), 50331648, 0, 0, 0},
    {"08 x4", 32, ops08_x4, N_OPS(ops08_x4), 50331648, 0, 0, 0},
    {"09_hgemm_tma_stages", 64, ops09, N_OPS(ops09), 50593792, 0, 262144, 0},
    {"10_hgemm_wgmma", 64, ops10, N_OPS(ops10), 262144, 0, 262144, 0, 256},
    {"11_hgemm_wgmma_ws", 64, ops10, N_OPS(ops10), 262144, 0, 262144, 0, 256},
    {"12_hgemm_wgmma_persistent", 64, ops10, N_OPS(ops10), 262144, 0, 262144, 0, 256},
    {"13_hgemm_wgmma_multicast", 64, ops10, N_OPS(ops10), 262144, 0, 262144, 0, 256},
    {"14_hgemm_wgmma_tma_store", 64, ops14, N_OPS(ops14), 0, 0, 262144, 0, 256},
    /* 4096^3 runs whole tiles in 15 and 16 (their split rule): 14's epilogue, tile for tile */
    {"15_hgemm_stream_k", 64, ops14, N_OPS(ops14), 0, 0, 262144, 0, 256},
    {"16_hgemm_fit", 64, ops14, N_OPS(ops14), 0, 0, 262144, 0, 256},
    {"16 swapped 128 x 256 tiles", 64, ops16_swapped, N_OPS(ops16_swapped), 0, 0, 262144, 0, 256},
    /* 17 at 4096^3: 128 x 128 tiles, each warpgroup's 64 x 128 part stored as 14 stores half its slab */
    {"17_fp8_wgmma", 128, ops17, N_OPS(ops17), 0, 0, 262144, 0},
    {"18_fp8_blockscale", 128, ops18, N_OPS(ops18), 524288, 0, 262144, 0},
};

/* Wavefronts of one request; *worst receives its largest per-phase degree. */
static int wavefronts(const struct smem_op *op, int warp, int inst, int *worst)
{
    int words = op->bytes / 4, phase = 32 / words, total = 0;
    *worst = 0;
    for (int p0 = 0; p0 < op->lanes; p0 += phase) {
        int distinct[32] = {0}, seen[32][32];
        for (int l = p0; l < p0 + phase && l < op->lanes; l++)
            for (int w = 0; w < words; w++) {
                int word = op->addr(warp, inst, l) / 4 + w, bank = word % 32, dup = 0;
                for (int j = 0; j < distinct[bank]; j++)
                    dup |= seen[bank][j] == word;
                if (!dup)
                    seen[bank][distinct[bank]++] = word;
            }
        int d = 0;
        for (int b = 0; b < 32; b++)
            d = distinct[b] > d ? distinct[b] : d;
        total += d;
        *worst = d > *worst ? d : *worst;
    }
    return total;
}

struct op_stats {
    int degree;              /* worst phase over every warp and instance */
    double waves, ideal;     /* per warp: summed over the instances of one tile (or one block) */
};

static struct op_stats replay(const struct smem_op *op)
{
    struct op_stats s = {0, 0, 0};
    int count = op->per_tile ? op->per_tile : op->per_block, phases = (op->lanes + 32 / (op->bytes / 4) - 1) / (32 / (op->bytes / 4));
    for (int warp = 0; warp < 8; warp++)
        for (int inst = 0; inst < count; inst++) {
            int worst;
            s.waves += wavefronts(op, warp, inst, &worst) / 8.0;
            s.ideal += phases / 8.0;
            s.degree = worst > s.degree ? worst : s.degree;
        }
    return s;
}

/* Whether the model named `step` ("16_hgemm_fit", "08 x4") is one of the steps asked for:
 * its first two characters are one of the step numbers, or none was given. */
static int wanted(const char *step, int num_steps, char **steps)
{
    for (int i = 0; i < num_steps; i++)
        if (strncmp(step, steps[i], 2) == 0)
            return 1;
    return num_steps == 0;
}

int main(int argc, char **argv)
{
    int check = argc > 1 && strcmp(argv[1], "--check") == 0, failures = 0, matched = 0;
    int num_steps = argc - 1 - check;
    char **step_args = argv + 1 + check;
    for (int i = 0; i < num_steps; i++)
        if (strlen(step_args[i]) != 2 || step_args[i][0] < '0' || step_args[i][0] > '9' || step_args[i][1] < '0' ||
            step_args[i][1] > '9') {
            fprintf(stderr, "conflicts: '%s' is not a step number; usage: conflicts [--check] [NN...]\n", step_args[i]);
            return 2;
        }
    const double size = 4096;
    int sw = 4, iw = 11; /* the columns fit the longest step and instruction names */
    for (size_t s = 0; s < sizeof steps / sizeof steps[0]; s++) {
        sw = (int)strlen(steps[s].step) > sw ? (int)strlen(steps[s].step) : sw;
        for (int i = 0; i < steps[s].num_ops; i++)
            iw = (int)strlen(steps[s].ops[i].name) > iw ? (int)strlen(steps[s].ops[i].name) : iw;
    }
    if (!check)
        printf("%-*s %-*s %7s %6s  (4096^3 totals as ncu counts them: shared ld / st wavefronts, conflicts)\n", sw,
               "step", iw, "instruction", "degree", "claim");
    for (size_t s = 0; s < sizeof steps / sizeof steps[0]; s++) {
        const struct step_model *m = &steps[s];
        if (!wanted(m->step, num_steps, step_args))
            continue;
        matched++;
        double tiles = size / m->bk, ld = 0, ld_c = 0, st = 0, st_c = 0;
        double blocks = (size / 128) * (size / (m->bn ? m->bn : 128));
        for (int i = 0; i < m->num_ops; i++) {
            const struct smem_op *op = &m->ops[i];
            struct op_stats st_op = replay(op);
            double reps = 8 * blocks * (op->per_tile ? tiles : 1);
            if (op->kind == OP_LOAD) {
                ld += st_op.waves * reps;
                ld_c += (st_op.waves - st_op.ideal) * reps;
            } else if (op->kind == OP_STORE) {
                st += st_op.waves * reps;
                st_c += (st_op.waves - st_op.ideal) * reps;
            }
            if (check && op->claim) {
                printf("%s %s %s: %d-way (claimed %d-way)\n", st_op.degree == op->claim ? "PASS" : "FAIL", m->step,
                       op->name, st_op.degree, op->claim);
                failures += st_op.degree != op->claim;
            } else if (!check) {
                char claim[8] = "-";
                if (op->claim)
                    snprintf(claim, sizeof claim, "%d", op->claim);
                printf("%-*s %-*s %6d%s %6s\n", sw, i ? "" : m->step, iw, op->name, st_op.degree,
                       st_op.degree == 1 ? " " : "x", claim);
            }
        }
        if (!check)
            printf("%-*s %-*s ld %.0f (%.0f conflicts), st %.0f (%.0f conflicts)\n", sw, "", iw, "  model at 4096^3:", ld,
                   ld_c, st, st_c);
        else {
            int ok = ld == m->ld && ld_c == m->ld_conflicts && st == m->st && st_c == m->st_conflicts;
            printf("%s %s 4096^3 totals: ld %.0f (%.0f conflicts), st %.0f (%.0f conflicts)", ok ? "PASS" : "FAIL", m->step,
                   ld, ld_c, st, st_c);
            if (!ok)
                printf(", expected ld %.0f (%.0f), st %.0f (%.0f)", m->ld, m->ld_conflicts, m->st, m->st_conflicts);
            printf("\n");
            failures += !ok;
        }
    }
    if (!matched)
        printf("no shared-memory model for step%s", num_steps > 1 ? "s" : "");
    for (int i = 0; !matched && i < num_steps; i++)
        printf(" %s%s", step_args[i], i + 1 < num_steps ? "" : "\n");
    return failures ? 1 : 0;
}
