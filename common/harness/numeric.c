#include "numeric.h"

#include "exit_codes.h"
#include "random.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    const char *name;
    size_t bytes;
} dtype_info[NUM_DTYPES] = {
    [DTYPE_TF32] = {"tf32", 4},
    [DTYPE_FP16] = {"fp16", 2},
    [DTYPE_BF16] = {"bf16", 2},
    [DTYPE_E4M3] = {"e4m3", 1},
};

const char *dtype_name(enum dtype t) { return dtype_info[t].name; }
size_t dtype_bytes(enum dtype t) { return dtype_info[t].bytes; }
enum dtype dtype_out(enum dtype t) { return t == DTYPE_E4M3 ? DTYPE_BF16 : t; }

int dtype_from_name(const char *name, enum dtype *t)
{
    for (int i = 0; i < NUM_DTYPES; i++)
        if (strcmp(name, dtype_info[i].name) == 0) {
            *t = (enum dtype)i;
            return 1;
        }
    return 0;
}

static uint32_t float_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static float bits_float(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

uint16_t float_to_half_rn(float f)
{
    uint32_t x = float_bits(f);
    uint16_t sign = (uint16_t)((x >> 16) & 0x8000u);
    float a = fabsf(f);
    if (isnan(f))
        return sign | 0x7e00u;
    if (a >= 65520.0f) /* rounds to infinity */
        return sign | 0x7c00u;
    if (a < 6.103515625e-05f) /* subnormal half: a multiple of 2^-24, rounded by the FPU */
        return sign | (uint16_t)lrintf(a * 16777216.0f);
    uint32_t u = float_bits(a);
    uint32_t mant = u & 0x7fffffu;
    int exp = (int)(u >> 23) - 127 + 15;
    uint32_t h = ((uint32_t)exp << 10) | (mant >> 13);
    uint32_t rest = mant & 0x1fffu; /* the 13 dropped bits: round half to even */
    if (rest > 0x1000u || (rest == 0x1000u && (h & 1u)))
        h++;
    return sign | (uint16_t)h;
}

float half_to_float(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
    uint32_t exp = (h >> 10) & 0x1fu, mant = h & 0x3ffu;
    if (exp == 0) {
        float v = (float)mant / 16777216.0f;
        return sign ? -v : v;
    }
    if (exp == 31)
        return bits_float(sign | 0x7f800000u | (mant << 13));
    return bits_float(sign | ((exp - 15 + 127) << 23) | (mant << 13));
}

uint16_t float_to_bf16_rn(float f)
{
    uint32_t u = float_bits(f);
    if (isnan(f))
        return (uint16_t)((u >> 16) | 0x40u);
    u += 0x7fffu + ((u >> 16) & 1u); /* round half to even on the 16 dropped bits */
    return (uint16_t)(u >> 16);
}

float bf16_to_float(uint16_t h) { return bits_float((uint32_t)h << 16); }

/* e4m3 (the OCP "fn" FP8): bias 7, no infinities, S.1111.111 is NaN, so 448 (S.1111.110) is the
 * largest finite; below 2^-6 the subnormals are multiples of 2^-9. Rounded to nearest even, and
 * saturated to 448 as __nv_cvt_float_to_fp8(.., __NV_SATFINITE, __NV_E4M3) does. */
uint8_t float_to_e4m3_satfinite(float f)
{
    uint8_t sign = (uint8_t)((float_bits(f) >> 24) & 0x80u);
    float a = fabsf(f);
    if (isnan(f))
        return sign | 0x7fu;
    if (a >= 448.0f)
        return sign | 0x7eu;
    if (a < 0.015625f) /* subnormal: a multiple of 2^-9, rounded by the FPU (8 carries into 2^-6) */
        return sign | (uint8_t)lrintf(a * 512.0f);
    uint32_t u = float_bits(a), mant = u & 0x7fffffu;
    uint32_t q = (((u >> 23) - 127 + 7) << 3) | (mant >> 20);
    uint32_t rest = mant & 0xfffffu; /* the 20 dropped bits: round half to even */
    if (rest > 0x80000u || (rest == 0x80000u && (q & 1u)))
        q++;
    return sign | (uint8_t)q;
}

float e4m3_to_float(uint8_t q)
{
    int exp = (q >> 3) & 0xf, mant = q & 7;
    float v = exp == 15 && mant == 7 ? NAN : exp == 0 ? ldexpf((float)mant, -9) : ldexpf(1.0f + mant / 8.0f, exp - 7);
    return q & 0x80u ? -v : v;
}

double stored_value(enum dtype t, const void *data, size_t i)
{
    switch (t) {
    case DTYPE_TF32: return ((const float *)data)[i];
    case DTYPE_FP16: return half_to_float(((const uint16_t *)data)[i]);
    case DTYPE_BF16: return bf16_to_float(((const uint16_t *)data)[i]);
    case DTYPE_E4M3: return e4m3_to_float(((const uint8_t *)data)[i]);
    default: return NAN;
    }
}

uint64_t rng_next(struct rng *r) { return mix(r->state += GOLDEN); }

float rng_uniform(struct rng *r) { return uniform_of(rng_next(r)); }

/* The error of one output element, normalised by sum_k |a*b| (so |c| <= 1 in these units),
 * is the sum of three terms, each bounded for the precision:
 *  - operand rounding inside the kernel: the tf32 steps feed raw fp32 bits to the tensor core,
 *    which truncates each operand to 10 mantissa bits (relative error < 2^-10), so each product
 *    is off by < 2*2^-10; fp16/bf16 operands are already exact in their type: 0;
 *  - accumulation of K products: fp32 accumulators, worst case K adds of <= 2^-23 (tensor cores
 *    may truncate rather than round) -> K*2^-23 (0.002 at K = 16384). fp16 accumulators
 *    (step 08): the worst case K*2^-11 exceeds 1 from K = 2048, so we take the random-walk
 *    growth of K independent rounding errors of sign +-, each <= 2^-11: sqrt(K)*2^-11;
 *  - output rounding: |c| <= sum|a*b|, so <= 2^-24 (fp32 out), 2^-11 (fp16), 2^-8 (bf16, and
 *    the bf16 C of e4m3).
 * e4m3 differs in two terms. Its reference multiplies the dequantized operands, q x scale rounded
 * to fp32 (< 2^-24 each): 2^-23 a product. And Hopper's FP8 tensor cores add with fewer bits than
 * fp32 (about 14, DeepSeek-V3 measured): taking each k32 wgmma's sum as kept to 2^-13 of the
 * running sum, at most sum|a*b| of its block, a K block of 128 (four of them) before its sum is
 * promoted into fp32 costs 4 x 2^-13 of its own sum|a*b|: 2^-11 over all blocks, then K x 2^-23
 * for the fp32 adds. A kernel that never promotes can exceed this at long K: that is the point.
 * A comparison between two computed results (kernel vs cuBLAS) allows twice this. */
double error_tolerance(enum dtype t, enum accum acc, int k)
{
    double operand = t == DTYPE_TF32 ? 2.0 * ldexp(1.0, -10) : t == DTYPE_E4M3 ? ldexp(1.0, -23) : 0.0;
    double output = t == DTYPE_TF32 ? ldexp(1.0, -24) : t == DTYPE_FP16 ? ldexp(1.0, -11) : ldexp(1.0, -8);
    double accumulate = acc == ACCUM_FP32 ? k * ldexp(1.0, -23) : sqrt((double)k) * ldexp(1.0, -11);
    if (t == DTYPE_E4M3)
        accumulate += ldexp(1.0, -11);
    return operand + accumulate + output;
}

void *host_alloc(size_t bytes)
{
    void *p = malloc(bytes);
    if (!p) {
        fprintf(stderr, "cannot run: out of host memory (%.2f GiB requested)\n", bytes / 1073741824.0);
        exit(EXIT_CANNOT_RUN);
    }
    return p;
}
