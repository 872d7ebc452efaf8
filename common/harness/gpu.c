#include "gpu.h"

#include "exit_codes.h"

#include <dlfcn.h>
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

/* The runtime reports a missing driver and an old one alike (cudaErrorInsufficientDriver):
 * whether the driver library loads at all tells them apart. */
static void explain_no_gpu(cudaError_t err)
{
    int driver = 0, runtime = 0;
    void *libcuda = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (libcuda)
        dlclose(libcuda);
    cudaRuntimeGetVersion(&runtime);
    if (!libcuda)
        fprintf(stderr, "cannot run: no NVIDIA driver on this machine (libcuda.so.1 not found): install the "
                        "NVIDIA driver, or run on a machine with an NVIDIA GPU (the build itself needs none)\n");
    else if (err == cudaErrorInsufficientDriver && cudaDriverGetVersion(&driver) == cudaSuccess && driver > 0)
        fprintf(stderr, "cannot run: the NVIDIA driver supports CUDA %d.%d, older than the CUDA %d.%d runtime this "
                        "binary was built with: update the driver, or build with a CUDA toolkit of at most %d.%d\n",
                driver / 1000, driver % 1000 / 10, runtime / 1000, runtime % 1000 / 10, driver / 1000,
                driver % 1000 / 10);
    else if (err == cudaErrorInsufficientDriver)
        fprintf(stderr, "cannot run: the NVIDIA driver is installed but does not answer (%s): check nvidia-smi\n",
                cudaGetErrorString(err));
    else
        fprintf(stderr, "cannot run: no CUDA GPU visible (%s): check nvidia-smi and CUDA_VISIBLE_DEVICES\n",
                err != cudaSuccess ? cudaGetErrorString(err) : "0 devices");
}

int open_device(int device, struct gpu_info *info)
{
    int count = 0;
    cudaError_t err = cudaGetDeviceCount(&count);
    if (err != cudaSuccess || count == 0) {
        explain_no_gpu(err);
        return EXIT_CANNOT_RUN;
    }
    if (device >= count) {
        fprintf(stderr, "error: --device %d: only %d GPU(s) visible\n", device, count);
        return EXIT_BAD_ARGUMENT;
    }
    struct cudaDeviceProp prop;
    CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
    CUDA_CHECK(cudaSetDevice(device));
    int clock_khz = 0;
    CUDA_CHECK(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, device));
    snprintf(info->name, sizeof info->name, "%s", prop.name);
    info->sm_major = prop.major;
    info->sm_minor = prop.minor;
    info->sm_count = prop.multiProcessorCount;
    info->clock_mhz = clock_khz / 1000;
    info->l2_bytes = (size_t)prop.l2CacheSize;
    info->smem_per_block_optin = prop.sharedMemPerBlockOptin;
    info->smem_per_sm = prop.sharedMemPerMultiprocessor;
    CUDA_CHECK(cudaDriverGetVersion(&info->driver_version));
    CUDA_CHECK(cudaRuntimeGetVersion(&info->runtime_version));
    int major = 0, minor = 0, patch = 0; /* no handle needed: creating one costs a tenth of a second */
    CUBLAS_CHECK(cublasGetProperty(MAJOR_VERSION, &major));
    CUBLAS_CHECK(cublasGetProperty(MINOR_VERSION, &minor));
    CUBLAS_CHECK(cublasGetProperty(PATCH_LEVEL, &patch));
    info->cublas_version = major * 10000 + minor * 100 + patch;
    return EXIT_OK;
}

void select_device(int device, struct gpu_info *info)
{
    int rc = open_device(device, info);
    if (rc != EXIT_OK)
        exit(rc);
}

void assumed_gpu(struct gpu_info *info)
{
    *info = (struct gpu_info){.name = "NVIDIA H200 (assumed)", .sm_major = 9, .sm_minor = 0, .sm_count = 132,
                              .clock_mhz = 1980, .l2_bytes = 60u << 20, .smem_per_block_optin = 227u << 10,
                              .smem_per_sm = 228u << 10};
}

void print_gpu_header(const struct gpu_info *g)
{
    printf("GPU %s | sm_%d%d | %d SMs | %d MHz max | driver CUDA %d.%d | runtime %d.%d | cuBLAS %d.%d.%d\n",
           g->name, g->sm_major, g->sm_minor, g->sm_count, g->clock_mhz, g->driver_version / 1000,
           g->driver_version % 1000 / 10, g->runtime_version / 1000, g->runtime_version % 1000 / 10,
           g->cublas_version / 10000, g->cublas_version % 10000 / 100, g->cublas_version % 100);
}

int device_memory_fits(size_t bytes)
{
    size_t free_bytes = 0, total_bytes = 0;
    CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
    if (bytes > free_bytes)
        fprintf(stderr, "cannot run: this shape needs %.2f GiB of device memory, %.2f GiB are free\n",
                bytes / 1073741824.0, free_bytes / 1073741824.0);
    return bytes <= free_bytes;
}

void *device_alloc(size_t bytes)
{
    void *p = NULL;
    CUDA_CHECK(cudaMalloc(&p, bytes));
    return p;
}
