/* cuBLAS calls: the baseline each step is timed against, and the |A|*|B| product that
 * normalises the error of every element. Row-major C = A*B is column-major C^T = B^T * A^T,
 * so cuBLAS receives B first and the shape n x m. */
#ifndef BASELINE_H
#define BASELINE_H

#include "harness.h"

#include <cublas_v2.h>

struct gemm_problem {
    enum layout layout;
    enum dtype dtype;
    enum accum accum;
    int m, n, k;
};

/* The kernel name of the baseline row, e.g. "cublas_tf32" or "cublas_fp16_tn_acc16". */
const char *baseline_name(const struct gemm_problem *p);

/* C = A*B (or A*B^T) with the cuBLAS configuration matching the step's precision. */
void cublas_gemm(cublasHandle_t h, const struct gemm_problem *p, const void *A, const void *B, void *C);

/* C = |A|*|B| (or |A|*|B|^T) in plain fp32; abs_A and abs_B are fp32 device matrices. */
void cublas_abs_product(cublasHandle_t h, const struct gemm_problem *p, const float *abs_A, const float *abs_B,
                        float *C);

#endif
