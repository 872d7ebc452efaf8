#include "baseline.h"

#include "gpu.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

const char *baseline_name(const struct gemm_problem *p)
{
    static char name[64];
    if (p->dtype == DTYPE_E4M3)
        /* cublas_ as every baseline row's name, which the scripts tell from the kernels' by it */
        snprintf(name, sizeof name, "cublas_lt_e4m3%s", p->scaling == SCALING_BLOCK ? "_blk128" : "");
    else
        snprintf(name, sizeof name, "cublas_%s%s%s", dtype_name(p->dtype), p->layout == LAYOUT_TN ? "_tn" : "",
                 p->accum == ACCUM_FP16 ? "_acc16" : "");
    return name;
}

/* Column-major view: cuBLAS computes C^T (n x m) = op(B) * A^T. For TN, B is stored N x K
 * row-major, i.e. a K x N column-major matrix, so it enters transposed with ld = k. */
static void gemm_ex(cublasHandle_t h, const struct gemm_problem *p, const void *alpha, const void *beta,
                    const void *A, const void *B, void *C, cudaDataType_t in_type, cudaDataType_t out_type,
                    cublasComputeType_t compute)
{
    int tn = p->layout == LAYOUT_TN;
    CUBLAS_CHECK(cublasGemmEx(h, tn ? CUBLAS_OP_T : CUBLAS_OP_N, CUBLAS_OP_N, p->n, p->m, p->k, alpha, B, in_type,
                              tn ? p->k : p->n, A, in_type, p->k, beta, C, out_type, p->n, compute,
                              CUBLAS_GEMM_DEFAULT));
}

void cublas_gemm(cublasHandle_t h, const struct gemm_problem *p, const void *A, const void *B, void *C)
{
    static const float one = 1.0f, zero = 0.0f;
    static const uint16_t half_one = 0x3c00, half_zero = 0x0000; /* __half 1.0 and 0.0 */
    switch (p->dtype) {
    case DTYPE_TF32:
        gemm_ex(h, p, &one, &zero, A, B, C, CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F_FAST_TF32);
        break;
    case DTYPE_FP16:
        if (p->accum == ACCUM_FP16)
            gemm_ex(h, p, &half_one, &half_zero, A, B, C, CUDA_R_16F, CUDA_R_16F, CUBLAS_COMPUTE_16F);
        else
            gemm_ex(h, p, &one, &zero, A, B, C, CUDA_R_16F, CUDA_R_16F, CUBLAS_COMPUTE_32F);
        break;
    case DTYPE_BF16:
        gemm_ex(h, p, &one, &zero, A, B, C, CUDA_R_16BF, CUDA_R_16BF, CUBLAS_COMPUTE_32F);
        break;
    default:
        break;
    }
}

void cublas_abs_product(cublasHandle_t h, const struct gemm_problem *p, const float *abs_A, const float *abs_B,
                        float *C)
{
    static const float one = 1.0f, zero = 0.0f;
    gemm_ex(h, p, &one, &zero, abs_A, abs_B, C, CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F_PEDANTIC);
}

static void set_attribute(cublasLtMatmulDesc_t d, cublasLtMatmulDescAttributes_t what, const void *value, size_t size)
{
    CUBLAS_CHECK(cublasLtMatmulDescSetAttribute(d, what, value, size));
}

void lt_gemm_create(struct lt_gemm *g, const struct gemm_problem *p, const void *A, const float *scale_a,
                    const float *scale_b)
{
    static const cublasOperation_t T = CUBLAS_OP_T, N = CUBLAS_OP_N;
    g->m = p->scaling == SCALING_BLOCK ? scale_a_pitch(p->m) : p->m;
    g->a_padded = NULL;
    if (g->m != p->m) {
        g->a_padded = device_alloc((size_t)g->m * p->k);
        CUDA_CHECK(cudaMemset(g->a_padded, 0, (size_t)g->m * p->k));
        CUDA_CHECK(cudaMemcpy(g->a_padded, A, (size_t)p->m * p->k, cudaMemcpyDeviceToDevice));
    }
    CUBLAS_CHECK(cublasLtCreate(&g->handle));
    CUBLAS_CHECK(cublasLtMatmulDescCreate(&g->desc, CUBLAS_COMPUTE_32F, CUDA_R_32F));
    set_attribute(g->desc, CUBLASLT_MATMUL_DESC_TRANSA, &T, sizeof T);
    set_attribute(g->desc, CUBLASLT_MATMUL_DESC_TRANSB, &N, sizeof N);
    /* Column-major, C^T (n x m) = B (its A, K x N read transposed) times A^T (its B, K x M). */
    CUBLAS_CHECK(cublasLtMatrixLayoutCreate(&g->a, CUDA_R_8F_E4M3, p->k, p->n, p->k));
    CUBLAS_CHECK(cublasLtMatrixLayoutCreate(&g->b, CUDA_R_8F_E4M3, p->k, g->m, p->k));
    CUBLAS_CHECK(cublasLtMatrixLayoutCreate(&g->c, CUDA_R_16BF, p->n, g->m, p->n));
    if (p->scaling == SCALING_BLOCK) {
        /* Its A (our B): a scale a 128 x 128 block, column-major over (K block, N block); its B
         * (our A): a scale a 128 of K, M-major: both as launch.h lays ours out. */
        const cublasLtMatmulMatrixScale_t blk = CUBLASLT_MATMUL_MATRIX_SCALE_BLK128x128_32F,
                                          vec = CUBLASLT_MATMUL_MATRIX_SCALE_VEC128_32F;
        set_attribute(g->desc, CUBLASLT_MATMUL_DESC_A_SCALE_MODE, &blk, sizeof blk);
        set_attribute(g->desc, CUBLASLT_MATMUL_DESC_B_SCALE_MODE, &vec, sizeof vec);
    }
    set_attribute(g->desc, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &scale_b, sizeof scale_b);
    set_attribute(g->desc, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &scale_a, sizeof scale_a);

    g->workspace_bytes = 32u << 20; /* what cuBLASLt's documentation suggests for Hopper */
    g->workspace = device_alloc(g->workspace_bytes);
    cublasLtMatmulPreference_t pref;
    CUBLAS_CHECK(cublasLtMatmulPreferenceCreate(&pref));
    CUBLAS_CHECK(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                                      &g->workspace_bytes, sizeof g->workspace_bytes));
    cublasLtMatmulHeuristicResult_t result;
    int found = 0;
    cublasStatus_t st = cublasLtMatmulAlgoGetHeuristic(g->handle, g->desc, g->a, g->b, g->c, g->c, pref, 1, &result,
                                                       &found);
    if (st != CUBLAS_STATUS_NOT_SUPPORTED) /* that one is no algorithm, as found = 0 */
        CUBLAS_CHECK(st);
    CUBLAS_CHECK(cublasLtMatmulPreferenceDestroy(pref));
    if (found == 0) {
        fprintf(stderr, "cannot run: cuBLASLt has no e4m3 algorithm for M=%d N=%d K=%d\n", p->m, p->n, p->k);
        exit(EXIT_CANNOT_RUN);
    }
    g->algo = result.algo;
}

void lt_gemm_run(const struct lt_gemm *g, const void *A, const void *B, void *C, cudaStream_t stream)
{
    static const float one = 1.0f, zero = 0.0f;
    CUBLAS_CHECK(cublasLtMatmul(g->handle, g->desc, &one, B, g->a, g->a_padded ? g->a_padded : A, g->b, &zero, C,
                                g->c, C, g->c, &g->algo, g->workspace, g->workspace_bytes, stream));
}

void lt_gemm_destroy(struct lt_gemm *g)
{
    CUBLAS_CHECK(cublasLtMatrixLayoutDestroy(g->a));
    CUBLAS_CHECK(cublasLtMatrixLayoutDestroy(g->b));
    CUBLAS_CHECK(cublasLtMatrixLayoutDestroy(g->c));
    CUBLAS_CHECK(cublasLtMatmulDescDestroy(g->desc));
    CUBLAS_CHECK(cublasLtDestroy(g->handle));
    CUDA_CHECK(cudaFree(g->workspace));
    if (g->a_padded)
        CUDA_CHECK(cudaFree(g->a_padded));
}
