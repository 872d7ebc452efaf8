/* What a step's main.c declares, and the one call that runs it. */
#ifndef HARNESS_H
#define HARNESS_H

#include "exit_codes.h"
#include "launch.h"
#include "numeric.h"

enum layout {
    LAYOUT_NN, /* C = A * B,   A: M x K, B: K x N, row-major */
    LAYOUT_TN, /* C = A * B^T, A: M x K, B: N x K, row-major */
};

/* An integer option of the step, --NAME VALUE; its value reaches the launcher through
 * launch_option(opts, NAME). Fill it with named fields. */
struct step_option {
    const char *name;         /* without the dashes */
    const char *help;         /* one line */
    int min, max;             /* accepted range */
    int multiple_of;          /* the value must be a multiple of this; 0: any */
    int default_value;
    const char *name_suffix;  /* optional printf format appended to kernel names, e.g. "_s%d" */
    /* Optional, for an option that sizes a shared-memory ring: the dynamic shared memory one
     * block asks for at a value. The harness then refuses a value that does not fit the device
     * (exit 3), and its default becomes the largest value with which blocks_per_sm blocks share
     * an SM, else the largest one block can hold (ring_default in contract.h). */
    int (*smem_bytes)(int value);
    int blocks_per_sm;        /* the blocks per SM the kernel is built for (its launch bounds) */
    /* Optional: the largest value, when the step counts it (16's --tile: its candidates); max
     * is then not used. */
    int (*max_of)(void);
};

/* The GPUs a step runs on: compute capability min_sm and up (and at most max_sm when set),
 * because of what `needs` names. target "sm_90a": the kernels use instructions of the
 * architecture-specific target, and the Makefile builds them for it wherever 90 is in ARCH. */
struct step_arch {
    int min_sm, max_sm; /* 80 for sm_80; max_sm 0: no upper bound */
    const char *target; /* NULL, or "sm_90a" */
    const char *needs;
};

struct step_kernel {
    const char *name;      /* the kernel's name in the article */
    enum dtype dtype;
    gemm_launch_fn launch;
    const char *variant;   /* for steps with a variant option: this kernel's value of it */
    /* Optional: NULL when this kernel takes the shape, else why not. */
    const char *(*check_shape)(const struct launch_opts *opts, int m, int n, int k);
};

struct step {
    const char *name;        /* folder and binary name, e.g. "01_tf32_bt" */
    enum layout layout;
    enum accum accum;
    enum scaling scaling;    /* e4m3 steps: how A and B carry their scales (launch.h) */
    int m_multiple, n_multiple, k_multiple; /* shape contract: M, N, K are multiples of these */
    const char *shape_note;  /* optional: one more line of the shape contract for --help */
    struct step_arch arch;
    const struct step_option *options;
    int num_options;
    /* Optional: the option (e.g. "variant") whose value, a kernel's .variant or all, picks the
     * kernels that run; all is the default. */
    const char *variant_option;
    const char *variant_help;
    gemm_grid_fn grid;       /* the grid of a launch, from kernel.cu */
    const char *grid_note;   /* optional: how the grid covers C when not one block per tile,
                              * e.g. "persistent: ..." (one block per SM whatever the shape) */
    const struct step_kernel *kernels;
    int num_kernels;
    /* Optional, from kernel.cu: the bytes of global scratch a launch at this shape needs (the
     * harness allocates them before any launch, or exits 3 naming the bytes), and the schedule
     * the launcher picks at this shape, which --info prints. */
    gemm_workspace_fn workspace_bytes;
    gemm_schedule_fn schedule;
    /* Optional, from kernel.cu: the candidate tiles the step chooses among, which --list-tiles
     * prints (no GPU needed). */
    gemm_tiles_fn list_tiles;
};

int run_step(const struct step *step, int argc, char **argv);

#endif
