#include "baseline.h"

#include "gpu.h"

#include <stdint.h>
#include <stdio.h>

const char *baseline_name(const struct gemm_problem *p)
{
    static char name[64];
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
