// Step 05: half-precision GEMM on mma.sync m16n8k16: fp16 or bf16 in and out, fp32 accumulation.
// C[M][N] = A[M][K] * B[K][N], row-major. Plain shared layout: the baseline of the HGEMM ladder.
#include "launch.h"
#include "ptx.cuh"
#include "swizzle.h"

#define BM 128
#define BN 128
#define BK 32

// 256 threads = 8 warps as 2 (M) x 4 (N); each warp owns 64x32 of C = 4 x 4 mma tiles of 16x8.
// One template serves __half and __nv_bfloat16: only the mma type and the output packing differ.
template <typename T>
__global__ void __launch_bounds__(256, 2)
hgemm_naive(const T *__restrict__ A, const T *__restrict__ B, T *__restrict__ C, int M, int N, int K)
{
    __shared__ __align__(128) T As[BM][BK]; // 8 KB, rows of 64 bytes
    __shared__ __align__(128) T Bs[BK][BN]; // 8 KB, rows of 256 bytes, [k][n] as in global memory

    const int tid = threadIdx.x, lane = tid % 32, warp_id = tid / 32;
    const int warp_id_m = warp_id / 4, warp_id_n = warp_id % 4;
    // Consecutive blocks walk a band of 8 tile columns down M, so the blocks resident at one
    // time share their A rows and B columns in L2.
    const struct tile_coord tile = grid_swizzle(blockIdx.y * gridDim.x + blockIdx.x, gridDim.x, gridDim.y);
    const int bx = tile.bx, by = tile.by;

    const T *A_tile = A + by * BM * K;
    const T *B_tile = B + bx * BN;

    float sum[4][4][4] = {};

    for (int k0 = 0; k0 < K; k0 += BK) {
        // A: 128 rows x 64 bytes, two 16-byte cp.async per thread.
#pragma unroll
        for (int i = 0; i < 2; i++) {
            const struct smem_pos a = row_copy(tid, i, 256, BK / 8, 8); // rows tid/4 and +64, 8 halves each
            cp_async_cg16(&As[a.row][a.col], A_tile + a.row * K + k0 + a.col);
        }
        // B: 32 rows x 256 bytes; 16 threads copy one whole k row.
#pragma unroll
        for (int i = 0; i < 2; i++) {
            const struct smem_pos b = row_copy(tid, i, 256, BN / 8, 8); // rows tid/16 and +16, 8 halves each
            cp_async_cg16(&Bs[b.row][b.col], B_tile + (k0 + b.row) * N + b.col);
        }
        cp_async_commit();

        cp_async_wait_group<0>(); // this thread's copies have landed...
        __syncthreads();          // ...and everyone's

#pragma unroll
        for (int k_offset = 0; k_offset < BK; k_offset += 16) {
            uint32_t a_frag[4][4], b_frag[4][2];
            // A: lanes 0-15 give rows 0-15 at k 0-7, lanes 16-31 the same rows at k 8-15:
            // a0..a3 of the fragment. Rows are 64 bytes, so the 8 rows of a phase share 2 bank
            // groups: 4-way conflict.
#pragma unroll
            for (int m_idx = 0; m_idx < 4; m_idx++) {
                const struct smem_pos a = ldmatrix_a(warp_id_m, m_idx, k_offset, lane, 8);
                ldmatrix_x4(a_frag[m_idx], &As[a.row][a.col]);
            }
            // B: lanes 0-15 give k rows 0-15, 8 n each; .trans hands lane i the k pair
            // (2(i%4), +1) of column n = i/4, which is b0 (k 0-7) and b1 (k 8-15). Rows are
            // 256 bytes, so all 8 rows of a phase start in bank 0: 8-way conflict.
#pragma unroll
            for (int n_idx = 0; n_idx < 4; n_idx++) {
                const struct smem_pos b = ldmatrix_b_kn_trans(warp_id_n, n_idx, k_offset, lane);
                ldmatrix_x2_trans(b_frag[n_idx], &Bs[b.row][b.col]);
            }
#pragma unroll
            for (int m_idx = 0; m_idx < 4; m_idx++)
#pragma unroll
                for (int n_idx = 0; n_idx < 4; n_idx++)
                    mma_m16n8k16<T>(sum[m_idx][n_idx], a_frag[m_idx], b_frag[n_idx]);
        }
        __syncthreads(); // the next iteration overwrites As and Bs
    }

    // C fragment: c0,c1 at row g, columns t,t+1; c2,c3 at row g+8. Each pair is rounded to
    // nearest into one 4-byte store.
    const int g = lane / 4, t = (lane % 4) * 2;
#pragma unroll
    for (int m_idx = 0; m_idx < 4; m_idx++)
#pragma unroll
        for (int n_idx = 0; n_idx < 4; n_idx++) {
            int row = by * BM + warp_id_m * 64 + m_idx * 16 + g, col = bx * BN + warp_id_n * 32 + n_idx * 8 + t;
            *reinterpret_cast<uint32_t *>(&C[row * N + col]) = pack2_rn<T>(sum[m_idx][n_idx][0], sum[m_idx][n_idx][1]);
            *reinterpret_cast<uint32_t *>(&C[(row + 8) * N + col]) = pack2_rn<T>(sum[m_idx][n_idx][2], sum[m_idx][n_idx][3]);
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
    hgemm_naive<T><<<grid, 256, 0, stream>>>(static_cast<const T *>(A), static_cast<const T *>(B),
                                             static_cast<T *>(C), m, n, k);
    return cudaGetLastError();
}

GEMM_LAUNCHER(launch_hgemm_naive_fp16)
{
    return launch<__half>(A, B, C, m, n, k, opts, stream);
}

GEMM_LAUNCHER(launch_hgemm_naive_bf16)
{
    return launch<__nv_bfloat16>(A, B, C, m, n, k, opts, stream);
}
