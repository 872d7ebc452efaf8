// The GPU side of device_data.h. Each kernel is a grid-stride loop, one element a thread at a
// time, templated on the element type so that the loads are plain.
#include "device_data.h"
#include "random.h"

#include "gpu.h"

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>

#include <math.h>
#include <string.h>

constexpr int THREADS = 256, BLOCKS = 2048; // enough to fill any GPU, few enough to launch fast

__device__ inline double value(float x) { return x; }
__device__ inline double value(__half x) { return __half2float(x); }
__device__ inline double value(__nv_bfloat16 x) { return __bfloat162float(x); }
__device__ inline double value(__nv_fp8_e4m3 x) { return static_cast<float>(x); }
__device__ inline void round_to(float v, float *out) { *out = v; }
__device__ inline void round_to(float v, __half *out) { *out = __float2half_rn(v); }
__device__ inline void round_to(float v, __nv_bfloat16 *out) { *out = __float2bfloat16_rn(v); }
__device__ inline void round_to(float v, __nv_fp8_e4m3 *out) { *out = __nv_fp8_e4m3(v); } // nearest, saturated to 448

__device__ inline size_t first_index() { return blockIdx.x * (size_t)blockDim.x + threadIdx.x; }
__device__ inline size_t stride() { return (size_t)gridDim.x * blockDim.x; }

// Calls fn(T{}) for the C++ type of t: the one place a dtype becomes a template argument.
template <typename F>
static void with_type(enum dtype t, F fn)
{
    if (t == DTYPE_TF32)
        fn(float{});
    else if (t == DTYPE_FP16)
        fn(__half{});
    else if (t == DTYPE_BF16)
        fn(__nv_bfloat16{});
    else
        fn(__nv_fp8_e4m3{});
}

template <typename T>
__global__ void fill_kernel(uint64_t state, T *bits, size_t count)
{
    for (size_t i = first_index(); i < count; i += stride())
        round_to(uniform_of(mix(state + (uint64_t)(i + 1) * GOLDEN)), &bits[i]);
}

template <typename T>
__global__ void abs_kernel(const T *bits, float *abs_values, size_t count)
{
    for (size_t i = first_index(); i < count; i += stride())
        abs_values[i] = (float)fabs(value(bits[i]));
}

// One thread a sampled element. Where consecutive threads hold consecutive columns of one row
// (the sample's rows), their loads of B are coalesced and A's is one broadcast.
template <typename T>
__global__ void reference_kernel(bool tn, int n, int k, const T *A, const T *B, const size_t *index, size_t count,
                                 double *exact, double *abs_sum)
{
    for (size_t s = first_index(); s < count; s += stride()) {
        const size_t row = index[s] / n, col = index[s] % n;
        double sum = 0.0, abs = 0.0;
        for (int kk = 0; kk < k; kk++) {
            const double p = value(A[row * k + kk]) * value(B[tn ? col * k + kk : (size_t)kk * n + col]);
            sum += p;
            abs += fabs(p);
        }
        exact[s] = sum;
        abs_sum[s] = abs;
    }
}

template <typename T>
__global__ void gather_kernel(const T *C, const size_t *index, size_t count, double *values)
{
    for (size_t s = first_index(); s < count; s += stride())
        values[s] = value(C[index[s]]);
}

// A thread's worst element as one 64-bit key, the error's fp32 bits above the complement of
// its index (C holds under 2^31 elements): the largest key is the largest error, and of equal
// errors the first. Reduced over the warp, then one atomic a warp.
__device__ inline void reduce_worst(unsigned long long key, unsigned long long bad, unsigned long long *worst_key,
                                    unsigned long long *first_bad)
{
    for (int d = 16; d > 0; d /= 2) {
        key = max(key, __shfl_down_sync(0xffffffffu, key, d));
        bad = min(bad, __shfl_down_sync(0xffffffffu, bad, d));
    }
    if (threadIdx.x % 32 == 0) {
        atomicMax(worst_key, key);
        atomicMin(first_bad, bad);
    }
}

template <typename T>
__global__ void compare_kernel(const T *C, const T *ref, const float *norm, size_t count,
                               unsigned long long *worst_key, unsigned long long *first_bad)
{
    unsigned long long key = 0, bad = ~0ull;
    for (size_t i = first_index(); i < count; i += stride()) {
        const double c = value(C[i]);
        if (!isfinite(c)) {
            bad = min(bad, (unsigned long long)i);
            continue;
        }
        const float err = (float)(fabs(c - value(ref[i])) / norm[i]);
        key = max(key, (unsigned long long)__float_as_uint(fabsf(err)) << 32 | (0xffffffffu - (uint32_t)i));
    }
    reduce_worst(key, bad, worst_key, first_bad);
}

// The first difference is the least index that differs: the compare's `bad` counter, counts[1].
template <typename W>
__global__ void difference_kernel(const W *a, const W *b, size_t count, unsigned long long *counts)
{
    unsigned long long at = ~0ull;
    for (size_t i = first_index(); i < count; i += stride())
        if (a[i] != b[i]) {
            at = i;
            break; // the later ones of this thread are further on
        }
    reduce_worst(0, at, counts, counts + 1);
}

// e4m3 operands, rows x k: A (block rows 1) or B (block rows 128), their scales where launch.h
// puts them.
__device__ inline size_t scale_at(enum scaling s, bool is_b, int rows, int k, int row, int col)
{
    return is_b ? scale_b_index(s, k, row, col) : scale_a_index(s, rows, row, col);
}

// The largest |x| of each scale's block, as fp32 bits (non-negative floats order as their bits):
// one thread a row's K block of up to 128 values, one atomicMax into its block's slot.
__global__ void amax_kernel(enum scaling s, bool is_b, uint64_t state, int rows, int k, unsigned *amax)
{
    const int blocks = scale_blocks(k);
    for (size_t t = first_index(); t < (size_t)rows * blocks; t += stride()) {
        const int row = (int)(t / blocks), c0 = (int)(t % blocks) * SCALE_BLOCK;
        float m = 0.0f;
        for (int c = c0; c < min(k, c0 + SCALE_BLOCK); c++)
            m = fmaxf(m, fabsf(spread_draw(state, (size_t)row * k + c, k, is_b ? SCALE_BLOCK : 1)));
        atomicMax(&amax[scale_at(s, is_b, rows, k, row, c0)], __float_as_uint(m));
    }
}

// 448 is e4m3's largest finite value: the block's largest |x| lands on it. A slot no value falls
// in (A's padding) gets 1.
__global__ void scale_kernel(const unsigned *amax, float *scales, size_t count)
{
    for (size_t i = first_index(); i < count; i += stride())
        scales[i] = amax[i] ? __uint_as_float(amax[i]) / 448.0f : 1.0f;
}

__global__ void quantize_kernel(enum scaling s, bool is_b, uint64_t state, int rows, int k, const float *scales,
                                __nv_fp8_e4m3 *q)
{
    for (size_t i = first_index(); i < (size_t)rows * k; i += stride()) {
        const int row = (int)(i / k), col = (int)(i % k);
        const float x = spread_draw(state, i, k, is_b ? SCALE_BLOCK : 1);
        round_to(x / scales[scale_at(s, is_b, rows, k, row, col)], &q[i]);
    }
}

__global__ void dequantize_kernel(enum scaling s, bool is_b, int rows, int k, const __nv_fp8_e4m3 *q,
                                  const float *scales, float *out)
{
    for (size_t i = first_index(); i < (size_t)rows * k; i += stride()) {
        const int row = (int)(i / k), col = (int)(i % k);
        out[i] = static_cast<float>(q[i]) * scales[scale_at(s, is_b, rows, k, row, col)];
    }
}

static void done(const char *what)
{
    cuda_check(cudaGetLastError(), what, __FILE__, __LINE__);
    cuda_check(cudaDeviceSynchronize(), what, __FILE__, __LINE__);
}

extern "C" void device_fill_random(enum dtype t, uint64_t state, void *bits, size_t count)
{
    with_type(t, [&](auto x) { fill_kernel<<<BLOCKS, THREADS>>>(state, static_cast<decltype(x) *>(bits), count); });
    done("fill_kernel");
}

extern "C" void device_fill_e4m3(enum scaling s, int is_b, uint64_t state, int rows, int k, void *q, float *scales)
{
    const size_t count = is_b ? scale_b_count(s, rows, k) : scale_a_count(s, rows, k);
    unsigned *amax = static_cast<unsigned *>(device_alloc(count * sizeof(unsigned)));
    CUDA_CHECK(cudaMemset(amax, 0, count * sizeof(unsigned)));
    amax_kernel<<<BLOCKS, THREADS>>>(s, is_b, state, rows, k, amax);
    done("amax_kernel");
    scale_kernel<<<BLOCKS, THREADS>>>(amax, scales, count);
    done("scale_kernel");
    quantize_kernel<<<BLOCKS, THREADS>>>(s, is_b, state, rows, k, scales, static_cast<__nv_fp8_e4m3 *>(q));
    done("quantize_kernel");
    CUDA_CHECK(cudaFree(amax));
}

extern "C" void device_dequantize_e4m3(enum scaling s, int is_b, int rows, int k, const void *q, const float *scales,
                                       float *out)
{
    dequantize_kernel<<<BLOCKS, THREADS>>>(s, is_b, rows, k, static_cast<const __nv_fp8_e4m3 *>(q), scales, out);
    done("dequantize_kernel");
}

extern "C" void device_abs(enum dtype t, const void *bits, float *abs_values, size_t count)
{
    with_type(t, [&](auto x) {
        abs_kernel<<<BLOCKS, THREADS>>>(static_cast<const decltype(x) *>(bits), abs_values, count);
    });
    done("abs_kernel");
}

extern "C" void device_reference(enum layout layout, enum dtype t, int m, int n, int k, const void *A, const void *B,
                                 const size_t *index, size_t count, double *exact, double *abs_sum)
{
    (void)m;
    with_type(t, [&](auto x) {
        using T = decltype(x);
        reference_kernel<<<BLOCKS, THREADS>>>(layout == LAYOUT_TN, n, k, static_cast<const T *>(A),
                                              static_cast<const T *>(B), index, count, exact, abs_sum);
    });
    done("reference_kernel");
}

extern "C" void device_gather(enum dtype t, const void *C, const size_t *index, size_t count, double *values)
{
    with_type(t, [&](auto x) {
        gather_kernel<<<BLOCKS, THREADS>>>(static_cast<const decltype(x) *>(C), index, count, values);
    });
    done("gather_kernel");
}

// Two counters in device memory, set to their starting values, and read back.
static unsigned long long *counters(unsigned long long key, unsigned long long bad)
{
    unsigned long long init[2] = {key, bad}, *d = static_cast<unsigned long long *>(device_alloc(sizeof init));
    CUDA_CHECK(cudaMemcpy(d, init, sizeof init, cudaMemcpyHostToDevice));
    return d;
}

static void read_counters(unsigned long long *d, unsigned long long out[2])
{
    CUDA_CHECK(cudaMemcpy(out, d, 2 * sizeof out[0], cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaFree(d));
}

extern "C" struct device_worst device_compare(enum dtype t, const void *C, const void *ref, const float *norm,
                                              size_t count)
{
    unsigned long long *d = counters(0, ~0ull), r[2];
    with_type(t, [&](auto x) {
        using T = decltype(x);
        compare_kernel<<<BLOCKS, THREADS>>>(static_cast<const T *>(C), static_cast<const T *>(ref), norm, count, d,
                                            d + 1);
    });
    done("compare_kernel");
    read_counters(d, r);
    if (r[1] < count)
        return {(size_t)r[1], 1, INFINITY};
    uint32_t err_bits = (uint32_t)(r[0] >> 32);
    float err;
    memcpy(&err, &err_bits, sizeof err);
    return {(size_t)(0xffffffffu - (uint32_t)r[0]), 0, err};
}

extern "C" size_t device_first_difference(const void *a, const void *b, size_t count, size_t elem_bytes)
{
    unsigned long long *d = counters(0, ~0ull), r[2];
    if (elem_bytes == 2)
        difference_kernel<<<BLOCKS, THREADS>>>(static_cast<const uint16_t *>(a), static_cast<const uint16_t *>(b),
                                               count, d);
    else
        difference_kernel<<<BLOCKS, THREADS>>>(static_cast<const uint32_t *>(a), static_cast<const uint32_t *>(b),
                                               count, d);
    done("difference_kernel");
    read_counters(d, r);
    return r[1] < count ? (size_t)r[1] : count;
}

extern "C" double device_value(enum dtype t, const void *data, size_t i)
{
    size_t *index = static_cast<size_t *>(device_alloc(sizeof(size_t)));
    double *value = static_cast<double *>(device_alloc(sizeof(double))), v;
    CUDA_CHECK(cudaMemcpy(index, &i, sizeof i, cudaMemcpyHostToDevice));
    device_gather(t, data, index, 1, value);
    CUDA_CHECK(cudaMemcpy(&v, value, sizeof v, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaFree(index));
    CUDA_CHECK(cudaFree(value));
    return v;
}
