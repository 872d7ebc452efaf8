/* Tensor maps for TMA (cp.async.bulk.tensor), built on the host through the driver's
 * cuTensorMapEncodeTiled, which the runtime hands out by cudaGetDriverEntryPointByVersion: the
 * binaries link no libcuda. */
#ifndef TMA_H
#define TMA_H

#include <cuda.h>

#include "numeric.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The map of a row-major rows x cols matrix of t (fp16 or bf16) at base, read in boxes of
 * box_rows x box_cols elements with the 128-byte swizzle (box_cols * 2 must be 128 or less), L2
 * promotion of 128 bytes, and zeros for elements past the edges. cols * 2 must be a multiple of
 * 16 (TMA's row stride rule). A failing driver call is named on stderr and the process exits 4. */
void make_tensor_map_2d(CUtensorMap *map, const void *base, enum dtype t, int rows, int cols, int box_rows,
                        int box_cols);

/* A tensor map with what it was built from. Building one is a driver call: tensor_map_2d_cached
 * rebuilds the map only when the matrix, its shape or its box differ from the last call's, so
 * the timed launches of one matrix reuse it. A zeroed cache holds no map yet. */
struct tensor_map_cache {
    CUtensorMap map;
    const void *base;
    enum dtype t;
    int rows, cols, box_rows, box_cols;
};
const CUtensorMap *tensor_map_2d_cached(struct tensor_map_cache *cache, const void *base, enum dtype t, int rows,
                                        int cols, int box_rows, int box_cols);

#ifdef __cplusplus
}
#endif

#endif
