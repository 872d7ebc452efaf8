// What an event-timed launch costs beyond its blocks, by configuration, in bench.c's pattern:
// event, launch, event, 20 us clock probe; median of 300. Each kernel records its first block's
// entry and its last block's exit (%globaltimer), so that the event window splits into the time
// before the first block and the blocks' own. Then cuBLAS at three shapes in the same pattern.
// Build and run alone on an H200: nvcc -O2 -std=c++17 -arch=sm_90a -o /tmp/lo
// results/nvidia-h200/variants/launch-overhead.cu -lcublas && /tmp/lo
#include <cuda.h>
#include <cuda_runtime.h>
#include <cublas_v2.h>
#include <cuda_bf16.h>
#include <stdio.h>
#include <stdlib.h>
#include <algorithm>
#include <vector>

#define CK(x) do { cudaError_t err_ = (x); if (err_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(err_)); exit(1);} } while (0)

__device__ unsigned long long g_first, g_last, g_probe_end;

__device__ __forceinline__ unsigned long long gtime() { unsigned long long t; asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t)); return t; }

__global__ void probe(float *mhz)
{
    unsigned long long t0 = gtime(), t1;
    long long c0 = clock64();
    do t1 = gtime(); while (t1 - t0 < 20000);
    *mhz = (float)(clock64() - c0);
    g_probe_end = gtime();
    g_first = ~0ull; g_last = 0;
}

__device__ __forceinline__ void mark_in() { if (threadIdx.x == 0) atomicMin(&g_first, gtime()); }
__device__ __forceinline__ void mark_out() { __syncthreads(); if (threadIdx.x == 0) atomicMax(&g_last, gtime()); }

__global__ void k_plain() { mark_in(); mark_out(); }
__global__ void k_smem() { extern __shared__ char s[]; mark_in(); if (threadIdx.x == 999) s[0] = 1; mark_out(); }
__global__ void k_maps(const __grid_constant__ CUtensorMap a, const __grid_constant__ CUtensorMap b,
                       const __grid_constant__ CUtensorMap c, int m, int n, int k, long long x, void *p, void *q, void *r)
{
    extern __shared__ char s[];
    mark_in();
    if (threadIdx.x == 999) s[0] = m + n + k + (int)x + (p == q) + (q == r) + (int)(size_t)&a + (int)(size_t)&b + (int)(size_t)&c;
    mark_out();
}

struct Case { const char *name; int kind; int blocks; int threads; int smem; int cluster; };

static float *g_mhz;

// Two events per run, created after `warm` launches, each followed by a probe as in the timed runs.
template <typename F>
static std::vector<cudaEvent_t> events_after_warmup(int iters, int warm, F launch)
{
    std::vector<cudaEvent_t> ev(2 * iters);
    for (auto &e : ev) CK(cudaEventCreate(&e));
    for (int i = 0; i < warm; i++) { launch(); probe<<<1, 1>>>(g_mhz); }
    CK(cudaDeviceSynchronize());
    return ev;
}

// The microseconds between each run's two events.
static std::vector<double> event_windows(const std::vector<cudaEvent_t> &ev, int iters)
{
    std::vector<double> win(iters);
    for (int i = 0; i < iters; i++) { float ms; CK(cudaEventElapsedTime(&ms, ev[2 * i], ev[2 * i + 1])); win[i] = ms * 1e3; }
    return win;
}

template <typename F>
static void time_it(const char *name, F launch)
{
    const int iters = 300, warm = 20;
    std::vector<cudaEvent_t> ev = events_after_warmup(iters, warm, launch);
    std::vector<double> before(iters), body(iters), after(iters);
    for (int i = 0; i < iters; i++) {
        probe<<<1, 1>>>(g_mhz);
        CK(cudaEventRecord(ev[2 * i]));
        launch();
        CK(cudaEventRecord(ev[2 * i + 1]));
        { // this launch's marks, before the next probe clears them
            CK(cudaDeviceSynchronize());
            unsigned long long pe, f, l;
            CK(cudaMemcpyFromSymbol(&pe, g_probe_end, 8));
            CK(cudaMemcpyFromSymbol(&f, g_first, 8));
            CK(cudaMemcpyFromSymbol(&l, g_last, 8));
            before[i] = (double)(f - pe) * 1e-3; body[i] = (double)(l - f) * 1e-3;
        }
    }
    CK(cudaDeviceSynchronize());
    const std::vector<double> win = event_windows(ev, iters);
    auto med = [](std::vector<double> v) { std::sort(v.begin(), v.end()); return v[v.size() / 2]; };
    printf("%-44s event window %7.2f us | probe end->first block %6.2f us | blocks %6.2f us\n", name, med(win), med(before), med(body));
    for (auto &e : ev) CK(cudaEventDestroy(e));
}

// Same, but without the host sync between runs (as bench.c: the queue stays full).
template <typename F>
static void time_queued(const char *name, F launch)
{
    const int iters = 300, warm = 20;
    std::vector<cudaEvent_t> ev = events_after_warmup(iters, warm, launch);
    for (int i = 0; i < iters; i++) {
        CK(cudaEventRecord(ev[2 * i]));
        launch();
        CK(cudaEventRecord(ev[2 * i + 1]));
        probe<<<1, 1>>>(g_mhz);
    }
    CK(cudaDeviceSynchronize());
    std::vector<double> win = event_windows(ev, iters);
    std::sort(win.begin(), win.end());
    printf("%-44s queued event window %7.2f us (p10 %6.2f p90 %6.2f)\n", name, win[iters / 2], win[iters / 10], win[iters * 9 / 10]);
    for (auto &e : ev) CK(cudaEventDestroy(e));
}

template <typename K, typename... A>
static void launch_ex(K kernel, int blocks, int threads, int smem, int cluster, A... args)
{
    cudaLaunchAttribute at[1];
    at[0].id = cudaLaunchAttributeClusterDimension;
    at[0].val.clusterDim.x = cluster; at[0].val.clusterDim.y = 1; at[0].val.clusterDim.z = 1;
    cudaLaunchConfig_t c = {};
    c.gridDim = dim3(blocks); c.blockDim = dim3(threads); c.dynamicSmemBytes = smem; c.stream = 0;
    c.attrs = at; c.numAttrs = cluster > 1 ? 1 : 0;
    CK(cudaLaunchKernelEx(&c, kernel, args...));
}

int main()
{
    CK(cudaMalloc(&g_mhz, 4));
    const int big = 227 * 1024;
    CK(cudaFuncSetAttribute(k_smem, cudaFuncAttributeMaxDynamicSharedMemorySize, big));
    CK(cudaFuncSetAttribute(k_maps, cudaFuncAttributeMaxDynamicSharedMemorySize, big));
    CUtensorMap m; memset(&m, 0, sizeof m);
    void *p; CK(cudaMalloc(&p, 64 << 20)); CK(cudaMemset(p, 0, 64 << 20));
    auto plain1 = [&] { k_plain<<<1, 32>>>(); CK(cudaGetLastError()); };
    auto plain = [&] { k_plain<<<112, 384>>>(); CK(cudaGetLastError()); };
    auto smem100 = [&] { k_smem<<<112, 384, 100 * 1024>>>(); CK(cudaGetLastError()); };
    auto smem = [&] { k_smem<<<112, 384, big>>>(); CK(cudaGetLastError()); };
    auto smem_c2 = [&] { launch_ex(k_smem, 112, 384, big, 2); };
    auto maps = [&] { launch_ex(k_maps, 112, 384, big, 1, m, m, m, 1, 2, 3, 4LL, p, p, p); };
    auto maps_c2 = [&] { launch_ex(k_maps, 112, 384, big, 2, m, m, m, 1, 2, 3, 4LL, p, p, p); };
    time_it("plain <<<1,32>>>", plain1);
    time_it("plain <<<112,384>>>", plain);
    time_it("smem 100 KB <<<112,384>>>", smem100);
    time_it("smem 227 KB <<<112,384>>>", smem);
    time_it("smem 227 KB cluster 2", smem_c2);
    time_it("3 tensor maps + smem 227 KB", maps);
    time_it("3 tensor maps + smem 227 KB cluster 2", maps_c2);
    time_queued("plain <<<112,384>>>", plain);
    time_queued("smem 227 KB <<<112,384>>>", smem);
    time_queued("3 tensor maps + smem 227 KB cluster 2", maps_c2);
    // cuBLAS in the same pattern
    cublasHandle_t h; cublasCreate(&h);
    const int shapes[][3] = {{64, 64, 64}, {128, 7168, 2048}, {64, 7168, 2048}};
    for (auto &s : shapes) {
        int M = s[0], N = s[1], K = s[2];
        float one = 1, zero = 0;
        char name[64]; snprintf(name, sizeof name, "cublas bf16 %dx%dx%d", M, N, K);
        auto g = [&] { cublasStatus_t st = cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &one, p, CUDA_R_16BF, N, (char *)p + (16 << 20), CUDA_R_16BF, K, &zero, (char *)p + (40 << 20), CUDA_R_16BF, N, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT); if (st) { printf("cublas %d\n", st); exit(1);} };
        time_queued(name, g);
    }
    return 0;
}
