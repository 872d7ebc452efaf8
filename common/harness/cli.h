/* Command line of a step binary: parsed and validated before any CUDA call. GNU style: every
 * option that takes a value takes it as --opt value or --opt=value. */
#ifndef CLI_H
#define CLI_H

#include "harness.h"

/* The defaults --help prints and parse_options starts from. */
#define DEFAULT_SIZE 4096
#define DEFAULT_ITERS 20
#define DEFAULT_WARMUP 5
#define DEFAULT_SEED 2024

struct options {
    int m, n, k;
    unsigned dtype_mask;   /* bit (1 << enum dtype) per selected precision */
    unsigned kernel_mask;  /* bit i: step->kernels[i] is selected by the variant option */
    int iters, warmup;
    int warmup_ms;         /* the warm-up goes on until this much time has passed (0: --warmup runs only) */
    int check;
    unsigned long long seed;
    int flush_l2;
    int csv;
    int device;
    int info;              /* print the GPU header and exit */
    const char *shapes;    /* --shapes: a suite file to run shape by shape, or NULL */
    int given[MAX_STEP_OPTIONS]; /* the step option was on the command line */
    struct launch_opts launch;
};

enum parse_result { PARSE_OK, PARSE_HELP, PARSE_ERROR };

/* On PARSE_ERROR a one-line reason was printed to stderr. */
enum parse_result parse_options(const struct step *step, int argc, char **argv, struct options *opt);

/* A whole decimal number in [lo, hi]: digits only, a leading '-' only where lo < 0 (no '+', no
 * spaces). 1 and *out on success; 0 and a one-line reason on stderr naming opt and value. */
int parse_int(const char *opt, const char *s, long long lo, long long hi, long long *out);

#endif
