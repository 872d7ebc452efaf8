#include "tma.h"

#include "exit_codes.h"

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

static int element_bytes(enum dtype t) { return t == DTYPE_E4M3 ? 1 : 2; }

/* The map of a row-major rows x cols matrix of elem_bytes elements of type at base, in boxes of
 * box_rows x box_cols; a failing driver call is named on stderr and the process exits 4. */
static void encode_2d(CUtensorMap *map, CUtensorMapDataType type, int elem_bytes, const void *base, int rows,
                      int cols, int box_rows, int box_cols, CUtensorMapSwizzle swizzle, CUtensorMapL2promotion l2)
{
    static encode_tiled_fn encode;
    static error_name_fn error_name;
    if (!encode) {
        encode = (encode_tiled_fn)driver_function("cuTensorMapEncodeTiled");
        error_name = (error_name_fn)driver_function("cuGetErrorName");
    }
    const cuuint64_t dims[2] = {(cuuint64_t)cols, (cuuint64_t)rows};
    const cuuint64_t row_stride[1] = {(cuuint64_t)cols * elem_bytes}; /* dims[0]'s is implied */
    const cuuint32_t box[2] = {(cuuint32_t)box_cols, (cuuint32_t)box_rows};
    const cuuint32_t element_strides[2] = {1, 1};
    CUresult r = encode(map, type, 2, (void *)base, dims, row_stride, box, element_strides,
                        CU_TENSOR_MAP_INTERLEAVE_NONE, swizzle, l2, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    if (r != CUDA_SUCCESS) {
        const char *name = "unknown";
        error_name(r, &name);
        fprintf(stderr, "error: cuTensorMapEncodeTiled (%d x %d matrix, box %d x %d) failed: %s (%d)\n", rows, cols,
                box_rows, box_cols, name, (int)r);
        exit(EXIT_CUDA_ERROR);
    }
}

void make_tensor_map_2d(CUtensorMap *map, const void *base, enum dtype t, int rows, int cols, int box_rows,
                        int box_cols)
{
    /* e4m3 moves as bytes: a copy does not look at what they hold */
    const CUtensorMapDataType type = t == DTYPE_BF16   ? CU_TENSOR_MAP_DATA_TYPE_BFLOAT16
                                     : t == DTYPE_E4M3 ? CU_TENSOR_MAP_DATA_TYPE_UINT8
                                                       : CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
    encode_2d(map, type, element_bytes(t), base, rows, cols, box_rows, box_cols, CU_TENSOR_MAP_SWIZZLE_128B,
              CU_TENSOR_MAP_L2_PROMOTION_L2_128B);
}

/* A map with what it was built from; a zeroed one holds no map yet. */
struct tensor_map_cache {
    CUtensorMap map;
    const void *base;
    enum dtype t;
    int rows, cols, box_rows;
};

static const CUtensorMap *cached_map(struct tensor_map_cache *c, const void *base, enum dtype t, int rows, int cols,
                                     int box_rows)
{
    if (!c->base || c->base != base || c->t != t || c->rows != rows || c->cols != cols || c->box_rows != box_rows) {
        make_tensor_map_2d(&c->map, base, t, rows, cols, box_rows, 128 / element_bytes(t));
        c->base = base;
        c->t = t;
        c->rows = rows;
        c->cols = cols;
        c->box_rows = box_rows;
    }
    return &c->map;
}

struct gemm_tensor_maps gemm_tensor_maps(const void *A, const void *B, const void *C, enum dtype t, int m, int n,
                                         int k, int bm, int c_box_rows)
{
    static struct tensor_map_cache map_A, map_B, map_C;
    struct gemm_tensor_maps maps = {cached_map(&map_A, A, t, m, k, bm), cached_map(&map_B, B, t, k, n, 64), NULL};
    if (c_box_rows > 0)
        maps.C = cached_map(&map_C, C, t, m, n, c_box_rows);
    return maps;
}

struct gemm_tensor_maps gemm_tensor_maps_tn(const void *A, const void *B, const void *C, enum dtype t, int m, int n,
                                            int k, int a_box_rows, int b_box_rows, int c_box_rows)
{
    static struct tensor_map_cache map_A, map_B, map_C;
    struct gemm_tensor_maps maps = {cached_map(&map_A, A, t, m, k, a_box_rows), cached_map(&map_B, B, t, n, k, b_box_rows),
                                    cached_map(&map_C, C, DTYPE_BF16, m, n, c_box_rows)};
    return maps;
}

const CUtensorMap *scale_tensor_map(const float *scales, int pitch, int blocks, int box)
{
    static CUtensorMap map;
    static const float *base;
    static int last_pitch, last_blocks, last_box;
    if (base == scales && last_pitch == pitch && last_blocks == blocks && last_box == box)
        return &map;
    encode_2d(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 4, scales, blocks, pitch, 1, box, CU_TENSOR_MAP_SWIZZLE_NONE,
              CU_TENSOR_MAP_L2_PROMOTION_NONE);
    base = scales;
    last_pitch = pitch;
    last_blocks = blocks;
    last_box = box;
    return &map;
}
