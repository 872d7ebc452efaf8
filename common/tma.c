#include "tma.h"

#include "harness.h"

#include <cuda_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>

typedef CUresult (*encode_tiled_fn)(CUtensorMap *, CUtensorMapDataType, cuuint32_t, void *, const cuuint64_t *,
                                    const cuuint64_t *, const cuuint32_t *, const cuuint32_t *, CUtensorMapInterleave,
                                    CUtensorMapSwizzle, CUtensorMapL2promotion, CUtensorMapFloatOOBfill);
typedef CUresult (*error_name_fn)(CUresult, const char **);

/* A driver function by name, as of CUDA 12.0 (when the tensor-map API appeared); exits 4 when
 * the driver does not offer it. */
static void *driver_function(const char *name)
{
    void *fn = NULL;
    enum cudaDriverEntryPointQueryResult status;
    cudaError_t err = cudaGetDriverEntryPointByVersion(name, &fn, 12000, cudaEnableDefault, &status);
    if (err != cudaSuccess || status != cudaDriverEntryPointSuccess || !fn) {
        fprintf(stderr, "error: cudaGetDriverEntryPointByVersion(\"%s\", 12000) failed: %s (query result %d)\n", name,
                cudaGetErrorString(err), (int)status);
        exit(EXIT_CUDA_ERROR);
    }
    return fn;
}

void make_tensor_map_2d(CUtensorMap *map, const void *base, enum dtype t, int rows, int cols, int box_rows,
                        int box_cols)
{
    static encode_tiled_fn encode;
    static error_name_fn error_name;
    if (!encode) {
        encode = (encode_tiled_fn)driver_function("cuTensorMapEncodeTiled");
        error_name = (error_name_fn)driver_function("cuGetErrorName");
    }
    const cuuint64_t dims[2] = {(cuuint64_t)cols, (cuuint64_t)rows};
    const cuuint64_t row_stride[1] = {(cuuint64_t)cols * dtype_bytes(t)}; /* bytes; dims[0]'s is implied */
    const cuuint32_t box[2] = {(cuuint32_t)box_cols, (cuuint32_t)box_rows};
    const cuuint32_t element_strides[2] = {1, 1};
    CUresult r = encode(map, t == DTYPE_BF16 ? CU_TENSOR_MAP_DATA_TYPE_BFLOAT16 : CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2,
                        (void *)base, dims, row_stride, box, element_strides, CU_TENSOR_MAP_INTERLEAVE_NONE,
                        CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
                        CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    if (r != CUDA_SUCCESS) {
        const char *name = "unknown";
        error_name(r, &name);
        fprintf(stderr, "error: cuTensorMapEncodeTiled (%d x %d matrix, box %d x %d) failed: %s (%d)\n", rows, cols,
                box_rows, box_cols, name, (int)r);
        exit(EXIT_CUDA_ERROR);
    }
}

const CUtensorMap *tensor_map_2d_cached(struct tensor_map_cache *cache, const void *base, enum dtype t, int rows,
                                        int cols, int box_rows, int box_cols)
{
    if (!cache->base || cache->base != base || cache->t != t || cache->rows != rows || cache->cols != cols ||
        cache->box_rows != box_rows || cache->box_cols != box_cols) {
        make_tensor_map_2d(&cache->map, base, t, rows, cols, box_rows, box_cols);
        cache->base = base;
        cache->t = t;
        cache->rows = rows;
        cache->cols = cols;
        cache->box_rows = box_rows;
        cache->box_cols = box_cols;
    }
    return &cache->map;
}
