#include "gpu.h"

#include "harness.h"

#include <stdio.h>
#include <stdlib.h>

void cuda_check(cudaError_t err, const char *call, const char *file, int line)
{
    if (err == cudaSuccess)
        return;
    fprintf(stderr, "error: %s failed at %s:%d: %s (%s)\n", call, file, line, cudaGetErrorString(err),
            cudaGetErrorName(err));
    if (err == cudaErrorNoKernelImageForDevice) {
        fprintf(stderr, "       this binary has no code for this GPU: rebuild with ARCH=<its compute capability>\n");
        exit(EXIT_CANNOT_RUN);
    }
    if (err == cudaErrorMemoryAllocation)
        exit(EXIT_CANNOT_RUN);
    exit(EXIT_CUDA_ERROR);
}

void cublas_check(cublasStatus_t st, const char *call, const char *file, int line)
{
    if (st == CUBLAS_STATUS_SUCCESS)
        return;
    fprintf(stderr, "error: %s failed at %s:%d: %s\n", call, file, line, cublasGetStatusString(st));
    exit(EXIT_CUDA_ERROR);
}

void select_device(int device, struct gpu_info *info)
{
    int count = 0;
    cudaError_t err = cudaGetDeviceCount(&count);
    if (err != cudaSuccess || count == 0) {
        fprintf(stderr, "cannot run: no CUDA GPU visible (%s)\n",
                err != cudaSuccess ? cudaGetErrorString(err) : "0 devices");
        exit(EXIT_CANNOT_RUN);
    }
    if (device >= count) {
        fprintf(stderr, "error: --device %d: only %d GPU(s) visible\n", device, count);
        exit(EXIT_BAD_ARGUMENT);
    }
    struct cudaDeviceProp prop;
    CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
    if (prop.major < 8) {
        fprintf(stderr, "cannot run: %s is sm_%d%d; cp.async, ldmatrix and tf32/bf16 mma need sm_80 or newer\n",
                prop.name, prop.major, prop.minor);
        exit(EXIT_CANNOT_RUN);
    }
    CUDA_CHECK(cudaSetDevice(device));
    int clock_khz = 0;
    CUDA_CHECK(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, device));
    snprintf(info->name, sizeof info->name, "%s", prop.name);
    info->sm_major = prop.major;
    info->sm_minor = prop.minor;
    info->sm_count = prop.multiProcessorCount;
    info->clock_mhz = clock_khz / 1000;
    info->l2_bytes = (size_t)prop.l2CacheSize;
    CUDA_CHECK(cudaDriverGetVersion(&info->driver_version));
    CUDA_CHECK(cudaRuntimeGetVersion(&info->runtime_version));
    info->cublas_version = 0;
    cublasHandle_t handle;
    CUBLAS_CHECK(cublasCreate(&handle));
    CUBLAS_CHECK(cublasGetVersion(handle, &info->cublas_version));
    CUBLAS_CHECK(cublasDestroy(handle));
}

void print_gpu_header(const struct gpu_info *g)
{
    printf("GPU %s | sm_%d%d | %d SMs | %d MHz max | driver CUDA %d.%d | runtime %d.%d | cuBLAS %d.%d.%d\n",
           g->name, g->sm_major, g->sm_minor, g->sm_count, g->clock_mhz, g->driver_version / 1000,
           g->driver_version % 1000 / 10, g->runtime_version / 1000, g->runtime_version % 1000 / 10,
           g->cublas_version / 10000, g->cublas_version % 10000 / 100, g->cublas_version % 100);
}

void require_device_memory(size_t bytes)
{
    size_t free_bytes = 0, total_bytes = 0;
    CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
    if (bytes > free_bytes) {
        fprintf(stderr, "cannot run: this shape needs %.2f GiB of device memory, %.2f GiB are free\n",
                bytes / 1073741824.0, free_bytes / 1073741824.0);
        exit(EXIT_CANNOT_RUN);
    }
}

void *device_alloc(size_t bytes)
{
    void *p = NULL;
    CUDA_CHECK(cudaMalloc(&p, bytes));
    return p;
}

void *host_alloc(size_t bytes)
{
    void *p = malloc(bytes);
    if (!p) {
        fprintf(stderr, "cannot run: out of host memory (%.2f GiB requested)\n", bytes / 1073741824.0);
        exit(EXIT_CANNOT_RUN);
    }
    return p;
}
