/* GPU tests of the harness's own checks (device_data.cu, verify.c): the inputs drawn on the GPU
 * are the host generator's, and wrong results of every kind -- one element off, a NaN, an
 * unwritten tile, a result cuBLAS agrees with but fp64 does not, one flipped bit between runs --
 * fail. One PASS/FAIL line per test; exit 1 if any failed, 3 with no GPU. */
#include "baseline.h"
#include "device_data.h"
#include "gpu.h"
#include "numeric.h"
#include "random.h"
#include "verify.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

static void report(int ok, const char *name, const char *detail)
{
    printf("%s %s%s%s\n", ok ? "PASS" : "FAIL", name, ok ? "" : ": ", ok ? "" : detail);
    failures += !ok;
}

static void *upload(const void *host, size_t bytes)
{
    void *dev = device_alloc(bytes);
    CUDA_CHECK(cudaMemcpy(dev, host, bytes, cudaMemcpyHostToDevice));
    return dev;
}

static void download(void *host, const void *dev, size_t bytes)
{
    CUDA_CHECK(cudaMemcpy(host, dev, bytes, cudaMemcpyDeviceToHost));
}

static uint16_t to_bits(enum dtype t, float v) { return t == DTYPE_FP16 ? float_to_half_rn(v) : float_to_bf16_rn(v); }

/* Element i of a host array of type t becomes v, rounded to t. */
static void store(enum dtype t, void *data, size_t i, double v)
{
    if (t == DTYPE_TF32)
        ((float *)data)[i] = (float)v;
    else
        ((uint16_t *)data)[i] = to_bits(t, (float)v);
}

/* The GPU's draws are the host generator's, rounded as the host rounds, over more elements than
 * one pass of the grid covers. */
static void test_fill(void)
{
    enum { COUNT = 3 << 20 };
    const uint64_t state = 42 * GOLDEN;
    int same = 1;
    for (int t = 0; t < DTYPE_E4M3; t++) { /* e4m3 is drawn with its scales: test_e4m3_fill */
        size_t es = dtype_bytes((enum dtype)t);
        unsigned char *got = host_alloc(COUNT * es);
        void *dev = device_alloc(COUNT * es);
        device_fill_random((enum dtype)t, state, dev, COUNT);
        download(got, dev, COUNT * es);
        struct rng r = {state};
        for (size_t i = 0; i < COUNT; i++) {
            float v = rng_uniform(&r);
            same &= t == DTYPE_TF32 ? ((float *)got)[i] == v : ((uint16_t *)got)[i] == to_bits((enum dtype)t, v);
        }
        CUDA_CHECK(cudaFree(dev));
        free(got);
    }
    report(same, "device_fill_random draws the host generator's values in tf32, fp16 and bf16", "a value differs");
}

/* The full comparison names the first of two equal worst errors, and a NaN late in C over any
 * error. */
static void test_compare(void)
{
    enum { COUNT = 3 << 20 };
    uint16_t *bits = host_alloc(COUNT * sizeof *bits), *ref = host_alloc(COUNT * sizeof *ref);
    float *norm = host_alloc(COUNT * sizeof *norm);
    struct rng r = {5};
    for (size_t i = 0; i < COUNT; i++) {
        bits[i] = ref[i] = float_to_bf16_rn(rng_uniform(&r));
        norm[i] = 1.0f;
    }
    const size_t first = COUNT / 3, second = COUNT - 7; /* two equal errors of 0.5: the first is the worst */
    ref[first] = ref[second] = float_to_bf16_rn(0.25f);
    bits[first] = bits[second] = float_to_bf16_rn(0.75f);
    void *C = upload(bits, COUNT * sizeof *bits), *R = upload(ref, COUNT * sizeof *ref);
    float *N = upload(norm, COUNT * sizeof *norm);
    struct check_result c = check_against_full(DTYPE_BF16, C, R, N, COUNT, 0.1);
    int ok = !c.ok && c.worst == first && !c.nonfinite && c.max_err == 0.5 && c.worst_value == 0.75;
    const uint16_t nan = 0x7fc0;
    CUDA_CHECK(cudaMemcpy((uint16_t *)C + COUNT - 5, &nan, sizeof nan, cudaMemcpyHostToDevice));
    c = check_against_full(DTYPE_BF16, C, R, N, COUNT, 0.1);
    ok &= !c.ok && c.nonfinite && c.worst == COUNT - 5;
    report(ok, "the full check names the first of the largest errors, and a NaN over any error",
           "another element named");
    CUDA_CHECK(cudaFree(C));
    CUDA_CHECK(cudaFree(R));
    CUDA_CHECK(cudaFree(N));
    free(bits);
    free(ref);
    free(norm);
}

/* A small problem drawn on the GPU with its exact product: results built from it, right or
 * wrong in one way each, must come back ok or FAIL from verify_result as the kernels' do. */
static void test_checker(enum dtype t)
{
    enum { M = 48, N = 40, K = 64 };
    static double A[M * K], B[K * N], exact[M * N];
    static float norm[M * N];
    size_t es = dtype_bytes(t), count = (size_t)M * N;
    void *dA = device_alloc((size_t)M * K * es), *dB = device_alloc((size_t)K * N * es);
    device_fill_random(t, 7 * GOLDEN, dA, (size_t)M * K);
    device_fill_random(t, 8 * GOLDEN, dB, (size_t)K * N);
    unsigned char *bits = host_alloc((size_t)M * K * es > (size_t)K * N * es ? (size_t)M * K * es : (size_t)K * N * es);
    download(bits, dA, (size_t)M * K * es);
    for (size_t i = 0; i < (size_t)M * K; i++)
        A[i] = stored_value(t, bits, i);
    download(bits, dB, (size_t)K * N * es);
    for (size_t i = 0; i < (size_t)K * N; i++)
        B[i] = stored_value(t, bits, i);
    free(bits);
    unsigned char *good = host_alloc(count * es), *C = host_alloc(count * es);
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            double sum = 0, abs_sum = 0;
            for (int kk = 0; kk < K; kk++) {
                sum += A[i * K + kk] * B[kk * N + j];
                abs_sum += fabs(A[i * K + kk] * B[kk * N + j]);
            }
            exact[i * N + j] = sum;
            norm[i * N + j] = (float)abs_sum;
            store(t, good, (size_t)i * N + j, sum);
        }
    struct reference_sample sample;
    reference_sample_build(&sample, LAYOUT_NN, t, M, N, K, dA, dB, 1);
    void *d_good = upload(good, count * es), *d_C = device_alloc(count * es);
    float *d_norm = upload(norm, count * sizeof *norm);
    double tol = error_tolerance(t, ACCUM_FP32, K);
    char name[128];
    const char *dt = dtype_name(t);
    /* stderr carries print_worst's lines: expected for the FAIL cases, not wanted in the log */
    FILE *saved = stderr;
    stderr = fopen("/dev/null", "w");

    int agree = 1;
    for (size_t i = 0; i < sample.count; i++)
        agree &= fabs(sample.exact[i] - exact[sample.index[i]]) <= 1e-12 * norm[sample.index[i]];
    snprintf(name, sizeof name, "checker %s: the GPU's fp64 sample is the host's exact product", dt);
    report(agree && sample.count == 4 + 1024 + M + N, name, "a sampled sum differs, or the sample's size");

    struct verdict v = verify_result("good", t, ACCUM_FP32, M, N, K, d_good, d_good, d_norm, &sample);
    snprintf(name, sizeof name, "checker %s: the exact product rounded to the type is ok", dt);
    report(!strcmp(v.check, "ok"), name, "a correct result failed");

    const size_t wrong_elements[] = {0, count / 2 + 3, count - 1}; /* a corner, the middle, a corner */
    int caught = 0;
    for (int w = 0; w < 3; w++) {
        size_t e = wrong_elements[w];
        memcpy(C, good, count * es);
        store(t, C, e, exact[e] + 4 * tol * norm[e]);
        CUDA_CHECK(cudaMemcpy(d_C, C, count * es, cudaMemcpyHostToDevice));
        caught += !strcmp(verify_result("off", t, ACCUM_FP32, M, N, K, d_C, d_good, d_norm, &sample).check, "FAIL");
    }
    snprintf(name, sizeof name, "checker %s: one element off by 4x the tolerance fails (3 places)", dt);
    report(caught == 3, name, "a wrong element passed");

    memcpy(C, good, count * es);
    store(t, C, (size_t)(M / 2) * N + 5, NAN);
    CUDA_CHECK(cudaMemcpy(d_C, C, count * es, cudaMemcpyHostToDevice));
    v = verify_result("nan", t, ACCUM_FP32, M, N, K, d_C, d_good, d_norm, &sample);
    snprintf(name, sizeof name, "checker %s: one NaN fails", dt);
    report(!strcmp(v.check, "FAIL"), name, "a NaN passed");

    memcpy(C, good, count * es);
    for (int i = 16; i < 32; i++) /* a 16 x 16 tile the kernel never wrote: still the all-ones poison */
        memset(C + ((size_t)i * N + 16) * es, 0xff, 16 * es);
    CUDA_CHECK(cudaMemcpy(d_C, C, count * es, cudaMemcpyHostToDevice));
    v = verify_result("poison", t, ACCUM_FP32, M, N, K, d_C, d_good, d_norm, &sample);
    snprintf(name, sizeof name, "checker %s: an unwritten (poisoned) 16x16 tile fails", dt);
    report(!strcmp(v.check, "FAIL"), name, "the poisoned tile passed");

    for (size_t e = 0; e < count; e++) /* kernel and "cuBLAS" agree, both 3% off */
        store(t, C, e, exact[e] * 1.03 + (exact[e] >= 0 ? 1 : -1) * 0.03 * norm[e]);
    CUDA_CHECK(cudaMemcpy(d_C, C, count * es, cudaMemcpyHostToDevice));
    v = verify_result("agree", t, ACCUM_FP32, M, N, K, d_C, d_C, d_norm, &sample);
    snprintf(name, sizeof name, "checker %s: a result cuBLAS agrees with but the fp64 sample does not fails", dt);
    report(!strcmp(v.check, "FAIL"), name, "two equal wrong results passed");

    fclose(stderr);
    stderr = saved;
    reference_sample_free(&sample);
    CUDA_CHECK(cudaFree(dA));
    CUDA_CHECK(cudaFree(dB));
    CUDA_CHECK(cudaFree(d_good));
    CUDA_CHECK(cudaFree(d_C));
    CUDA_CHECK(cudaFree(d_norm));
    free(good);
    free(C);
}

/* The repeatability check finds a one-bit difference anywhere, and none in equal results. */
static void test_first_difference(void)
{
    enum { COUNT = 1 << 20 };
    uint16_t *a = host_alloc(COUNT * sizeof *a);
    for (int i = 0; i < COUNT; i++)
        a[i] = (uint16_t)(i * 2654435761u >> 16);
    void *da = upload(a, COUNT * sizeof *a), *db = upload(a, COUNT * sizeof *a);
    int ok = device_first_difference(da, db, COUNT, 2) == COUNT;
    for (int i = 0; i < COUNT && ok; i += 100003) {
        uint16_t flipped = a[i] ^ 1; /* the lowest mantissa bit: a difference no tolerance would see */
        CUDA_CHECK(cudaMemcpy((uint16_t *)db + i, &flipped, 2, cudaMemcpyHostToDevice));
        ok = device_first_difference(da, db, COUNT, 2) == (size_t)i;
        CUDA_CHECK(cudaMemcpy((uint16_t *)db + i, &a[i], 2, cudaMemcpyHostToDevice));
    }
    uint16_t sign = a[COUNT - 1] ^ 0x8000; /* the sign of the last element */
    CUDA_CHECK(cudaMemcpy((uint16_t *)db + COUNT - 1, &sign, 2, cudaMemcpyHostToDevice));
    ok = ok && device_first_difference(da, db, COUNT, 2) == COUNT - 1 && device_first_difference(da, db, COUNT / 2, 4) == COUNT / 2 - 1;
    report(ok, "the repeatability check finds a one-bit change at every place tried and none in equal results",
           "a difference was missed or misplaced");
    CUDA_CHECK(cudaFree(da));
    CUDA_CHECK(cudaFree(db));
    free(a);
}

/* e4m3 operands of a ragged shape, A's and B's, per tensor and per block: the GPU's scales and
 * codes are the host's (random.h's draws, each block's largest |x| / 448, numeric.c's rounding),
 * and dequantized they are code x scale. */
static void test_e4m3_fill(enum scaling s)
{
    enum { ROWS = 203, K = 300 };
    int ok = 1;
    for (int is_b = 0; is_b < 2; is_b++) {
        const uint64_t state = (11 + is_b) * GOLDEN;
        const size_t count = is_b ? scale_b_count(s, ROWS, K) : scale_a_count(s, ROWS, K);
        float *amax = host_alloc(count * sizeof *amax), *scales = host_alloc(count * sizeof *scales);
        float *deq = host_alloc((size_t)ROWS * K * sizeof *deq);
        uint8_t *q = host_alloc((size_t)ROWS * K);
        void *dq = device_alloc((size_t)ROWS * K);
        float *dscales = device_alloc(count * sizeof(float)), *ddeq = device_alloc((size_t)ROWS * K * sizeof(float));
        device_fill_e4m3(s, is_b, state, ROWS, K, dq, dscales);
        device_dequantize_e4m3(s, is_b, ROWS, K, dq, dscales, ddeq);
        for (size_t i = 0; i < count; i++)
            amax[i] = 0.0f;
        for (int r = 0; r < ROWS; r++)
            for (int c = 0; c < K; c++) {
                size_t at = is_b ? scale_b_index(s, K, r, c) : scale_a_index(s, ROWS, r, c);
                amax[at] = fmaxf(amax[at], fabsf(spread_draw(state, (size_t)r * K + c, K, is_b ? SCALE_BLOCK : 1)));
            }
        for (size_t i = 0; i < count; i++)
            amax[i] = amax[i] > 0.0f ? amax[i] / 448.0f : 1.0f;
        download(scales, dscales, count * sizeof *scales);
        download(q, dq, (size_t)ROWS * K);
        download(deq, ddeq, (size_t)ROWS * K * sizeof *deq);
        ok &= !memcmp(amax, scales, count * sizeof *scales);
        for (int r = 0; r < ROWS; r++)
            for (int c = 0; c < K; c++) {
                size_t i = (size_t)r * K + c, at = is_b ? scale_b_index(s, K, r, c) : scale_a_index(s, ROWS, r, c);
                ok &= q[i] == float_to_e4m3_satfinite(spread_draw(state, i, K, is_b ? SCALE_BLOCK : 1) / amax[at]) &&
                      deq[i] == e4m3_to_float(q[i]) * amax[at];
            }
        CUDA_CHECK(cudaFree(dq));
        CUDA_CHECK(cudaFree(dscales));
        CUDA_CHECK(cudaFree(ddeq));
        free(amax);
        free(scales);
        free(deq);
        free(q);
    }
    char name[128];
    snprintf(name, sizeof name, "e4m3 %s: the GPU's scales, codes and dequantized values are the host's",
             s == SCALING_BLOCK ? "per block" : "per tensor");
    report(ok, name, "a scale, a code or a value differs");
}

/* cuBLASLt's e4m3 GEMM on a ragged shape passes the fp64 check of the values A and B stand
 * for; with one scale of A and then one of B doubled (a block the fp64 sample's last row reads),
 * it fails: the check sees a kernel that applies a wrong scale. K has 9 blocks: B's scales
 * unpadded, cuBLASLt's block-scaled GEMM fails there. */
static void test_e4m3_baseline(enum scaling s)
{
    enum { M = 203, N = 272, K = 1040 };
    const struct gemm_problem p = {LAYOUT_TN, DTYPE_E4M3, ACCUM_FP32, M, N, K, s};
    const size_t a_scales = scale_a_count(s, M, K), b_scales = scale_b_count(s, N, K);
    void *A = device_alloc((size_t)M * K), *B = device_alloc((size_t)N * K);
    void *C = device_alloc((size_t)scale_a_pitch(M) * N * 2); /* cuBLASLt may compute M rounded up */
    float *sa = device_alloc(a_scales * sizeof(float)), *sb = device_alloc(b_scales * sizeof(float));
    float *A32 = device_alloc((size_t)M * K * sizeof(float)), *B32 = device_alloc((size_t)N * K * sizeof(float));
    device_fill_e4m3(s, 0, 21 * GOLDEN, M, K, A, sa);
    device_fill_e4m3(s, 1, 22 * GOLDEN, N, K, B, sb);
    device_dequantize_e4m3(s, 0, M, K, A, sa, A32);
    device_dequantize_e4m3(s, 1, N, K, B, sb, B32);
    struct reference_sample sample;
    reference_sample_build(&sample, LAYOUT_TN, DTYPE_TF32, M, N, K, A32, B32, 1);
    FILE *saved = stderr;
    const char *verdicts[3];
    for (int wrong = 0; wrong < 3; wrong++) {
        /* 1: A's scale of the last row's second K block (or the tensor's); 2: B's of its third */
        float *at = wrong == 1 ? sa + scale_a_index(s, M, M - 1, 128) : sb + scale_b_index(s, K, 0, 256), kept;
        download(&kept, at, sizeof kept);
        if (wrong) {
            CUDA_CHECK(cudaMemcpy(at, &(float){2.0f * kept}, sizeof kept, cudaMemcpyHostToDevice));
            stderr = fopen("/dev/null", "w"); /* the expected FAIL's line */
        }
        struct lt_gemm g;
        lt_gemm_create(&g, &p, A, sa, sb);
        CUDA_CHECK(cudaMemset(C, 0xff, (size_t)M * N * 2));
        lt_gemm_run(&g, A, B, C, 0);
        CUDA_CHECK(cudaDeviceSynchronize());
        verdicts[wrong] = verify_result("cublaslt", DTYPE_E4M3, ACCUM_FP32, M, N, K, C, NULL, NULL, &sample).check;
        lt_gemm_destroy(&g);
        if (wrong) {
            fclose(stderr);
            stderr = saved;
            CUDA_CHECK(cudaMemcpy(at, &kept, sizeof kept, cudaMemcpyHostToDevice));
        }
    }
    char name[160];
    snprintf(name, sizeof name, "e4m3 %s: cuBLASLt passes the fp64 check, and fails it with a scale of A or of B doubled",
             s == SCALING_BLOCK ? "per block" : "per tensor");
    report(!strcmp(verdicts[0], "ok") && !strcmp(verdicts[1], "FAIL") && !strcmp(verdicts[2], "FAIL"), name,
           !strcmp(verdicts[0], "ok") ? "a wrong scale passed" : "cuBLASLt's result failed");
    reference_sample_free(&sample);
    void *all[] = {A, B, C, sa, sb, A32, B32};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        CUDA_CHECK(cudaFree(all[i]));
}

int main(void)
{
    struct gpu_info gpu;
    select_device(0, &gpu); /* exits 3 with no GPU */
    test_fill();
    test_compare();
    test_first_difference();
    for (int t = 0; t < DTYPE_E4M3; t++)
        test_checker((enum dtype)t);
    for (int s = SCALING_TENSOR; s <= SCALING_BLOCK; s++) {
        test_e4m3_fill((enum scaling)s);
        test_e4m3_baseline((enum scaling)s);
    }
    return failures ? 1 : 0;
}
