/* The contract between a step's host driver (main.c, C) and its kernel (kernel.cu, CUDA C++):
 * every kernel is started through an extern "C" launcher of this one signature. */
#ifndef LAUNCH_H
#define LAUNCH_H

#include <cuda_runtime_api.h>

#ifdef __cplusplus
#define LAUNCH_EXTERN_C extern "C"
#else
#define LAUNCH_EXTERN_C
#endif

/* Step-specific knobs; steps 01-07 ignore them. */
enum tn_variant { VARIANT_BASE, VARIANT_SWIZZLE, VARIANT_X4, NUM_VARIANTS };

struct launch_opts {
    int stages;          /* 08: depth of the cp.async ring, 2..5 */
    int variant;         /* 08: enum tn_variant */
    int swizzle_stride;  /* 08: width in columns of the N bands of the block swizzle */
};

/* 08's default band width. The blocks resident together walk one band down M and share its B
 * panel (width x K halves) in L2. At 2048, the note's width, the panel is 48 MiB at K = 12288 and
 * 64 MiB at 16384: most or more than all of an H200's 60 MiB L2, so B keeps coming back from
 * DRAM. At 1024 it stays within 32 MiB up to K = 16384. */
#define TN_DEFAULT_SWIZZLE_STRIDE 1024

/* A, B, C are device pointers in the step's layout (row-major; B is N x K for the TN step).
 * The shape was validated against the step's tile contract before the call. */
#define GEMM_LAUNCHER(name)                                                              \
    LAUNCH_EXTERN_C cudaError_t name(const void *A, const void *B, void *C, int m, int n, \
                                     int k, const struct launch_opts *opts, cudaStream_t stream)

typedef cudaError_t (*gemm_launch_fn)(const void *A, const void *B, void *C, int m, int n, int k,
                                      const struct launch_opts *opts, cudaStream_t stream);

#endif
