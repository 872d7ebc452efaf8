// Step 07: step 06 with a double buffer ("dbf", as in step 04) and a coalesced write-back ("rw"):
// the C tile is staged in shared memory, reusing the operand buffers, and leaves in 16-byte
// stores that cover whole rows of C.
#include "launch.h"
#include "ptx.cuh"
#include "swizzle.h"

#define BM 128
#define BN 128
#define BK 32

// Both XOR the 16-byte chunk index (bits 3 and up of a half index) and never the low 3 bits,
// so each 8-half cp.async / ldmatrix row stays whole and 16-byte aligned.
#define SWIZZLE_A(row, col) swizzle_a_half(row, col)
#define SWIZZLE_B(row, col) swizzle_row8(row, col)
// Cs rows are 256 bytes like Bs rows: a warp's fragment stores (8 rows x 4 lanes) would all
// start in bank 0 (8-way); the same XOR gives the 8 rows 8 different chunks.
#define SWIZZLE_C(row, col) swizzle_row8(row, col)

// The operand tiles are dead once the last mma has read them, so the C tile reuses their
// 32 KB: 2 x (8 KB of A + 8 KB of B) = 128 x 128 halves.
template <typename T>
union __align__(128) SharedTiles {
    struct {
        T As[2][BM][BK];
        T Bs[2][BK][BN];
    } ops;
    T Cs[BM][BN];
};

// 256 threads = 8 warps as 2 (M) x 4 (N); each warp owns 64x32 of C = 4 x 4 mma tiles of 16x8.
// One template serves __half and __nv_bfloat16: only the mma type and the output packing differ.
template <typename T>
__global__ void __launch_bounds__(256, 2)
hgemm_bcf_dbf_rw(const T *__restrict__ A, const T *__restrict__ B, T *__restrict__ C, int M, int N, int K)
{
    __shared__ SharedTiles<T> smem;
    auto &As = smem.ops.As; // [2][128][32], rows of 64 bytes
    auto &Bs = smem.ops.Bs; // [2][32][128], rows of 256 bytes, [k][n] as in global memory

    const int tid = threadIdx.x, lane = tid % 32, warp_id = tid / 32;
    const int warp_id_m = warp_id / 4, warp_id_n = warp_id % 4;
    // Consecutive blocks walk a band of 8 tile columns down M, so the blocks resident at one
    // time share their A rows and B columns in L2.
    const struct tile_coord tile = grid_swizzle(blockIdx.y * gridDim.x + blockIdx.x, gridDim.x, gridDim.y);
    const int bx = tile.bx, by = tile.by;

    const T *A_tile = A + by * BM * K;
    const T *B_tile = B + bx * BN;

    float sum[4][4][4] = {};

    // Issues the copies of the K tile at k0 into buffer buf, as one commit group.
    auto load_tile = [&](int buf, int k0) {
        // A: 128 rows x 64 bytes, two 16-byte cp.async per thread.
#pragma unroll
        for (int i = 0; i < 2; i++) {
            const struct smem_pos a = row_copy(tid, i, 256, BK / 8, 8); // rows tid/4 and +64, 8 halves each
            cp_async_cg16(&As[buf][a.row][SWIZZLE_A(a.row, a.col)], A_tile + a.row * K + k0 + a.col);
        }
        // B: 32 rows x 256 bytes; 16 threads copy one whole k row.
#pragma unroll
        for (int i = 0; i < 2; i++) {
            const struct smem_pos b = row_copy(tid, i, 256, BN / 8, 8); // rows tid/16 and +16, 8 halves each
            cp_async_cg16(&Bs[buf][b.row][SWIZZLE_B(b.row, b.col)], B_tile + (k0 + b.row) * N + b.col);
        }
        cp_async_commit();
    };

    auto compute_tile = [&](int buf) {
#pragma unroll
        for (int k_offset = 0; k_offset < BK; k_offset += 16) {
            uint32_t a_frag[4][4], b_frag[4][2];
            // A and B: conflict-free ldmatrix, as in step 06.
#pragma unroll
            for (int m_idx = 0; m_idx < 4; m_idx++) {
                const struct smem_pos a = ldmatrix_a(warp_id_m, m_idx, k_offset, lane, 8);
                ldmatrix_x4(a_frag[m_idx], &As[buf][a.row][SWIZZLE_A(a.row, a.col)]);
            }
#pragma unroll
            for (int n_idx = 0; n_idx < 4; n_idx++) {
                const struct smem_pos b = ldmatrix_b_kn_trans(warp_id_n, n_idx, k_offset, lane);
                ldmatrix_x2_trans(b_frag[n_idx], &Bs[buf][b.row][SWIZZLE_B(b.row, b.col)]);
            }
#pragma unroll
            for (int m_idx = 0; m_idx < 4; m_idx++)
#pragma unroll
                for (int n_idx = 0; n_idx < 4; n_idx++)
                    mma_m16n8k16<T>(sum[m_idx][n_idx], a_frag[m_idx], b_frag[n_idx]);
        }
    };

    load_tile(0, 0);
    cp_async_wait_group<0>();
    __syncthreads();

    int buf = 0;
    for (int k0 = BK; k0 < K; k0 += BK) {
        load_tile(buf ^ 1, k0);   // lands in the buffer nobody reads this iteration...
        compute_tile(buf);        // ...while the tensor cores consume the other one
        cp_async_wait_group<0>(); // this thread's copies of the next tile have landed
        __syncthreads();          // everyone's have, and nobody still reads buf: swap
        buf ^= 1;
    }
    compute_tile(buf);
    __syncthreads(); // every warp is done with As and Bs: their memory becomes Cs

    // C fragment: c0,c1 at row g, columns t,t+1; c2,c3 at row g+8. Each pair is rounded to
    // nearest and parked in Cs at its swizzled column (pairs never straddle a chunk).
#pragma unroll
    for (int m_idx = 0; m_idx < 4; m_idx++)
#pragma unroll
        for (int n_idx = 0; n_idx < 4; n_idx++) {
            const struct smem_pos c = mma_c(warp_id_m, warp_id_n, m_idx, n_idx, lane);
            *reinterpret_cast<uint32_t *>(&smem.Cs[c.row][SWIZZLE_C(c.row, c.col)]) = pack2_rn<T>(sum[m_idx][n_idx][0], sum[m_idx][n_idx][1]);
            *reinterpret_cast<uint32_t *>(&smem.Cs[c.row + 8][SWIZZLE_C(c.row + 8, c.col)]) = pack2_rn<T>(sum[m_idx][n_idx][2], sum[m_idx][n_idx][3]);
        }
    __syncthreads(); // the whole tile is in Cs

    // 128 rows x 16 chunks of 16 bytes = 8 rounds of 256 threads. The 16 lanes of a half warp
    // copy one whole 256-byte row: full 128-byte lines to global memory, conflict-free reads.
#pragma unroll
    for (int i = 0; i < 8; i++) {
        const struct smem_pos c = row_copy(tid, i, 256, BN / 8, 8);
        *reinterpret_cast<uint4 *>(&C[(by * BM + c.row) * N + bx * BN + c.col]) =
            *reinterpret_cast<const uint4 *>(&smem.Cs[c.row][SWIZZLE_C(c.row, c.col)]);
    }
}

// One block per 128 x 128 tile of C.
GEMM_GRID(gemm_grid)
{
    (void)k;
    (void)opts;
    return {n / BN, m / BM, 1};
}

template <typename T>
static cudaError_t launch(const void *A, const void *B, void *C, int m, int n, int k, const struct launch_opts *opts,
                          cudaStream_t stream)
{
    const dim3 grid = grid_of(gemm_grid(m, n, k, opts));
    hgemm_bcf_dbf_rw<T><<<grid, 256, 0, stream>>>(static_cast<const T *>(A), static_cast<const T *>(B),
                                                  static_cast<T *>(C), m, n, k);
    return cudaGetLastError();
}

GEMM_LAUNCHER(launch_hgemm_bcf_dbf_rw_fp16)
{
    return launch<__half>(A, B, C, m, n, k, opts, stream);
}

GEMM_LAUNCHER(launch_hgemm_bcf_dbf_rw_bf16)
{
    return launch<__nv_bfloat16>(A, B, C, m, n, k, opts, stream);
}
