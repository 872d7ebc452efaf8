/* The contract between a step's host driver (main.c, C) and its kernel (kernel.cu, CUDA C++):
 * every kernel is started through an extern "C" launcher of this one signature, and each step's
 * kernel.cu says, through gemm_grid, which grid a launch needs (checked against the hardware's
 * limits before any CUDA call). */
#ifndef LAUNCH_H
#define LAUNCH_H

#include <cuda_runtime_api.h>
#include <string.h>

#ifdef __cplusplus
#define LAUNCH_EXTERN_C extern "C"
#else
#define LAUNCH_EXTERN_C
#endif

#define MAX_STEP_OPTIONS 4

/* The values of the options the step declares in its main.c, by name, and what the harness
 * read off the device once (a launcher must not ask the driver inside the timed window). */
struct launch_opts {
    int num_values;
    const char *names[MAX_STEP_OPTIONS];
    int values[MAX_STEP_OPTIONS];
    int sm_count;
    int smem_per_block_optin; /* bytes of shared memory a block may ask for */
    int smem_per_sm;          /* bytes of shared memory of one SM */
};

/* The value of the option the step declared as `name`, or -1 if it declared none. */
static inline int launch_option(const struct launch_opts *o, const char *name)
{
    for (int i = 0; i < o->num_values; i++)
        if (strcmp(o->names[i], name) == 0)
            return o->values[i];
    return -1;
}

/* A, B, C are device pointers in the step's layout (row-major; B is N x K for the TN step).
 * The shape was validated against the step's contract before the call. */
#define GEMM_LAUNCHER(name)                                                              \
    LAUNCH_EXTERN_C cudaError_t name(const void *A, const void *B, void *C, int m, int n, \
                                     int k, const struct launch_opts *opts, cudaStream_t stream)

typedef cudaError_t (*gemm_launch_fn)(const void *A, const void *B, void *C, int m, int n, int k,
                                      const struct launch_opts *opts, cudaStream_t stream);

/* The grid a launch of this shape uses, in 64-bit so that an oversized one can be reported. */
struct grid_dims {
    long long x, y, z;
};

#define GEMM_GRID(name) \
    LAUNCH_EXTERN_C struct grid_dims name(int m, int n, int k, const struct launch_opts *opts)

typedef struct grid_dims (*gemm_grid_fn)(int m, int n, int k, const struct launch_opts *opts);

#ifdef __cplusplus
/* The launch's dim3 (the harness has checked every dimension against its limit). */
inline dim3 grid_of(struct grid_dims g) { return dim3((unsigned)g.x, (unsigned)g.y, (unsigned)g.z); }

/* The fp16 and bf16 launchers of a TMA step (09-12): each calls the step's
 * launch_stages<T, STAGES>(A, B, C, m, n, k, dtype, opts, stream) instance that the --stages value
 * (2, 3 or 4, as the step declares) names: the ring depth is a template argument, one kernel
 * instance per depth. */
#define STAGED_LAUNCHERS(fp16_name, bf16_name)                                                              \
    template <typename T>                                                                                   \
    static cudaError_t launch_by_stages(const void *A, const void *B, void *C, int m, int n, int k,       \
                                        enum dtype t, const struct launch_opts *opts, cudaStream_t stream) \
    {                                                                                                       \
        switch (launch_option(opts, "stages")) {                                                            \
        case 2: return launch_stages<T, 2>(A, B, C, m, n, k, t, opts, stream);                              \
        case 3: return launch_stages<T, 3>(A, B, C, m, n, k, t, opts, stream);                              \
        case 4: return launch_stages<T, 4>(A, B, C, m, n, k, t, opts, stream);                              \
        default: return cudaErrorInvalidValue;                                                              \
        }                                                                                                   \
    }                                                                                                       \
    GEMM_LAUNCHER(fp16_name) { return launch_by_stages<__half>(A, B, C, m, n, k, DTYPE_FP16, opts, stream); } \
    GEMM_LAUNCHER(bf16_name) { return launch_by_stages<__nv_bfloat16>(A, B, C, m, n, k, DTYPE_BF16, opts, stream); }

/* The wgmma steps compile their kernel's body for sm_90a alone; a build without that target
 * (ARCH without 90) holds only the empty stub. Refuse to launch it: no kernel image. */
inline cudaError_t require_sm90a_code(const void *kernel)
{
    cudaFuncAttributes attr;
    cudaError_t err = cudaFuncGetAttributes(&attr, kernel);
    if (err == cudaSuccess && attr.ptxVersion != 90)
        err = cudaErrorNoKernelImageForDevice;
    return err;
}
#endif

#endif
