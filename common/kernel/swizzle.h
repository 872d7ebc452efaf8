/* Where every shared-memory access of the ladder goes, in one place: the swizzles, the position
 * (row and column of the shared array, before the swizzle) each lane of each shared-memory
 * instruction addresses, and the orders in which blocks walk the tiles of C. The kernels compile
 * these very functions, the conflict model (common/scripts/conflicts.c) replays them lane by lane and the
 * host tests prove them (bijections, 16-byte chunks kept whole, every tile covered once), so the
 * model cannot drift from the code. Units are elements of the shared array: floats for tf32,
 * halves for fp16/bf16. */
#ifndef SWIZZLE_H
#define SWIZZLE_H

#ifdef __CUDACC__
#define SWZ_FN static __host__ __device__ __forceinline__
#else
#define SWZ_FN static inline
#endif

/* ---- Swizzles: the column an element really sits at, from its row and logical column */

/* tf32, As[128][16]: a row is 64 bytes, so rows r and r+2 share banks. XOR-ing the 16-byte
 * chunk index with (row>>1)&3 gives the 8 rows of one ldmatrix phase 8 distinct chunks. */
SWZ_FN int swizzle_a_tf32(int row, int col) { return col ^ (((row >> 1) & 3) << 2); }

/* tf32, Bs[128 n][16 k] (B transposed). (row>>3) is folded in so the 32 lanes of a transposed
 * store, whose n = 4*lane + j, spread over 4 chunks (8-way, the floor for 16-float rows) while
 * ldmatrix phases (8 consecutive n) stay conflict-free. */
SWZ_FN int swizzle_b_tf32_bt(int row, int col) { return col ^ ((((row >> 1) ^ (row >> 3)) & 3) << 2); }

/* The article's older form of the same swizzle: ldmatrix is left 2-way. Kept for the model. */
SWZ_FN int swizzle_b_tf32_bt_old(int row, int col) { return col ^ (((row >> 2) & 3) << 2); }

/* fp16/bf16, As[128][32]: the tf32 A swizzle with 8-half chunks. */
SWZ_FN int swizzle_a_half(int row, int col) { return col ^ (((row >> 1) & 3) << 3); }

/* The 8-row XOR: the 8-element block b of row r sits at block b ^ (r % 8). Any 8 consecutive
 * rows get 8 different blocks, i.e. 8 different groups of banks, and the low 3 bits of col are
 * never touched, so 16-byte chunks stay whole and aligned. One function, four roles:
 *  - tf32 Bs[16 k][128 n] (03-04, SWIZZLE_B_F2): blocks of 8 floats, the 4 k rows of a fragment
 *    load on 4 different groups of 8 banks;
 *  - fp16/bf16 Bs[32 k][128 n] (06-07, SWIZZLE_B) and the C staging tiles (07 on, SWIZZLE_C):
 *    rows of 256 or 512 bytes all start in bank 0; the XOR gives the 8 rows an ldmatrix.trans
 *    phase or a fragment store touches 8 different 16-byte chunks;
 *  - TMA's 128-byte swizzle (CU_TENSOR_MAP_SWIZZLE_128B, 09 on) on rows of 64 halves in a
 *    1024-byte-aligned tile: the hardware XORs address bits 4-6 with bits 7-9, chunk c of row r
 *    at chunk c ^ (r % 8), which is this with 8-half blocks. */
SWZ_FN int swizzle_row8(int row, int col) { return col ^ ((row & 7) << 3); }

/* 08, a 32-byte row of 16 halves (BK = 16): swap its two 16-byte halves when row bit 2 is set,
 * so that rows r and r+4, which share banks, read different halves in one ldmatrix phase. */
SWZ_FN int swizzle_tn_row32(int row, int col) { return col ^ (((row >> 2) & 1) << 3); }

/* Byte offset of half (row, col) in a tile TMA writes with the 128-byte swizzle as boxes of
 * box_rows x 64 halves side by side (09's B, 14's C): the box, the 128-byte row, the chunk. */
SWZ_FN int tma_box_offset(int row, int col, int box_rows)
{
    return (col / 64) * box_rows * 128 + row * 128 + swizzle_row8(row, col % 64) * 2;
}

/* ---- Lane positions: where lane `lane` (or thread t) of each instruction points */

struct smem_pos {
    int row, col;
};

SWZ_FN struct smem_pos smem_pos_of(int row, int col)
{
    struct smem_pos p;
    p.row = row;
    p.col = col;
    return p;
}

/* Copies of whole rows, 16 bytes (`chunk` elements) a thread, by `threads` threads: copy i of
 * thread t. The threads of a row are consecutive, so each warp moves whole rows (full 128-byte
 * lines in global memory). The cp.async loads of 01-08 and the C copy-out of 07 and 09-13. */
SWZ_FN struct smem_pos row_copy(int t, int i, int threads, int chunks_per_row, int chunk)
{
    return smem_pos_of(t / chunks_per_row + i * (threads / chunks_per_row), (t % chunks_per_row) * chunk);
}

/* ldmatrix.x4 of the m16 x k A fragment m_idx of a warp of the 2 x 4 layout, at k_offset:
 * lanes 0-15 address rows 0-15 at k 0..chunk-1, lanes 16-31 the same rows at the next chunk
 * (chunk = 4 floats for tf32, 8 halves); ldmatrix hands the four 8 x 8 blocks out as a0..a3. */
SWZ_FN struct smem_pos ldmatrix_a(int warp_id_m, int m_idx, int k_offset, int lane, int chunk)
{
    return smem_pos_of(warp_id_m * 64 + m_idx * 16 + lane % 16, k_offset + (lane / 16) * chunk);
}

/* ldmatrix.x2 of the B fragment n_idx from a [n][k] tile (01-02, 08): lanes 0-7 address 8 n
 * rows at k 0..chunk-1 (b0), lanes 8-15 the same rows at the next chunk (b1); lanes 16-31 only
 * repeat valid addresses. */
SWZ_FN struct smem_pos ldmatrix_b_nk(int warp_id_n, int n_idx, int k_offset, int lane, int chunk)
{
    return smem_pos_of(warp_id_n * 32 + n_idx * 8 + lane % 8, k_offset + ((lane / 8) % 2) * chunk);
}

/* ldmatrix.x2.trans of the B fragment n_idx from a [k][n] tile of halves (05-07, 09): lane l
 * addresses k row k_offset + l % 16 at the fragment's 8 columns; .trans turns them into b0, b1. */
SWZ_FN struct smem_pos ldmatrix_b_kn_trans(int warp_id_n, int n_idx, int k_offset, int lane)
{
    return smem_pos_of(k_offset + lane % 16, warp_id_n * 32 + n_idx * 8);
}

/* The 32-bit load of b0 of the tf32 B fragment n_idx from a [k][n] tile (03-04): the m16n8k8
 * fragment wants k = lane % 4, n = lane / 4; b1 is the same column 4 k rows down. */
SWZ_FN struct smem_pos frag_b_kn_tf32(int warp_id_n, int n_idx, int k_offset, int lane)
{
    return smem_pos_of(k_offset + lane % 4, warp_id_n * 32 + n_idx * 8 + lane / 4);
}

/* 01-02's transposed store of float j of thread t's float4 number i of B (k row t/32 + 8i,
 * columns 4(t%32)..+3) into Bs[n][k]. */
SWZ_FN struct smem_pos bt_store(int t, int i, int j)
{
    return smem_pos_of((t % 32) * 4 + j, t / 32 + i * 8);
}

/* c0, c1 of the mma C fragment (m_idx, n_idx) of a warp of the 2 x 4 layout: row g = lane/4,
 * columns t, t+1 with t = 2(lane%4), in the block's 128 x 128 tile; c2, c3 sit 8 rows down. */
SWZ_FN struct smem_pos mma_c(int warp_id_m, int warp_id_n, int m_idx, int n_idx, int lane)
{
    return smem_pos_of(warp_id_m * 64 + m_idx * 16 + lane / 4, warp_id_n * 32 + n_idx * 8 + (lane % 4) * 2);
}

/* d[4j], d[4j+1] of a wgmma accumulator: warp w of the warpgroup holds rows 16w..16w+15 of its
 * 64-row slab, lane l rows 16w + l/4 and 8 below (d[4j+2], d[4j+3]), columns 8j + 2(l%4), +1. */
SWZ_FN struct smem_pos wgmma_d(int warp_in_wg, int j, int lane)
{
    return smem_pos_of(warp_in_wg * 16 + lane / 4, j * 8 + (lane % 4) * 2);
}

/* stmatrix.x4 of columns 16j..16j+15 of the same accumulator: four 8 x 8 matrices (rows +8 for
 * the odd ones, columns +8 for the upper two); lane l addresses row l%8 of matrix l/8. */
SWZ_FN struct smem_pos stmatrix_d(int warp_in_wg, int j, int lane)
{
    return smem_pos_of(warp_in_wg * 16 + lane % 8 + 8 * ((lane / 8) % 2), 16 * j + 8 * (lane / 16));
}

/* The same matrices stored transposed (stmatrix .trans, 16's swapped tiles, whose accumulator
 * rows are columns of C): matrix l/8 lands as 8 rows (its columns 16j + 8(l/16) ..) of 8
 * elements (its rows 16w + 8((l/8)%2) ..); lane l addresses row l%8 of it. Lanes 0-15 of block
 * j are also those of an .x2 of columns 16j..16j+7 alone (a width that is an odd multiple of 8). */
SWZ_FN struct smem_pos stmatrix_d_trans(int warp_in_wg, int j, int lane)
{
    return smem_pos_of(16 * j + 8 * (lane / 16) + lane % 8, warp_in_wg * 16 + 8 * ((lane / 8) % 2));
}

/* ---- Tile orders: which tile of C a block computes */

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

/* The persistent steps' order (12 on): work item w of a rows x cols grid in grouped rows, bands
 * of GRID_BAND rows, a band's rows of one column, then of the next column: grid_swizzle on the
 * transposed grid. */
SWZ_FN struct tile_coord grouped_rows(int w, int rows, int cols)
{
    struct tile_coord t = grid_swizzle(w, rows, cols), r;
    r.bx = t.by;
    r.by = t.bx;
    return r;
}

#endif
