/* Tensor maps for TMA (cp.async.bulk.tensor), built on the host through the driver's
 * cuTensorMapEncodeTiled, which the runtime hands out by cudaGetDriverEntryPointByVersion: the
 * binaries link no libcuda. */
#ifndef TMA_H
#define TMA_H

#include <cuda.h>

#include "launch.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The map of a row-major rows x cols matrix of t (fp16, bf16 or e4m3) at base, read in boxes of
 * box_rows x box_cols elements with the 128-byte swizzle (box_cols elements must be 128 bytes or
 * less), L2 promotion of 128 bytes, and zeros for elements past the edges. A row's bytes must be
 * a multiple of 16 (TMA's row stride rule). A failing driver call is named on stderr and the process exits 4. */
void make_tensor_map_2d(CUtensorMap *map, const void *base, enum dtype t, int rows, int cols, int box_rows,
                        int box_cols);

/* The maps of a TMA step's matrices, in boxes of 64 columns (128 bytes, the widest the 128-byte
 * swizzle takes): A (m x k) in boxes of bm x 64 rows of K, B (k x n) in boxes of 64 x 64, and,
 * when c_box_rows > 0, C (m x n) in boxes of c_box_rows x 64 (else NULL). Building a map is a
 * driver call: each is rebuilt only when its matrix, shape or box differ from the last call's,
 * so the timed launches of one problem reuse them. */
struct gemm_tensor_maps {
    const CUtensorMap *A, *B, *C;
};
struct gemm_tensor_maps gemm_tensor_maps(const void *A, const void *B, const void *C, enum dtype t, int m, int n,
                                         int k, int bm, int c_box_rows);

/* The maps of a TN step (17 on: A m x k and B n x k, both K-major, of t): A in boxes of
 * a_box_rows x 128 bytes of K, B in boxes of b_box_rows x 128 bytes, C (m x n, bf16) in boxes of
 * c_box_rows x 64. Cached as gemm_tensor_maps's. */
struct gemm_tensor_maps gemm_tensor_maps_tn(const void *A, const void *B, const void *C, enum dtype t, int m, int n,
                                            int k, int a_box_rows, int b_box_rows, int c_box_rows);

/* 18: the map of A's block scales (launch.h's layout: K block by K block, each a row of pitch
 * fp32 scales, blocks rows), read in boxes of box scales of one K block, unswizzled. Cached. */
const CUtensorMap *scale_tensor_map(const float *scales, int pitch, int blocks, int box);

#ifdef __cplusplus
}
#endif

#endif
