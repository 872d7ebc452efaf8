/* The input generator, one formula for the host and the GPU: element i of a draw from state s
 * is uniform_of(mix(s + (i + 1) GOLDEN)), splitmix64's output function of its (i + 1)-th state,
 * so any element can be drawn on its own and a whole matrix in parallel. */
#ifndef RANDOM_H
#define RANDOM_H

#include <stdint.h>

#ifdef __CUDACC__
#define HOST_DEVICE __host__ __device__
#else
#define HOST_DEVICE
#endif

#define GOLDEN 0x9e3779b97f4a7c15ull

static inline HOST_DEVICE uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* (j + 0.5) / 2^23 - 1 for the top 24 bits j: symmetric, never 0, and its smallest magnitude
 * 2^-24 is still representable in fp16 and bf16. */
static inline HOST_DEVICE float uniform_of(uint64_t bits)
{
    uint32_t j = (uint32_t)(bits >> 40);
    return (float)(((double)j + 0.5) / 8388608.0 - 1.0);
}

/* The values e4m3 operands are quantized from: draw i of a rows x cols matrix times 2^-j, j in
 * 0..3 drawn for the block that holds it (a row's 128 columns, or 128 rows' for block_rows 128),
 * so that the blocks' scales differ and a kernel that applies the wrong block's is caught. */
static inline HOST_DEVICE float spread_draw(uint64_t state, uint64_t i, int cols, int block_rows)
{
    uint64_t row = i / (uint64_t)cols, col = i % (uint64_t)cols;
    uint64_t block = row / (uint64_t)block_rows * (((uint64_t)cols + 127) / 128) + col / 128;
    int j = (int)(mix(~state ^ (block + 1) * GOLDEN) >> 62);
    return uniform_of(mix(state + (i + 1) * GOLDEN)) / (float)(1 << j);
}

#endif
