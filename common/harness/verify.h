/* Correctness, computed on the GPU (device_data.h): every element against cuBLAS, and a sample
 * against an fp64 reference. Error of an element = |c - ref| / sum_k |a*b| (does not blow up
 * where c is near zero). The matrices are device memory; the verdicts come back to the host. */
#ifndef VERIFY_H
#define VERIFY_H

#include "harness.h"

#include <stddef.h>

struct check_result {
    int ok;
    double max_err;
    size_t worst;        /* row-major index of the worst element (or of the first non-finite one) */
    double worst_value, worst_ref;
    int nonfinite;       /* NaN or Inf seen: never passes */
};

/* The fp64 reference on a sample of output elements: its indices and sums on the host, and the
 * device copies the checks read. */
struct reference_sample {
    size_t count;
    size_t *index;       /* row-major indices into C */
    double *exact;       /* sum_k a*b in fp64 */
    double *abs_sum;     /* sum_k |a*b| in fp64 */
    size_t *dev_index;   /* index, on the device */
    double *dev_values;  /* C's values at the sample, gathered on the device */
};

/* The four corners, 1024 random elements, and every element of C's last row and last column,
 * where a tile past M or N would show; A and B are the device inputs of type t. */
void reference_sample_build(struct reference_sample *s, enum layout layout, enum dtype t, int m, int n, int k,
                            const void *A, const void *B, unsigned long long seed);
void reference_sample_free(struct reference_sample *s);

struct check_result check_against_sample(const struct reference_sample *s, enum dtype t, const void *C,
                                         double tol);

/* Every element of C against ref (both stored as t); norm holds sum_k |a*b| per element. */
struct check_result check_against_full(enum dtype t, const void *C, const void *ref, const float *norm,
                                       size_t count, double tol);

struct verdict {
    const char *check; /* "ok" or "FAIL" ("skipped" when no check ran) */
    double max_err;    /* against the fp64 sample */
};

/* Both checks of one m x n result C (stored as dtype_out(t)): the fp64 sample within error_tolerance, and, when C_ref
 * (cuBLAS's result) is given, every element within twice that of it. Prints the worst element
 * of a failed check, labelled with label. */
struct verdict verify_result(const char *label, enum dtype t, enum accum acc, int m, int n, int k, const void *C,
                             const void *C_ref, const float *norm, const struct reference_sample *sample);

/* "C[row][col] = value, expected ref (error e > tolerance)" on stderr. */
void print_worst(const char *label, const struct check_result *r, int n, double tol);

#endif
