/* run_step: parse, pick the GPU, then for each precision: random inputs, the cuBLAS baseline,
 * each kernel checked (poisoned output, full compare, fp64 sample) and timed, one row each. */
#include "baseline.h"
#include "bench.h"
#include "cli.h"
#include "contract.h"
#include "gpu.h"
#include "harness.h"
#include "parallel.h"
#include "report.h"
#include "verify.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct device_problem {
    struct gemm_problem p;
    void *A, *B, *C, *C_baseline;
    cublasHandle_t cublas;
    cudaStream_t stream;
};

struct kernel_call {
    const struct device_problem *d;
    gemm_launch_fn launch;
    struct launch_opts opts;
};

static void run_kernel(void *ctx)
{
    const struct kernel_call *c = ctx;
    const struct gemm_problem *p = &c->d->p;
    CUDA_CHECK(c->launch(c->d->A, c->d->B, c->d->C, p->m, p->n, p->k, &c->opts, c->d->stream));
}

static void run_baseline(void *ctx)
{
    const struct device_problem *d = ctx;
    cublas_gemm(d->cublas, &d->p, d->A, d->B, d->C_baseline);
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

struct abs_copy {
    const float *in;
    float *out;
};

static void abs_part(size_t begin, size_t end, int part, void *ctx)
{
    (void)part;
    const struct abs_copy *a = ctx;
    for (size_t i = begin; i < end; i++)
        a->out[i] = fabsf(a->in[i]);
}

/* |values|, in a new array. */
static float *abs_of(const float *values, size_t count)
{
    struct abs_copy a = {values, host_alloc(count * sizeof(float))};
    parallel_for(count, abs_part, &a);
    return a.out;
}

/* sum_k |a*b| for every element of C, on the GPU in fp32 (only its magnitude matters). */
static float *abs_product(const struct device_problem *d, const float *A_values, const float *B_values,
                          size_t a_count, size_t b_count, size_t c_count)
{
    float *abs_A = abs_of(A_values, a_count), *abs_B = abs_of(B_values, b_count);
    float *dA = upload(abs_A, a_count * sizeof(float)), *dB = upload(abs_B, b_count * sizeof(float));
    float *dC = device_alloc(c_count * sizeof(float)), *norm = host_alloc(c_count * sizeof(float));
    cublas_abs_product(d->cublas, &d->p, dA, dB, dC);
    download(norm, dC, c_count * sizeof(float));
    CUDA_CHECK(cudaFree(dA));
    CUDA_CHECK(cudaFree(dB));
    CUDA_CHECK(cudaFree(dC));
    free(abs_A);
    free(abs_B);
    return norm;
}

static int run_dtype(const struct step *step, const struct options *opt, const struct gpu_info *gpu, enum dtype t)
{
    struct device_problem d = {.p = {step->layout, t, step->accum, opt->m, opt->n, opt->k}};
    const struct gemm_problem *p = &d.p;
    size_t es = dtype_bytes(t), a_count = (size_t)p->m * p->k, b_count = (size_t)p->k * p->n,
           c_count = (size_t)p->m * p->n, flush_bytes = opt->flush_l2 ? 2 * gpu->l2_bytes : 0;
    size_t check_bytes = opt->check ? (a_count + b_count + c_count) * sizeof(float) : 0;
    require_device_memory((a_count + b_count + 2 * c_count) * es + check_bytes + flush_bytes + (256u << 20));

    void *A_bits = host_alloc(a_count * es), *B_bits = host_alloc(b_count * es);
    float *A_values = host_alloc(a_count * sizeof(float)), *B_values = host_alloc(b_count * sizeof(float));
    struct rng r = {opt->seed * 0x9e3779b97f4a7c15ull + (unsigned)t};
    fill_random(t, &r, A_bits, A_values, a_count);
    fill_random(t, &r, B_bits, B_values, b_count);

    d.A = upload(A_bits, a_count * es);
    d.B = upload(B_bits, b_count * es);
    d.C = device_alloc(c_count * es);
    d.C_baseline = device_alloc(c_count * es);
    void *flush = flush_bytes ? device_alloc(flush_bytes) : NULL;
    CUDA_CHECK(cudaStreamCreate(&d.stream));
    CUBLAS_CHECK(cublasCreate(&d.cublas));
    CUBLAS_CHECK(cublasSetStream(d.cublas, d.stream));

    void *C_host = host_alloc(c_count * es), *C_baseline_host = host_alloc(c_count * es);
    void *C_repeat = opt->check ? host_alloc(c_count * es) : NULL;
    float *norm = NULL;
    struct reference_sample sample = {0};
    struct verdict baseline = {"skipped", 0.0};
    if (opt->check) {
        norm = abs_product(&d, A_values, B_values, a_count, b_count, c_count);
        reference_sample_build(&sample, p->layout, p->m, p->n, p->k, A_values, B_values, opt->seed);
        CUDA_CHECK(cudaMemset(d.C_baseline, 0xff, c_count * es)); /* all-ones bits: NaN in every dtype */
        run_baseline(&d);
        CUDA_CHECK(cudaStreamSynchronize(d.stream));
        download(C_baseline_host, d.C_baseline, c_count * es);
        baseline = verify_result(baseline_name(p), t, p->accum, p->m, p->n, p->k, C_baseline_host, NULL, NULL, &sample);
    }

    int status = strcmp(baseline.check, "FAIL") ? EXIT_OK : EXIT_WRONG_RESULT, printed_baseline = 0;
    for (int i = 0; i < step->num_kernels; i++) {
        const struct step_kernel *kern = &step->kernels[i];
        if (kern->dtype != t || !(opt->kernel_mask & (1u << i)))
            continue;
        struct kernel_call call = {&d, kern->launch, opt->launch};
        char name[64];
        kernel_label(step, i, &opt->launch, name, sizeof name);

        struct verdict v = {"skipped", 0.0};
        if (opt->check) {
            CUDA_CHECK(cudaMemset(d.C, 0xff, c_count * es));
            run_kernel(&call);
            CUDA_CHECK(cudaStreamSynchronize(d.stream));
            download(C_host, d.C, c_count * es);
            v = verify_result(name, t, p->accum, p->m, p->n, p->k, C_host, C_baseline_host, norm, &sample);
            if (!strcmp(v.check, "FAIL"))
                status = EXIT_WRONG_RESULT;
        }
        struct timing tm = time_interleaved((struct gpu_work){run_kernel, &call}, (struct gpu_work){run_baseline, &d},
                                            opt->warmup, opt->warmup_ms, opt->iters, flush, flush_bytes, d.stream);
        if (opt->check) { /* C now holds the last timed run: the same bits as the checked one */
            download(C_repeat, d.C, c_count * es);
            size_t at = first_difference(C_host, C_repeat, c_count, es);
            if (at < c_count) {
                fprintf(stderr, "FAIL %s: C[%zu][%zu] differs between the checked run and the last timed run\n",
                        name, at / p->n, at % p->n);
                v.check = "FAIL";
                status = EXIT_WRONG_RESULT;
            }
        }
        if (!printed_baseline++) {
            struct ladder_row b = {step->name, baseline_name(p), dtype_name(t), p->m, p->n, p->k,
                                   tm.baseline_ms, tm.baseline_ms, tm.baseline_mhz, tm.baseline_mhz,
                                   baseline.check, baseline.max_err};
            print_row(gpu, &b, opt->csv);
        }
        struct ladder_row row = {step->name, name, dtype_name(t), p->m, p->n, p->k,
                                 tm.kernel_ms, tm.baseline_ms, tm.kernel_mhz, tm.baseline_mhz, v.check, v.max_err};
        print_row(gpu, &row, opt->csv);
    }

    CUBLAS_CHECK(cublasDestroy(d.cublas));
    CUDA_CHECK(cudaStreamDestroy(d.stream));
    CUDA_CHECK(cudaFree(d.A));
    CUDA_CHECK(cudaFree(d.B));
    CUDA_CHECK(cudaFree(d.C));
    CUDA_CHECK(cudaFree(d.C_baseline));
    if (flush)
        CUDA_CHECK(cudaFree(flush));
    if (opt->check)
        reference_sample_free(&sample);
    free(norm);
    free(C_host);
    free(C_repeat);
    free(C_baseline_host);
    free(A_bits);
    free(B_bits);
    free(A_values);
    free(B_values);
    return status;
}

/* What the launchers need to know of the device, read once here; the defaults the ring options
 * take from it; and whether their values fit it. */
static int apply_device(const struct step *step, const struct gpu_info *gpu, struct options *opt)
{
    opt->launch.sm_count = gpu->sm_count;
    opt->launch.l2_bytes = gpu->l2_bytes;
    opt->launch.smem_per_block_optin = (int)gpu->smem_per_block_optin;
    opt->launch.smem_per_sm = (int)gpu->smem_per_sm;
    for (int i = 0; i < step->num_options; i++) {
        const struct step_option *o = &step->options[i];
        if (!o->smem_bytes)
            continue;
        if (!opt->given[i])
            opt->launch.values[i] = ring_default(o, opt->launch.smem_per_block_optin, opt->launch.smem_per_sm);
        const char *why = ring_error(o, opt->launch.values[i], opt->launch.smem_per_block_optin);
        if (why) {
            fprintf(stderr, "cannot run: %s (%s)\n", why, gpu->name);
            return EXIT_CANNOT_RUN;
        }
    }
    return EXIT_OK;
}

/* The step's global scratch, once for every launch of this process, zeroed (its flags start
 * clear), before any launch: a shape whose scratch does not fit exits 3 and says how much. */
static int allocate_workspace(const struct step *step, struct options *opt)
{
    size_t bytes = step->workspace_bytes ? step->workspace_bytes(opt->m, opt->n, opt->k, &opt->launch) : 0;
    if (bytes == 0)
        return EXIT_OK;
    if (cudaMalloc(&opt->launch.workspace, bytes) != cudaSuccess) {
        (void)cudaGetLastError(); /* the failed allocation is reported here, not by the next call */
        fprintf(stderr, "cannot run: %s needs a workspace of %zu bytes at M=%d N=%d K=%d, and it cannot be allocated\n",
                step->name, bytes, opt->m, opt->n, opt->k);
        return EXIT_CANNOT_RUN;
    }
    opt->launch.workspace_bytes = bytes;
    CUDA_CHECK(cudaMemset(opt->launch.workspace, 0, bytes));
    return EXIT_OK;
}

int run_step(const struct step *step, int argc, char **argv)
{
    struct options opt;
    switch (parse_options(step, argc, argv, &opt)) {
    case PARSE_HELP: return EXIT_OK;
    case PARSE_ERROR: return EXIT_BAD_ARGUMENT;
    case PARSE_OK: break;
    }
    struct gpu_info gpu;
    select_device(opt.device, &gpu);
    if (opt.info) { /* the GPU line first, alone: the scripts read it from any step */
        print_gpu_header(&gpu);
        if (step->schedule && arch_supported(&gpu, &step->arch) && apply_device(step, &gpu, &opt) == EXIT_OK) {
            char text[1024];
            step->schedule(opt.m, opt.n, opt.k, &opt.launch, text, sizeof text);
            printf("%s at M=%d N=%d K=%d: %s\n", step->name, opt.m, opt.n, opt.k, text);
        }
        return EXIT_OK;
    }
    require_arch(&gpu, step->name, &step->arch);
    if (apply_device(step, &gpu, &opt) != EXIT_OK)
        return EXIT_CANNOT_RUN;
    if (allocate_workspace(step, &opt) != EXIT_OK)
        return EXIT_CANNOT_RUN;
    if (!opt.csv) {
        print_gpu_header(&gpu);
        char over[40] = "";
        if (opt.warmup_ms > 0)
            snprintf(over, sizeof over, " (%d ms at least)", opt.warmup_ms);
        printf("%s  M=%d N=%d K=%d  median of %d runs after %d warm-up%s, interleaved with cuBLAS%s;"
               " MHz: SM clock measured after each run\n",
               step->name, opt.m, opt.n, opt.k, opt.iters, opt.warmup, over, opt.flush_l2 ? ", L2 flushed" : "");
    }
    print_row_header(opt.csv);
    int status = EXIT_OK;
    for (int t = 0; t < NUM_DTYPES; t++)
        if (opt.dtype_mask & (1u << t))
            status |= run_dtype(step, &opt, &gpu, (enum dtype)t);
    if (opt.launch.workspace)
        CUDA_CHECK(cudaFree(opt.launch.workspace));
    return status;
}
