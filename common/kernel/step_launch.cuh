// The host side of the launchers of steps 09 on, in one place, so that from step to step only
// the kernel changes: launch_kernel (configured once, then launched, in clusters when asked, on a
// persistent grid when asked) and STAGED_LAUNCHERS (the fp16/bf16 launchers and the ring size
// export that main.c declares, one kernel instance per --stages value).
#ifndef STEP_LAUNCH_CUH
#define STEP_LAUNCH_CUH

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include "launch.h"

// How a kernel instance is launched.
struct kernel_config {
    int threads;    // per block
    int smem_bytes; // dynamic shared memory per block
    int cluster;    // blocks per cluster, along x; 1: no cluster
    bool sm90a;     // its body is built for sm_90a alone (wgmma): refuse a binary without that image
    // A persistent grid: the units of work (tiles, pairs of tiles) its blocks or clusters share;
    // 0: the grid is gemm_grid's, one block per tile.
    long long work;
};

// Blocks (clusters) of a persistent grid: no more than fit on the GPU at once, and no more than
// the rounds of work need: `work` units on `resident` take ceil(work / resident) rounds, and so
// many rounds need only ceil(work / rounds) units of launch, all of which then work every round
// (256 units take 4 rounds on 66 as on 64: launch 64, and none idles through the last round).
inline long long persistent_units(long long work, long long resident)
{
    long long rounds = (work + resident - 1) / resident;
    return (work + rounds - 1) / rounds;
}

// The launch configuration of a kernel instance: its block, its shared memory, its cluster.
inline cudaLaunchConfig_t launch_config(const struct kernel_config &c, cudaStream_t stream,
                                        cudaLaunchAttribute *cluster)
{
    cluster->id = cudaLaunchAttributeClusterDimension;
    cluster->val.clusterDim.x = c.cluster;
    cluster->val.clusterDim.y = 1;
    cluster->val.clusterDim.z = 1;
    cudaLaunchConfig_t config = {};
    config.blockDim = dim3(c.threads);
    config.dynamicSmemBytes = c.smem_bytes;
    config.stream = stream;
    config.attrs = cluster;
    config.numAttrs = c.cluster > 1 ? 1 : 0;
    return config;
}

// Once per kernel instance, outside the timed launches: the sm_90a image check, the dynamic
// shared-memory limit, and how many blocks (clusters, for a cluster launch) fit on the GPU at
// once, in *resident. Clusters need all their SMs in one GPC, so fewer than sm_count / cluster
// of them may fit.
template <auto kernel>
cudaError_t configure_kernel(const struct kernel_config &c, const struct launch_opts *opts, int *resident)
{
    static int fit = 0; // per instance; 0 until configured
    if (fit > 0) {
        *resident = fit;
        return cudaSuccess;
    }
    cudaError_t err = cudaSuccess;
    if (c.sm90a) { // a build without sm_90 among its targets holds only the kernel's empty stub
        cudaFuncAttributes attr;
        err = cudaFuncGetAttributes(&attr, kernel);
        if (err == cudaSuccess && attr.ptxVersion != 90)
            err = cudaErrorNoKernelImageForDevice;
    }
    if (err == cudaSuccess)
        err = cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, c.smem_bytes);
    int n = 0;
    if (err == cudaSuccess && c.cluster > 1) {
        cudaLaunchAttribute cluster;
        cudaLaunchConfig_t config = launch_config(c, 0, &cluster);
        config.gridDim = dim3(opts->sm_count / c.cluster * c.cluster);
        err = cudaOccupancyMaxActiveClusters(&n, kernel, &config);
    } else if (err == cudaSuccess) {
        err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, kernel, c.threads, c.smem_bytes);
        n *= opts->sm_count;
    }
    if (err == cudaSuccess && n < 1)
        err = cudaErrorInvalidConfiguration;
    if (err != cudaSuccess)
        return err;
    *resident = fit = n;
    return cudaSuccess;
}

// Configured once (above), then launched, in clusters when asked; a persistent grid (c.work > 0)
// is sized here from what fits, any other is the caller's.
template <auto kernel, typename... Args>
cudaError_t launch_kernel(const struct kernel_config &c, struct grid_dims grid, const struct launch_opts *opts,
                          cudaStream_t stream, Args... args)
{
    int resident;
    cudaError_t err = configure_kernel<kernel>(c, opts, &resident);
    if (err != cudaSuccess)
        return err;
    if (c.work > 0)
        grid = {c.cluster * persistent_units(c.work, resident), 1, 1};
    cudaLaunchAttribute cluster;
    cudaLaunchConfig_t config = launch_config(c, stream, &cluster);
    config.gridDim = grid_of(grid);
    return cudaLaunchKernelEx(&config, kernel, args...);
}

// The launchers main.c declares for a step with a --stages option: launch_fp16 and launch_bf16
// call the step's launch_stages<T, STAGES>(A, B, C, m, n, k, dtype, opts, stream) for the
// --stages value, one instance per depth from MIN to MAX (the range main.c declares), and
// ring_smem_bytes(stages) is the step's smem_bytes, for main.c's checks.
#define STAGED_LAUNCHERS(MIN, MAX)                                                                              \
    template <typename T, int STAGES>                                                                           \
    static cudaError_t launch_by_stages(int stages, const void *A, const void *B, void *C, int m, int n, int k, \
                                        enum dtype t, const struct launch_opts *opts, cudaStream_t stream)      \
    {                                                                                                           \
        if constexpr (STAGES > MAX)                                                                             \
            return cudaErrorInvalidValue;                                                                       \
        else if (stages == STAGES)                                                                              \
            return launch_stages<T, STAGES>(A, B, C, m, n, k, t, opts, stream);                                 \
        else                                                                                                    \
            return launch_by_stages<T, STAGES + 1>(stages, A, B, C, m, n, k, t, opts, stream);                  \
    }                                                                                                           \
    GEMM_LAUNCHER(launch_fp16)                                                                                  \
    {                                                                                                           \
        return launch_by_stages<__half, MIN>(launch_option(opts, "stages"), A, B, C, m, n, k, DTYPE_FP16, opts, \
                                             stream);                                                           \
    }                                                                                                           \
    GEMM_LAUNCHER(launch_bf16)                                                                                  \
    {                                                                                                           \
        return launch_by_stages<__nv_bfloat16, MIN>(launch_option(opts, "stages"), A, B, C, m, n, k, DTYPE_BF16, \
                                                    opts, stream);                                              \
    }                                                                                                           \
    LAUNCH_EXTERN_C int ring_smem_bytes(int stages) { return smem_bytes(stages); }

#endif
