/* Device selection, checked CUDA/cuBLAS calls, and the GPU description printed with every table. */
#ifndef GPU_H
#define GPU_H

#include <cublas_v2.h>
#include <cuda_runtime_api.h>
#include <stddef.h>

#include "numeric.h" /* host_alloc */

#ifdef __cplusplus
extern "C" {
#endif

/* Every CUDA and cuBLAS call goes through these: a failure names the call and exits. */
#define CUDA_CHECK(call) cuda_check((call), #call, __FILE__, __LINE__)
#define CUBLAS_CHECK(call) cublas_check((call), #call, __FILE__, __LINE__)
void cuda_check(cudaError_t err, const char *call, const char *file, int line);
void cublas_check(cublasStatus_t st, const char *call, const char *file, int line);

struct gpu_info {
    char name[256];
    int sm_major, sm_minor, sm_count, clock_mhz;
    int driver_version, runtime_version, cublas_version;
    size_t l2_bytes;
    size_t smem_per_block_optin; /* shared memory one block may ask for, in bytes */
    size_t smem_per_sm;
};

/* Selects the device or exits 3 with what to do: no NVIDIA driver, a driver older than the
 * runtime this binary was built with, no GPU visible, or a GPU below sm_80. open_device says
 * the same on stderr and returns the exit code instead (EXIT_OK when it selected one). */
void select_device(int device, struct gpu_info *info);
int open_device(int device, struct gpu_info *info);

/* What --info assumes where there is no GPU, so that a step's schedule can be read anywhere: an
 * H200's SMs, L2 and shared memory (the figures the steps are measured on). */
void assumed_gpu(struct gpu_info *info);

/* One line: name, sm_XY, SMs, clock, CUDA driver/runtime and cuBLAS versions. */
void print_gpu_header(const struct gpu_info *info);

/* Whether bytes fit in free device memory; if not, says so in one line on stderr. */
int device_memory_fits(size_t bytes);

void *device_alloc(size_t bytes);

#ifdef __cplusplus
}
#endif

#endif
