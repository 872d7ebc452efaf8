// The rate of back-to-back wgmma with both operands in shared memory, by N and by the number of
// warpgroups that share an SM: each block (one per SM) runs ITERS K tiles of four m64nNk16 each
// per warpgroup, one wgmma group a K tile and one group in flight, as 16's K loop does, on
// whatever its zeroed shared memory holds (no copies). With RING, a producer warpgroup's thread 0
// also hands the consumers 8 slots in turn through full and empty mbarriers, as 16's producer
// does, but arrives instead of copying; LAG 2 keeps two groups in flight (the slot two back is
// released), LAG 0 puts two K tiles in one group (one group in flight, two slots released).
// Prints multiply-adds per clock per SM, the median over the consumer warpgroups; the tensor
// cores' dense bf16 peak is 2048 (4 x 512).
// Build and run alone on an H200, from the repository root:
// nvcc -O3 -std=c++17 -gencode arch=compute_90a,code=sm_90a -Icommon/kernel -o /tmp/wr
// results/nvidia-h200/variants/wgmma-rate.cu && /tmp/wr
#include <cuda_bf16.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <algorithm>
#include <vector>
#include "ptx.cuh"

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(1); } } while (0)
constexpr int ITERS = 4096, A_BYTES = 64 * 64 * 2, BOX = 64 * 64 * 2;

template <int N> struct acc_of { float v[N / 2]; };

template <int N>
__device__ __forceinline__ void mma(float (&d)[N / 2], uint64_t a, uint64_t b, int acc)
{
    if constexpr (N == 64)
        wgmma_m64n64k16<__nv_bfloat16>(d, a, b, acc);
    else if constexpr (N == 128)
        wgmma_m64n128k16<__nv_bfloat16>(d, a, b, acc);
    else
        wgmma_m64n256k16<__nv_bfloat16>(d, a, b, acc);
}

constexpr int SLOTS = 8;

template <int N, int WGS, bool RING, int LAG>
__global__ void __launch_bounds__(128 * (WGS + RING), 1) rate(long long *cycles, float *sink)
{
    extern __shared__ unsigned char smem_raw[];
    __shared__ uint64_t full[SLOTS], empty[SLOTS];
    const uint32_t base = (smem_addr(smem_raw) + 1023) & ~1023u;
    for (int i = threadIdx.x; i < (WGS * A_BYTES + N / 64 * BOX) / 4; i += blockDim.x)
        reinterpret_cast<float *>(smem_raw + (base - smem_addr(smem_raw)))[i] = 0.0f;
    fence_proxy_async_shared();
    if (threadIdx.x == 0) {
        for (int s = 0; s < SLOTS; s++) {
            mbarrier_init(smem_addr(&full[s]), 1);
            mbarrier_init(smem_addr(&empty[s]), 4 * WGS);
        }
        fence_mbarrier_init();
    }
    __syncthreads();
    if (RING && threadIdx.x < 128) { // the producer: slot kt % SLOTS once every consumer warp let go of it
        if (threadIdx.x == 0)
            for (int kt = 0; kt < ITERS; kt++) {
                mbarrier_wait_parity(smem_addr(&empty[kt % SLOTS]), ((kt / SLOTS) & 1) ^ 1);
                mbarrier_arrive(smem_addr(&full[kt % SLOTS]));
            }
        return;
    }
    const int wg = threadIdx.x / 128 - RING;
    const uint32_t a = base + wg * A_BYTES, b = base + WGS * A_BYTES;
    float d[N / 2];
    const long long t0 = clock64();
    constexpr int PER_GROUP = LAG == 0 ? 2 : 1;
    for (int kt = 0; kt < ITERS; kt += PER_GROUP) {
        if (RING)
            for (int j = 0; j < PER_GROUP; j++)
                mbarrier_wait_parity(smem_addr(&full[(kt + j) % SLOTS]), ((kt + j) / SLOTS) & 1);
        wgmma_fence();
#pragma unroll
        for (int j = 0; j < PER_GROUP; j++)
#pragma unroll
            for (int ks = 0; ks < 4; ks++)
                mma<N>(d, wgmma_desc_sw128(a + ks * 32, 16, 1024), wgmma_desc_sw128(b + ks * 16 * 128, BOX, 1024),
                       kt > 0 || j > 0 || ks > 0);
        wgmma_commit_group();
        wgmma_wait_group<LAG == 2 ? 2 : 1>();
        const int done = kt - (LAG == 2 ? 2 : PER_GROUP); // the first K tile of the group that retired
        if (RING && done >= 0 && threadIdx.x % 32 == 0)
            for (int j = 0; j < PER_GROUP; j++)
                mbarrier_arrive(smem_addr(&empty[(done + j) % SLOTS]));
    }
    wgmma_wait_group<0>();
    const long long t1 = clock64();
    if (threadIdx.x % 128 == 0)
        cycles[blockIdx.x * WGS + wg] = t1 - t0;
    float s = 0.0f;
#pragma unroll
    for (int i = 0; i < N / 2; i++)
        s += d[i];
    if (s == 1.2345f)
        *sink = s;
}

template <int N, int WGS, bool RING = false, int LAG = 1>
static void run(int sms)
{
    const int smem = WGS * A_BYTES + N / 64 * BOX + 1024;
    CK(cudaFuncSetAttribute(rate<N, WGS, RING, LAG>, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
    long long *cycles;
    float *sink;
    CK(cudaMalloc(&cycles, sizeof(long long) * sms * WGS));
    CK(cudaMalloc(&sink, sizeof(float)));
    std::vector<long long> h(sms * WGS);
    for (int rep = 0; rep < 3; rep++) { // the last one counts: the clock has risen by then
        rate<N, WGS, RING, LAG><<<sms, 128 * (WGS + RING), smem>>>(cycles, sink);
        CK(cudaGetLastError());
        CK(cudaDeviceSynchronize());
    }
    CK(cudaMemcpy(h.data(), cycles, sizeof(long long) * h.size(), cudaMemcpyDeviceToHost));
    std::sort(h.begin(), h.end());
    const double fma = (double)WGS * 64 * N * 64 * ITERS, med = (double)h[h.size() / 2];
    printf("m64n%dk16, %d warpgroup(s) a block%s%s: %.0f clocks a K tile, %.0f multiply-adds a clock per SM (%.0f%% of 2048)\n",
           N, WGS, RING ? ", fed through a ring" : "", LAG == 2 ? ", two groups in flight" : LAG == 0 ? ", two K tiles a group" : "",
           med / ITERS, fma / med, 100.0 * fma / med / 2048.0);
    CK(cudaFree(cycles));
    CK(cudaFree(sink));
}

int main()
{
    int sms;
    CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    run<64, 1>(sms);
    run<64, 2>(sms);
    run<128, 1>(sms);
    run<128, 2>(sms);
    run<256, 1>(sms);
    run<256, 2>(sms);
    run<64, 2, true>(sms);
    run<128, 2, true>(sms);
    run<256, 2, true>(sms);
    run<64, 2, true, 2>(sms);
    run<64, 2, true, 0>(sms);
    run<64, 2, false, 2>(sms);
    run<64, 2, false, 0>(sms);
    return 0;
}
