/* The contract between a step's host driver (main.c, C) and its kernel (kernel.cu, CUDA C++):
 * every kernel is started through an extern "C" launcher of this one signature, and each step's
 * kernel.cu says, through gemm_grid, which grid a launch needs (checked against the hardware's
 * limits before any CUDA call). Plain C: step_launch.cuh has the C++ side of the launchers. */
#ifndef LAUNCH_H
#define LAUNCH_H

#include <cuda_runtime_api.h>
#include <string.h>

#ifdef __cplusplus
#define LAUNCH_EXTERN_C extern "C"
#else
#define LAUNCH_EXTERN_C
#endif

/* The element types of A, B and C (tf32 steps keep fp32 in memory), and the accumulator's. e4m3:
 * A and B are FP8 (4 exponent bits, 3 mantissa bits) with fp32 scales, C is bf16. */
enum dtype { DTYPE_TF32, DTYPE_FP16, DTYPE_BF16, DTYPE_E4M3, NUM_DTYPES };
enum accum { ACCUM_FP32, ACCUM_FP16 };

/* How e4m3 operands carry their scales: A's element (row, k) stands for
 * q x scale_a[scale_a_index(...)], B's likewise (TN: A is M x K, B is N x K). Per tensor, one
 * scale each. Per block, as DeepSeek-V3 quantizes: A's per 1 x 128 (a row, a K block of 128),
 * stored K block by K block, each a column of M scales padded to a multiple of 4 (16 bytes, so
 * that TMA can copy a tile's rows of it); B's per 128 x 128, row-major over the blocks, each
 * row of K blocks likewise padded to 4 (cuBLASLt reads both so). */
enum scaling { SCALING_TENSOR, SCALING_BLOCK };

#define SCALE_BLOCK 128

#ifdef __CUDACC__
#define LAUNCH_HD __host__ __device__
#else
#define LAUNCH_HD
#endif

static inline LAUNCH_HD int scale_blocks(int extent) { return (extent + SCALE_BLOCK - 1) / SCALE_BLOCK; }
static inline LAUNCH_HD int scale_a_pitch(int m) { return (m + 3) / 4 * 4; }
static inline LAUNCH_HD int scale_b_pitch(int k) { return (scale_blocks(k) + 3) / 4 * 4; }

static inline LAUNCH_HD size_t scale_a_index(enum scaling s, int m, int row, int k)
{
    return s == SCALING_TENSOR ? 0 : (size_t)(k / SCALE_BLOCK) * scale_a_pitch(m) + row;
}

static inline LAUNCH_HD size_t scale_b_index(enum scaling s, int k_extent, int row, int k)
{
    return s == SCALING_TENSOR ? 0 : (size_t)(row / SCALE_BLOCK) * scale_b_pitch(k_extent) + k / SCALE_BLOCK;
}

/* How many scales A (m x k) and B (n x k) carry. */
static inline LAUNCH_HD size_t scale_a_count(enum scaling s, int m, int k)
{
    return s == SCALING_TENSOR ? 1 : (size_t)scale_blocks(k) * scale_a_pitch(m);
}

static inline LAUNCH_HD size_t scale_b_count(enum scaling s, int n, int k)
{
    return s == SCALING_TENSOR ? 1 : (size_t)scale_blocks(n) * scale_b_pitch(k);
}

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
    size_t l2_bytes;          /* bytes of L2 cache */
    /* The step's scratch in global memory (struct step's workspace_bytes), allocated and zeroed
     * once before the first launch and the same for every launch; NULL when it asked for none. */
    void *workspace;
    size_t workspace_bytes;
    /* e4m3 only: the scales of A and B in device memory, laid out as enum scaling says. */
    const float *scale_a, *scale_b;
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

/* Optional, for a launcher that needs global memory besides A, B and C at this shape. */
#define GEMM_WORKSPACE(name) LAUNCH_EXTERN_C size_t name(int m, int n, int k, const struct launch_opts *opts)

typedef size_t (*gemm_workspace_fn)(int m, int n, int k, const struct launch_opts *opts);

/* Optional, for a launcher that chooses how to split the work: what it chooses at this shape,
 * in a few lines of text, for --info. */
#define GEMM_SCHEDULE(name) \
    LAUNCH_EXTERN_C void name(int m, int n, int k, const struct launch_opts *opts, char *text, size_t size)

typedef void (*gemm_schedule_fn)(int m, int n, int k, const struct launch_opts *opts, char *text, size_t size);

/* Optional, for a launcher that chooses among candidate tiles: their list for --list-tiles, one a
 * line, into text (when not NULL); returns how many there are. */
#define GEMM_TILES(name) LAUNCH_EXTERN_C int name(char *text, size_t size)

typedef int (*gemm_tiles_fn)(char *text, size_t size);

#ifdef __cplusplus
/* The launch's dim3 (the harness has checked every dimension against its limit). */
inline dim3 grid_of(struct grid_dims g) { return dim3((unsigned)g.x, (unsigned)g.y, (unsigned)g.z); }
#endif

#endif
