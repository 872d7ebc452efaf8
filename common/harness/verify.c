#include "verify.h"

#include "parallel.h"

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

void reference_sample_build(struct reference_sample *s, enum layout layout, int m, int n, int k,
                            const float *A, const float *B, unsigned long long seed)
{
    struct rng r = {seed ^ 0x5eed5a3b1eull};
    size_t corners[4] = {0, (size_t)n - 1, (size_t)(m - 1) * n, (size_t)m * n - 1};
    s->count = SAMPLE_RANDOM + 4;
    s->index = host_alloc(s->count * sizeof *s->index);
    s->exact = host_alloc(s->count * sizeof *s->exact);
    s->abs_sum = host_alloc(s->count * sizeof *s->abs_sum);
    for (size_t i = 0; i < s->count; i++) {
        size_t idx = i < 4 ? corners[i] : rng_next(&r) % ((size_t)m * n);
        size_t row = idx / n, col = idx % n;
        double sum = 0.0, abs_sum = 0.0;
        for (int kk = 0; kk < k; kk++) {
            double b = layout == LAYOUT_TN ? B[col * k + kk] : B[(size_t)kk * n + col];
            double prod = (double)A[row * k + kk] * b;
            sum += prod;
            abs_sum += fabs(prod);
        }
        s->index[i] = idx;
        s->exact[i] = sum;
        s->abs_sum[i] = abs_sum;
    }
}

void reference_sample_free(struct reference_sample *s)
{
    free(s->index);
    free(s->exact);
    free(s->abs_sum);
}

struct check_result check_against_sample(const struct reference_sample *s, enum dtype t, const void *C, double tol)
{
    struct check_result r = {0};
    for (size_t i = 0; i < s->count; i++) {
        double c = stored_value(t, C, s->index[i]);
        note(&r, s->index[i], c, s->exact[i], fabs(c - s->exact[i]) / s->abs_sum[i]);
    }
    r.ok = !r.nonfinite && r.max_err <= tol;
    return r;
}

struct full_check {
    enum dtype t;
    const void *C, *ref;
    const float *norm;
    struct check_result part[32]; /* one per part: parallel_parts() is at most 32 */
};

static void check_part(size_t begin, size_t end, int part, void *ctx)
{
    struct full_check *f = ctx;
    struct check_result *r = &f->part[part];
    for (size_t i = begin; i < end; i++) {
        double c = stored_value(f->t, f->C, i), expect = stored_value(f->t, f->ref, i);
        note(r, i, c, expect, fabs(c - expect) / f->norm[i]);
    }
}

struct check_result check_against_full(enum dtype t, const void *C, const void *ref, const float *norm,
                                       size_t count, double tol)
{
    struct full_check f = {.t = t, .C = C, .ref = ref, .norm = norm};
    parallel_for(count, check_part, &f);
    /* The parts in order, as one pass would have met them: the first non-finite element, else
     * the first of the largest errors. */
    struct check_result r = {0};
    for (int p = 0; p < parallel_parts() && !r.nonfinite; p++)
        if (f.part[p].nonfinite || f.part[p].max_err > r.max_err)
            r = f.part[p];
    r.ok = !r.nonfinite && r.max_err <= tol;
    return r;
}

size_t first_difference(const void *a, const void *b, size_t count, size_t elem_bytes)
{
    if (memcmp(a, b, count * elem_bytes) == 0)
        return count;
    const unsigned char *x = a, *y = b;
    size_t i = 0;
    while (memcmp(x + i * elem_bytes, y + i * elem_bytes, elem_bytes) == 0)
        i++;
    return i;
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
