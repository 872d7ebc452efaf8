// Step 09: step 07 fed by the Tensor Memory Accelerator (TMA, sm_90 and newer). One thread
// issues a bulk tensor copy per tile and operand; the copies land in a STAGES-deep ring of
// shared memory, 128-byte swizzled, and complete on one mbarrier per slot. BK grows to 64, and
// the fragments of the next k-step load while this one's mma run.
#include "launch.h"
#include "ptx.cuh"
#include "step_launch.cuh"
#include "swizzle.h"
#include "tma.h"

#define BM 128
#define BN 128
#define BK 64 // one 128-byte row of A per tile: the widest box the 128-byte swizzle takes

// TMA writes every tile through the 128-byte swizzle (chunk c of row r at chunk c ^ (r % 8)), as
// boxes of 64 columns; ldmatrix must read through the same permutation: tma_box_offset finds an
// element's box, 128-byte row and swizzled chunk. The XOR touches the chunk index only, so each
// 8-half ldmatrix row stays whole and 16-byte aligned.
// The C tile is staged as in step 07.
#define SWIZZLE_C(row, col) swizzle_row8(row, col)

// One stage of the ring: A 128 x 64 (16 KB), then B 64 x 128 as two 64 x 64 boxes, its left and
// right 64 columns (8 KB each): the 128-byte swizzle takes boxes of at most 128-byte rows.
constexpr uint32_t A_BYTES = BM * BK * 2, B_HALF_BYTES = BK * 64 * 2, STAGE_BYTES = A_BYTES + 2 * B_HALF_BYTES;
static_assert(STAGE_BYTES % 1024 == 0, "each tile must start on a 1024-byte swizzle atom");

// 256 threads = 8 warps as 2 (M) x 4 (N); each warp owns 64x32 of C = 4 x 4 mma tiles of 16x8.
// One template serves __half and __nv_bfloat16: only the mma type and the output packing differ.
// Two blocks per SM, as in step 07: the register cap (128) holds both fragment buffers without
// spilling, and a 3-stage ring (97 KB) leaves room for a second block's.
template <typename T, int STAGES>
__global__ void __launch_bounds__(256, 2)
hgemm_tma_stages(const __grid_constant__ CUtensorMap tmap_A, const __grid_constant__ CUtensorMap tmap_B,
                 T *__restrict__ C, int M, int N, int K)
{
#if __CUDA_ARCH__ >= 900 // older targets compile an empty kernel: the harness never launches it there
    // The ring, rounded up to a 1024-byte boundary (the swizzle atom), then the C staging tile
    // reuses its first 32 KB once the last tile is consumed.
    extern __shared__ unsigned char smem_raw[];
    __shared__ uint64_t full[STAGES]; // slot s holds its tile once this phase completes
    const uint32_t ring = (smem_addr(smem_raw) + 1023) & ~1023u;
    T (*Cs)[BN] = reinterpret_cast<T (*)[BN]>(smem_raw + (ring - smem_addr(smem_raw)));

    const int tid = threadIdx.x, lane = tid % 32, warp_id = tid / 32;
    const int warp_id_m = warp_id / 4, warp_id_n = warp_id % 4;
    // Consecutive blocks walk a band of 8 tile columns down M, so the blocks resident at one
    // time share their A rows and B columns in L2.
    const struct tile_coord tile = grid_swizzle(blockIdx.y * gridDim.x + blockIdx.x, gridDim.x, gridDim.y);
    const int bx = tile.bx, by = tile.by;
    const int num_k_tiles = (K + BK - 1) / BK; // TMA zero-fills the K tail of the last tile

    if (tid == 0) {
        for (int s = 0; s < STAGES; s++)
            mbarrier_init(smem_addr(&full[s]), 1); // one arrival (thread 0's expect_tx) + the bytes
        fence_mbarrier_init();
    }
    __syncthreads();

    // Thread 0 alone: the three copies of K tile kt into slot s, 32 KB expected on its barrier.
    auto load_tile = [&](int s, int kt) {
        const uint32_t slot = ring + s * STAGE_BYTES, bar = smem_addr(&full[s]);
        mbarrier_arrive_expect_tx(bar, STAGE_BYTES);
        tma_load_2d(slot, &tmap_A, kt * BK, by * BM, bar);
        tma_load_2d(slot + A_BYTES, &tmap_B, bx * BN, kt * BK, bar);
        tma_load_2d(slot + A_BYTES + B_HALF_BYTES, &tmap_B, bx * BN + 64, kt * BK, bar);
    };

    float sum[4][4][4] = {};

    // Fragments of k-step ks (16 of the tile's 64) of slot s. A: lanes 0-15 rows 0-15 at k 0-7,
    // lanes 16-31 the same rows at k 8-15; row r's swizzle is r % 8 = lane % 8, so the 8 lanes of
    // a phase read 8 different chunks. B: ldmatrix.x2.trans on [k][n] rows, k = lane % 16, in
    // the left or right box by n; again k % 8 = lane % 8.
    auto load_frags = [&](uint32_t (&a)[4][4], uint32_t (&b)[4][2], uint32_t slot, int ks) {
#pragma unroll
        for (int m_idx = 0; m_idx < 4; m_idx++) {
            const struct smem_pos p = ldmatrix_a(warp_id_m, m_idx, ks * 16, lane, 8);
            ldmatrix_x4(a[m_idx], slot + tma_box_offset(p.row, p.col, BM)); // one box of 128 rows
        }
#pragma unroll
        for (int n_idx = 0; n_idx < 4; n_idx++) {
            const struct smem_pos p = ldmatrix_b_kn_trans(warp_id_n, n_idx, ks * 16, lane);
            ldmatrix_x2_trans(b[n_idx], slot + A_BYTES + tma_box_offset(p.row, p.col, BK)); // two boxes of 64 k rows
        }
    };

    // Prologue: STAGES-1 tiles in flight.
    if (tid == 0)
        for (int s = 0; s < STAGES - 1 && s < num_k_tiles; s++)
            load_tile(s, s);

    for (int kt = 0; kt < num_k_tiles; kt++) {
        const int s = kt % STAGES;
        // Refill the slot everyone left at the last barrier with the tile STAGES-1 ahead: its
        // copy flies while this tile is computed.
        if (tid == 0 && kt + STAGES - 1 < num_k_tiles)
            load_tile((kt + STAGES - 1) % STAGES, kt + STAGES - 1);
        // Tile kt is the (kt / STAGES)-th use of slot s: wait for that phase's parity.
        mbarrier_wait_parity(smem_addr(&full[s]), (kt / STAGES) & 1);

        const uint32_t slot = ring + s * STAGE_BYTES;
        uint32_t a_frag[2][4][4], b_frag[2][4][2];
        load_frags(a_frag[0], b_frag[0], slot, 0);
#pragma unroll
        for (int ks = 0; ks < BK / 16; ks++) {
            if (ks + 1 < BK / 16) // the next k-step's fragments load while these 16 mma issue
                load_frags(a_frag[(ks + 1) % 2], b_frag[(ks + 1) % 2], slot, ks + 1);
#pragma unroll
            for (int m_idx = 0; m_idx < 4; m_idx++)
#pragma unroll
                for (int n_idx = 0; n_idx < 4; n_idx++)
                    mma_m16n8k16<T>(sum[m_idx][n_idx], a_frag[ks % 2][m_idx], b_frag[ks % 2][n_idx]);
        }
        __syncthreads(); // nobody reads slot s any more: the next iteration may refill it
    }
    // Every copy issued was waited on, and the last barrier saw every warp done: the ring's
    // memory becomes Cs.

    // C fragment: c0,c1 at row g, columns t,t+1; c2,c3 at row g+8. Each pair is rounded to
    // nearest and parked in Cs at its swizzled column (pairs never straddle a chunk).
#pragma unroll
    for (int m_idx = 0; m_idx < 4; m_idx++)
#pragma unroll
        for (int n_idx = 0; n_idx < 4; n_idx++) {
            const struct smem_pos c = mma_c(warp_id_m, warp_id_n, m_idx, n_idx, lane);
            *reinterpret_cast<uint32_t *>(&Cs[c.row][SWIZZLE_C(c.row, c.col)]) = pack2_rn<T>(sum[m_idx][n_idx][0], sum[m_idx][n_idx][1]);
            *reinterpret_cast<uint32_t *>(&Cs[c.row + 8][SWIZZLE_C(c.row + 8, c.col)]) = pack2_rn<T>(sum[m_idx][n_idx][2], sum[m_idx][n_idx][3]);
        }
    __syncthreads(); // the whole tile is in Cs

    // 128 rows x 16 chunks of 16 bytes = 8 rounds of 256 threads. The 16 lanes of a half warp
    // copy one whole 256-byte row: full 128-byte lines to global memory, conflict-free reads.
    // N is a multiple of 8, so a chunk lies wholly inside C or wholly past its edge.
#pragma unroll
    for (int i = 0; i < 8; i++) {
        const struct smem_pos c = row_copy(tid, i, 256, BN / 8, 8);
        int c_row = by * BM + c.row, c_col = bx * BN + c.col;
        if (c_row < M && c_col < N)
            *reinterpret_cast<uint4 *>(&C[c_row * N + c_col]) =
                *reinterpret_cast<const uint4 *>(&Cs[c.row][SWIZZLE_C(c.row, c.col)]);
    }
#endif
}

// One block per 128 x 128 tile of C; the edge tiles are partial.
GEMM_GRID(gemm_grid)
{
    (void)k;
    (void)opts;
    return {(n + BN - 1) / BN, (m + BM - 1) / BM, 1};
}

// The ring and the 1024 bytes its alignment may need.
static int smem_bytes(int stages) { return stages * STAGE_BYTES + 1024; }

template <typename T, int STAGES>
static cudaError_t launch_stages(const void *A, const void *B, void *C, int m, int n, int k, enum dtype t,
                                 const struct launch_opts *opts, cudaStream_t stream)
{
    // 256 threads, the ring's shared memory, no cluster, any sm_90 or newer, one block per tile
    const struct kernel_config config = {256, smem_bytes(STAGES), 1, false, 0};
    const struct gemm_tensor_maps maps = gemm_tensor_maps(A, B, C, t, m, n, k, BM, 0);
    return launch_kernel<hgemm_tma_stages<T, STAGES>>(
        config, gemm_grid(m, n, k, opts), opts, stream, *maps.A, *maps.B, static_cast<T *>(C), m, n, k);
}

STAGED_LAUNCHERS(2, 4)
