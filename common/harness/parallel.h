/* The host-side loops over whole matrices (input generation, |A| and |B|, the full comparison
 * with cuBLAS) split over the CPU's cores: at 16384^3 a single core spends seconds on them. */
#ifndef PARALLEL_H
#define PARALLEL_H

#include <stddef.h>

/* Calls fn(begin, end, part, ctx) on parts [begin, end) of [0, count), part = 0, 1, ... in
 * order of begin, from up to parallel_parts() threads, and returns once all have returned.
 * Small counts run in the calling thread as one part. */
void parallel_for(size_t count, void (*fn)(size_t begin, size_t end, int part, void *ctx), void *ctx);

/* The number of parts parallel_for may use (its callers size per-part results by it). */
int parallel_parts(void);

#endif
