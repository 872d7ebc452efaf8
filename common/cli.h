/* Command line of a step binary: parsed and validated before any CUDA call. */
#ifndef CLI_H
#define CLI_H

#include "harness.h"

struct options {
    int m, n, k;
    unsigned dtype_mask;   /* bit (1 << enum dtype) per selected precision */
    unsigned variant_mask; /* bit (1 << enum tn_variant) per selected variant */
    int iters, warmup;
    int check;
    unsigned long long seed;
    int flush_l2;
    int csv;
    int device;
    int info;              /* print the GPU header and exit */
    struct launch_opts launch;
};

enum parse_result { PARSE_OK, PARSE_HELP, PARSE_ERROR };

/* On PARSE_ERROR a one-line reason was printed to stderr. */
enum parse_result parse_options(const struct step *step, int argc, char **argv, struct options *opt);

/* "base", "swizzle", "x4" */
const char *variant_name(int variant);

/* NULL if m x n x k satisfies the step's contract, else a static message. */
const char *shape_error(const struct step *step, const struct launch_opts *launch, int m, int n, int k);

#endif
