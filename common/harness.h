/* What a step's main.c declares, and the one call that runs it. */
#ifndef HARNESS_H
#define HARNESS_H

#include "launch.h"
#include "numeric.h"

enum layout {
    LAYOUT_NN, /* C = A * B,   A: M x K, B: K x N, row-major */
    LAYOUT_TN, /* C = A * B^T, A: M x K, B: N x K, row-major */
};

/* Process exit codes, shared by every binary and the scripts that run them. */
enum exit_code {
    EXIT_OK = 0,
    EXIT_WRONG_RESULT = 1,
    EXIT_BAD_ARGUMENT = 2,
    EXIT_CANNOT_RUN = 3, /* no GPU, GPU too old, not enough memory, no code for this GPU */
    EXIT_CUDA_ERROR = 4,
};

struct step_kernel {
    const char *name;      /* the kernel's name in the article */
    enum dtype dtype;
    int variant;           /* enum tn_variant, for steps that have variants */
    gemm_launch_fn launch;
};

struct step {
    const char *name;        /* folder and binary name, e.g. "01_tf32_bt" */
    enum layout layout;
    enum accum accum;
    int tile_m, tile_n, tile_k; /* shape contract: M, N, K are multiples of these */
    int has_tn_options;      /* accepts --stages, --variant, --swizzle-stride */
    /* Optional: NULL when the launch options allow this shape, else why not. */
    const char *(*check_shape)(const struct launch_opts *opts, int m, int n, int k);
    const struct step_kernel *kernels;
    int num_kernels;
};

int run_step(const struct step *step, int argc, char **argv);

#endif
