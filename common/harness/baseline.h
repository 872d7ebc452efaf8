/* cuBLAS calls: the baseline each step is timed against, and the |A|*|B| product that
 * normalises the error of every element. Row-major C = A*B is column-major C^T = B^T * A^T,
 * so cuBLAS receives B first and the shape n x m. e4m3 runs through cuBLASLt, the only cuBLAS
 * API with FP8 and its scales. */
#ifndef BASELINE_H
#define BASELINE_H

#include "harness.h"

#include <cublasLt.h>
#include <cublas_v2.h>

struct gemm_problem {
    enum layout layout;
    enum dtype dtype;
    enum accum accum;
    int m, n, k;
    enum scaling scaling; /* e4m3 only */
};

/* The kernel name of the baseline row, e.g. "cublas_tf32" or "cublas_fp16_tn_acc16". */
const char *baseline_name(const struct gemm_problem *p);

/* C = A*B (or A*B^T) with the cuBLAS configuration matching the step's precision. */
void cublas_gemm(cublasHandle_t h, const struct gemm_problem *p, const void *A, const void *B, void *C);

/* cuBLASLt's e4m3 GEMM (TN, bf16 C) for one problem: its descriptors, the algorithm its
 * heuristic picks for the shape (asked once, outside the timed loop) and its workspace.
 * cuBLASLt's A is our B and its B our A. With block scales it takes M only in multiples of 4:
 * it then computes M rounded up, from a copy of A with zero rows added, into a C of as many rows
 * (the first M rows are the result), and reads our scales as they are (launch.h pads them so). */
struct lt_gemm {
    cublasLtHandle_t handle;
    cublasLtMatmulDesc_t desc;
    cublasLtMatrixLayout_t a, b, c;
    cublasLtMatmulAlgo_t algo;
    void *workspace;
    size_t workspace_bytes;
    int m;          /* the rows of C it writes */
    void *a_padded; /* A with its rows added, or NULL where it reads A */
};

/* Exits 3 when cuBLASLt offers no algorithm for the problem. */
void lt_gemm_create(struct lt_gemm *g, const struct gemm_problem *p, const void *A, const float *scale_a,
                    const float *scale_b);
void lt_gemm_run(const struct lt_gemm *g, const void *A, const void *B, void *C, cudaStream_t stream);
void lt_gemm_destroy(struct lt_gemm *g);

/* C = |A|*|B| (or |A|*|B|^T) in plain fp32; abs_A and abs_B are fp32 device matrices. */
void cublas_abs_product(cublasHandle_t h, const struct gemm_problem *p, const float *abs_A, const float *abs_B,
                        float *C);

#endif
