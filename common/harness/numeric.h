/* Element types, their host-side conversions, the generator's host side and the error tolerance. */
#ifndef NUMERIC_H
#define NUMERIC_H

#include <stddef.h>
#include <stdint.h>

#include "launch.h" /* enum dtype, enum accum */

const char *dtype_name(enum dtype t);
size_t dtype_bytes(enum dtype t); /* storage size of one element in device memory */
enum dtype dtype_out(enum dtype t); /* the type C is stored in: bf16 for e4m3, else t */
int dtype_from_name(const char *name, enum dtype *t);

uint16_t float_to_half_rn(float f);
float half_to_float(uint16_t h);
uint16_t float_to_bf16_rn(float f);
float bf16_to_float(uint16_t h);
uint8_t float_to_e4m3_satfinite(float f);
float e4m3_to_float(uint8_t q);

/* Element i of an array stored as type t (fp32 for tf32), as a double. */
double stored_value(enum dtype t, const void *data, size_t i);

/* splitmix64 (random.h): reproducible from --seed. */
struct rng {
    uint64_t state;
};
uint64_t rng_next(struct rng *r);
/* Uniform in (-1, 1), never exactly zero. */
float rng_uniform(struct rng *r);

/* malloc that exits 3 with a message when the host is out of memory. */
void *host_alloc(size_t bytes);

/* Largest accepted |c - exact| / sum_k |a*b| for one output element (see numeric.c). */
double error_tolerance(enum dtype t, enum accum acc, int k);

#endif
