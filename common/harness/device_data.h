/* Inputs and checks on the GPU, so that a big shape spends its time there and not on the host:
 * the random matrices, |A| and |B| (the error's norm), the fp64 reference at a sample of C, and
 * the comparisons of a result. Every pointer is device memory; each call returns once its work
 * is done, and exits naming the call if a launch fails. */
#ifndef DEVICE_DATA_H
#define DEVICE_DATA_H

#include "harness.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* count elements of type t: element i is draw i from state (random.h), rounded to t. */
void device_fill_random(enum dtype t, uint64_t state, void *bits, size_t count);

/* An e4m3 operand of rows x k, A (is_b 0) or B, TN: rows x k values drawn from state
 * (random.h's spread_draw), their scales (launch.h's layout for s) from each block's largest
 * |x| / 448, and the values divided by their scales, rounded to e4m3 (q). */
void device_fill_e4m3(enum scaling s, int is_b, uint64_t state, int rows, int k, void *q, float *scales);

/* q x its scale in fp32: the operand the fp64 reference and the error's norm read. */
void device_dequantize_e4m3(enum scaling s, int is_b, int rows, int k, const void *q, const float *scales,
                            float *out);

/* |x| of each of count elements of type t, in fp32. */
void device_abs(enum dtype t, const void *bits, float *abs_values, size_t count);

/* At each of count row-major indices into the m x n C: sum_k a*b and sum_k |a*b|, in fp64. */
void device_reference(enum layout layout, enum dtype t, int m, int n, int k, const void *A, const void *B,
                      const size_t *index, size_t count, double *exact, double *abs_sum);

/* C's elements at count indices, as doubles. */
void device_gather(enum dtype t, const void *C, const size_t *index, size_t count, double *values);

/* Every element of C against ref, error |c - ref| / norm: the first element of C that is not
 * finite, else the first of the largest errors (in fp32: it is compared with a tolerance). */
struct device_worst {
    size_t at;
    int nonfinite;
    double err;
};
struct device_worst device_compare(enum dtype t, const void *C, const void *ref, const float *norm, size_t count);

/* Repeatability: the first of count elements of elem_bytes (2 or 4) where a and b differ in any
 * bit, or count. A kernel must give the same bits on every run of one shape (stream-K's
 * fixed-order fix-up included). */
size_t device_first_difference(const void *a, const void *b, size_t count, size_t elem_bytes);

/* Element i of an array of type t, as a double. */
double device_value(enum dtype t, const void *data, size_t i);

#ifdef __cplusplus
}
#endif

#endif
