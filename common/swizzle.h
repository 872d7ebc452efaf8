/* Every shared-memory swizzle and the grid swizzle of the ladder, in one place: the kernels
 * compile these very functions, and the host tests prove them (bijection, 16-byte chunks kept).
 * Units are elements of the shared array: floats for tf32, halves for fp16/bf16. */
#ifndef SWIZZLE_H
#define SWIZZLE_H

#ifdef __CUDACC__
#define SWZ_FN static __host__ __device__ __forceinline__
#else
#define SWZ_FN static inline
#endif

/* tf32, As[128][16]: a row is 64 bytes, so rows r and r+2 share banks. XOR-ing the 16-byte
 * chunk index with (row>>1)&3 gives the 8 rows of one ldmatrix phase 8 distinct chunks. */
SWZ_FN int swizzle_a_tf32(int row, int col) { return col ^ (((row >> 1) & 3) << 2); }

/* tf32, Bs[128 n][16 k] (B transposed). (row>>3) is folded in so the 32 lanes of a transposed
 * store, whose n = 4*lane + j, spread over 4 chunks (8-way, the floor for 16-float rows) while
 * ldmatrix phases (8 consecutive n) stay conflict-free. */
SWZ_FN int swizzle_b_tf32_bt(int row, int col) { return col ^ ((((row >> 1) ^ (row >> 3)) & 3) << 2); }

/* The article's older form of the same swizzle: ldmatrix is left 2-way. Kept for the tests. */
SWZ_FN int swizzle_b_tf32_bt_old(int row, int col) { return col ^ (((row >> 2) & 3) << 2); }

/* tf32, Bs[16 k][128 n]: the 32-bit fragment loads of one warp touch 4 k rows x 8 n; XOR-ing
 * n's 8-float block with k&7 moves each k row to its own 8 banks. */
SWZ_FN int swizzle_b_f2_tf32(int row, int col) { return col ^ ((row & 7) << 3); }

/* fp16/bf16, As[128][32]: the tf32 A swizzle with 8-half chunks. */
SWZ_FN int swizzle_a_half(int row, int col) { return col ^ (((row >> 1) & 3) << 3); }

/* fp16/bf16, Bs[32 k][128 n]: rows are 256 bytes (all start in bank 0); the 8 rows of one
 * ldmatrix.trans phase get chunks c^0..c^7, i.e. 8 distinct 16-byte bank groups. */
SWZ_FN int swizzle_b_half(int row, int col) { return col ^ ((row & 7) << 3); }

/* fp16/bf16, Cs[128][128] staging of the C tile: same shape as Bs, same cure (8-way -> 1). */
SWZ_FN int swizzle_c_half(int row, int col) { return col ^ ((row & 7) << 3); }

/* 08, a 32-byte row of 16 halves (BK = 16): swap its two 16-byte halves when row bit 2 is set,
 * so that rows r and r+4, which share banks, read different halves in one ldmatrix phase. */
SWZ_FN int swizzle_tn_row32(int row, int col) { return col ^ (((row >> 2) & 1) << 3); }

/* TMA's 128-byte swizzle (CU_TENSOR_MAP_SWIZZLE_128B), for rows of 128 bytes (64 halves) in a
 * 1024-byte-aligned tile: within each atom of 8 rows, the 16-byte chunk c of row r sits at chunk
 * c ^ (r % 8) (the hardware XORs address bits 4-6 with bits 7-9). The 8 rows of an ldmatrix
 * phase, consecutive in r, get 8 different chunks: 8 different groups of 4 banks. */
SWZ_FN int swizzle_128b_half(int row, int col) { return col ^ ((row & 7) << 3); }

/* Grid swizzle ("block swizzling for L2 reuse"). Block lid walks bands of GRID_BAND tile columns
 * down the M dimension before moving right, so concurrent blocks share A and B tiles in L2.
 * The last band is narrower when grid_x is not a multiple of GRID_BAND: using its real width w
 * keeps the map a bijection (the articles' lid%8 skips tiles and writes others twice there). */
#define GRID_BAND 8

struct tile_coord {
    int bx, by;
};

SWZ_FN struct tile_coord grid_swizzle(int lid, int grid_x, int grid_y)
{
    int band = lid / (GRID_BAND * grid_y);
    int first_col = band * GRID_BAND;
    int w = grid_x - first_col < GRID_BAND ? grid_x - first_col : GRID_BAND;
    int r = lid - first_col * grid_y;
    struct tile_coord t;
    t.bx = first_col + r % w;
    t.by = r / w;
    return t;
}

#endif
