/* Command line of a step binary: parsed and validated before any CUDA call. */
#ifndef CLI_H
#define CLI_H

#include "harness.h"

struct options {
    int m, n, k;
    unsigned dtype_mask;   /* bit (1 << enum dtype) per selected precision */
    unsigned kernel_mask;  /* bit i: step->kernels[i] is selected by the variant option */
    int iters, warmup;
    int check;
    unsigned long long seed;
    int flush_l2;
    int csv;
    int device;
    int info;              /* print the GPU header and exit */
    int given[MAX_STEP_OPTIONS]; /* the step option was on the command line */
    struct launch_opts launch;
};

enum parse_result { PARSE_OK, PARSE_HELP, PARSE_ERROR };

/* On PARSE_ERROR a one-line reason was printed to stderr. */
enum parse_result parse_options(const struct step *step, int argc, char **argv, struct options *opt);

/* NULL if kernel ki of the step takes m x n x k with these option values (its grid included),
 * else a static message. */
const char *shape_error(const struct step *step, int ki, const struct launch_opts *launch, int m, int n, int k);

/* The kernel's name in the ladder: its own, then each option's name_suffix with its value. */
void kernel_label(const struct step *step, int ki, const struct launch_opts *launch, char *out, size_t size);

/* The shared memory the system keeps for each resident block, beside what it asks for. */
#define SMEM_RESERVED_PER_BLOCK 1024

/* For an option with smem_bytes: its default on a device whose blocks may ask for
 * smem_per_block bytes and whose SMs hold smem_per_sm (see struct step_option), and NULL or
 * why value does not fit (a static message naming the option and the bytes). */
int ring_default(const struct step_option *o, int smem_per_block, int smem_per_sm);
const char *ring_error(const struct step_option *o, int value, int smem_per_block);

#endif
