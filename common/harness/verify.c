#include "verify.h"

#include "device_data.h"
#include "gpu.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

#define SAMPLE_RANDOM 1024

static void note(struct check_result *r, size_t i, double value, double ref, double err)
{
    if (!isfinite(value)) {
        if (!r->nonfinite) {
            r->nonfinite = 1;
            r->worst = i;
            r->worst_value = value;
            r->worst_ref = ref;
            r->max_err = INFINITY;
        }
        return;
    }
    if (!r->nonfinite && err > r->max_err) {
        r->max_err = err;
        r->worst = i;
        r->worst_value = value;
        r->worst_ref = ref;
    }
}

void reference_sample_build(struct reference_sample *s, enum layout layout, enum dtype t, int m, int n, int k,
                            const void *A, const void *B, unsigned long long seed)
{
    struct rng r = {seed ^ 0x5eed5a3b1eull};
    const size_t corners[4] = {0, (size_t)n - 1, (size_t)(m - 1) * n, (size_t)m * n - 1};
    s->count = 4 + SAMPLE_RANDOM + (size_t)n + (size_t)m;
    s->index = host_alloc(s->count * sizeof *s->index);
    s->exact = host_alloc(s->count * sizeof *s->exact);
    s->abs_sum = host_alloc(s->count * sizeof *s->abs_sum);
    size_t i = 0;
    for (int c = 0; c < 4; c++)
        s->index[i++] = corners[c];
    for (int j = 0; j < SAMPLE_RANDOM; j++)
        s->index[i++] = rng_next(&r) % ((size_t)m * n);
    for (int col = 0; col < n; col++)
        s->index[i++] = (size_t)(m - 1) * n + col;
    for (int row = 0; row < m; row++)
        s->index[i++] = (size_t)row * n + n - 1;
    size_t bytes = s->count * sizeof(double);
    double *exact = device_alloc(bytes), *abs_sum = device_alloc(bytes);
    s->dev_index = device_alloc(s->count * sizeof *s->dev_index);
    s->dev_values = device_alloc(bytes);
    CUDA_CHECK(cudaMemcpy(s->dev_index, s->index, s->count * sizeof *s->index, cudaMemcpyHostToDevice));
    device_reference(layout, t, m, n, k, A, B, s->dev_index, s->count, exact, abs_sum);
    CUDA_CHECK(cudaMemcpy(s->exact, exact, bytes, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(s->abs_sum, abs_sum, bytes, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaFree(exact));
    CUDA_CHECK(cudaFree(abs_sum));
}

void reference_sample_free(struct reference_sample *s)
{
    free(s->index);
    free(s->exact);
    free(s->abs_sum);
    CUDA_CHECK(cudaFree(s->dev_index));
    CUDA_CHECK(cudaFree(s->dev_values));
}

struct check_result check_against_sample(const struct reference_sample *s, enum dtype t, const void *C, double tol)
{
    struct check_result r = {0};
    double *values = host_alloc(s->count * sizeof *values);
    device_gather(t, C, s->dev_index, s->count, s->dev_values);
    CUDA_CHECK(cudaMemcpy(values, s->dev_values, s->count * sizeof *values, cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < s->count; i++)
        note(&r, s->index[i], values[i], s->exact[i], fabs(values[i] - s->exact[i]) / s->abs_sum[i]);
    free(values);
    r.ok = !r.nonfinite && r.max_err <= tol;
    return r;
}

struct check_result check_against_full(enum dtype t, const void *C, const void *ref, const float *norm,
                                       size_t count, double tol)
{
    struct device_worst w = device_compare(t, C, ref, norm, count);
    struct check_result r = {.max_err = w.err, .worst = w.at, .nonfinite = w.nonfinite,
                             .worst_value = device_value(t, C, w.at), .worst_ref = device_value(t, ref, w.at)};
    r.ok = !r.nonfinite && r.max_err <= tol;
    return r;
}

void print_worst(const char *label, const struct check_result *r, int n, double tol)
{
    fprintf(stderr, "FAIL %s: C[%zu][%zu] = %.6g, expected %.6g (error %.3g, tolerance %.3g)%s\n", label,
            r->worst / n, r->worst % n, r->worst_value, r->worst_ref, r->max_err, tol,
            r->nonfinite ? ": not finite (unwritten or overflowed)" : "");
}

struct verdict verify_result(const char *label, enum dtype t, enum accum acc, int m, int n, int k, const void *C,
                             const void *C_ref, const float *norm, const struct reference_sample *sample)
{
    double tol = error_tolerance(t, acc, k);
    t = dtype_out(t); /* the type C is stored in */
    struct check_result vs_fp64 = check_against_sample(sample, t, C, tol);
    struct verdict v = {"ok", vs_fp64.max_err};
    if (!vs_fp64.ok) {
        print_worst(label, &vs_fp64, n, tol);
        v.check = "FAIL";
    }
    if (C_ref) { /* both sides carry rounding error: twice the tolerance */
        struct check_result vs_ref = check_against_full(t, C, C_ref, norm, (size_t)m * n, 2 * tol);
        if (!vs_ref.ok) {
            char what[96];
            snprintf(what, sizeof what, "%s vs cuBLAS", label);
            print_worst(what, &vs_ref, n, 2 * tol);
            v.check = "FAIL";
        }
    }
    return v;
}
