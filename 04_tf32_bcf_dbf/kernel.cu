// Step 04: step 03 with a double buffer ("dbf"): the cp.async copies of K tile i+1 run while
// the tensor cores work on tile i, and one barrier per tile remains instead of two.
// C[M][N] = A[M][K] * B[K][N], fp32 in and out, row-major.
#include "launch.h"
#include "ptx.cuh"
#include "swizzle.h"

#define BM 128
#define BN 128
#define BK 16

// Both permute whole 16-byte chunks (the low 2 bits of col are never touched), so every
// cp.async and ldmatrix address stays 16-byte aligned; common/kernel/swizzle.h says why each
// spreads the rows one instruction touches over distinct banks.
#define SWIZZLE_A(row, col) swizzle_a_tf32(row, col)
#define SWIZZLE_B_F2(row, col) swizzle_row8(row, col)

// 256 threads = 8 warps as 2 (M) x 4 (N); each warp owns 64x32 of C = 4 x 4 mma tiles of 16x8.
// The tensor core reads the raw fp32 bits as tf32 and drops the low 13 mantissa bits
// (truncation): the measured error stays inside the tf32 bound in common/harness/numeric.c.
__global__ void __launch_bounds__(256, 2)
sgemm_tf32_swizzle_bcf_dbf(const float *__restrict__ A, const float *__restrict__ B, float *__restrict__ C, int M, int N, int K)
{
    __shared__ __align__(128) float As[2][BM][BK]; // 2 x 8 KB
    __shared__ __align__(128) float Bs[2][BK][BN]; // B tiles as in global memory, [k][n]

    const int tid = threadIdx.x, lane = tid % 32, warp_id = tid / 32;
    const int warp_id_m = warp_id / 4, warp_id_n = warp_id % 4;
    // Consecutive blocks walk a band of 8 tile columns down M, so the blocks resident at one
    // time share their A rows and B columns in L2.
    const struct tile_coord tile = grid_swizzle(blockIdx.y * gridDim.x + blockIdx.x, gridDim.x, gridDim.y);
    const int bx = tile.bx, by = tile.by;

    const float *A_tile = A + by * BM * K;
    const float *B_tile = B + bx * BN;

    float sum[4][4][4] = {};

    // Issues the copies of the K tile at k0 into buffer buf, as one commit group.
    auto load_tile = [&](int buf, int k0) {
        // B goes out first: this loop waits on its slowest copy every tile, and B's whole 512-byte
        // rows are the slow ones.
        // B: 16 rows x 512 bytes; a warp copies one whole k row, no register round trip.
#pragma unroll
        for (int i = 0; i < 2; i++) {
            const struct smem_pos b = row_copy(tid, i, 256, BN / 4, 4); // rows tid/32 and +8, 4 floats each
            cp_async_cg16(&Bs[buf][b.row][SWIZZLE_B_F2(b.row, b.col)], B_tile + (k0 + b.row) * N + b.col);
            // No L2 prefetch of B now: these copies have a whole tile of mma to land in, and the
            // prefetch's extra requests cost more than the latency it would hide.
        }
        // A: 128 rows x 64 bytes; each thread copies two 16-byte pieces straight into As. A row
        // moves 64 bytes a tile, so the 256-byte L2 hint brings its next 3 tiles from DRAM too.
#pragma unroll
        for (int i = 0; i < 2; i++) {
            const struct smem_pos a = row_copy(tid, i, 256, BK / 4, 4); // rows tid/4 and +64, 4 floats each
            cp_async_cg16<256>(&As[buf][a.row][SWIZZLE_A(a.row, a.col)], A_tile + a.row * K + k0 + a.col);
        }
        cp_async_commit();
    };

    auto compute_tile = [&](int buf) {
#pragma unroll
        for (int k_offset = 0; k_offset < BK; k_offset += 8) {
            uint32_t a_frag[4][4], b_frag[4][2];
            // A: conflict-free ldmatrix.x4, as in step 03.
#pragma unroll
            for (int m_idx = 0; m_idx < 4; m_idx++) {
                const struct smem_pos a = ldmatrix_a(warp_id_m, m_idx, k_offset, lane, 4);
                ldmatrix_x4(a_frag[m_idx], &As[buf][a.row][SWIZZLE_A(a.row, a.col)]);
            }
            // B: b0 = B[k = lane%4][n = lane/4], b1 at k + 4, conflict-free 32-bit loads.
#pragma unroll
            for (int n_idx = 0; n_idx < 4; n_idx++) {
                const struct smem_pos b = frag_b_kn_tf32(warp_id_n, n_idx, k_offset, lane);
                b_frag[n_idx][0] = __float_as_uint(Bs[buf][b.row][SWIZZLE_B_F2(b.row, b.col)]);
                b_frag[n_idx][1] = __float_as_uint(Bs[buf][b.row + 4][SWIZZLE_B_F2(b.row + 4, b.col)]);
            }
#pragma unroll
            for (int m_idx = 0; m_idx < 4; m_idx++)
#pragma unroll
                for (int n_idx = 0; n_idx < 4; n_idx++)
                    mma_m16n8k8_tf32(sum[m_idx][n_idx], a_frag[m_idx], b_frag[n_idx]);
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

    // C fragment: c0,c1 at row g, columns t,t+1; c2,c3 at row g+8: two 8-byte stores per tile.
    const int g = lane / 4, t = (lane % 4) * 2;
#pragma unroll
    for (int m_idx = 0; m_idx < 4; m_idx++)
#pragma unroll
        for (int n_idx = 0; n_idx < 4; n_idx++) {
            int row = by * BM + warp_id_m * 64 + m_idx * 16 + g, col = bx * BN + warp_id_n * 32 + n_idx * 8 + t;
            *reinterpret_cast<float2 *>(&C[row * N + col]) = make_float2(sum[m_idx][n_idx][0], sum[m_idx][n_idx][1]);
            *reinterpret_cast<float2 *>(&C[(row + 8) * N + col]) = make_float2(sum[m_idx][n_idx][2], sum[m_idx][n_idx][3]);
        }
}

// One block per 128 x 128 tile of C.
GEMM_GRID(gemm_grid)
{
    (void)k;
    (void)opts;
    return {n / BN, m / BM, 1};
}

GEMM_LAUNCHER(launch_sgemm_tf32_swizzle_bcf_dbf)
{
    const dim3 grid = grid_of(gemm_grid(m, n, k, opts));
    sgemm_tf32_swizzle_bcf_dbf<<<grid, 256, 0, stream>>>(static_cast<const float *>(A), static_cast<const float *>(B),
                                                          static_cast<float *>(C), m, n, k);
    return cudaGetLastError();
}
