/* run_step: parse, pick the GPU, then for each shape (one, or a suite's) and precision: random
 * inputs, the cuBLAS baseline, each kernel checked (poisoned output, full compare, fp64 sample)
 * and timed, one row each. Inputs and checks run on the GPU (device_data.h). */
#include "baseline.h"
#include "bench.h"
#include "cli.h"
#include "contract.h"
#include "device_data.h"
#include "gpu.h"
#include "harness.h"
#include "random.h"
#include "report.h"
#include "verify.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct device_problem {
    struct gemm_problem p;
    void *A, *B, *C, *C_baseline;
    float *scale_a, *scale_b; /* e4m3 only */
    cublasHandle_t cublas;
    struct lt_gemm lt;        /* e4m3 only: its baseline */
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
    if (d->p.dtype == DTYPE_E4M3)
        lt_gemm_run(&d->lt, d->A, d->B, d->C_baseline, d->stream);
    else
        cublas_gemm(d->cublas, &d->p, d->A, d->B, d->C_baseline);
}

/* sum_k |a*b| for every element of C: |A| times |B| in fp32 through cuBLAS (only its magnitude
 * matters). A and B are of type t (e4m3's dequantized: tf32). */
static float *abs_product(const struct device_problem *d, enum dtype t, const void *A, const void *B, size_t a_count,
                          size_t b_count, size_t c_count)
{
    float *abs_A = device_alloc(a_count * sizeof(float)), *abs_B = device_alloc(b_count * sizeof(float));
    float *norm = device_alloc(c_count * sizeof(float));
    device_abs(t, A, abs_A, a_count);
    device_abs(t, B, abs_B, b_count);
    cublas_abs_product(d->cublas, &d->p, abs_A, abs_B, norm);
    CUDA_CHECK(cudaStreamSynchronize(d->stream));
    CUDA_CHECK(cudaFree(abs_A));
    CUDA_CHECK(cudaFree(abs_B));
    return norm;
}

static int run_dtype(const struct step *step, const struct options *opt, const struct gpu_info *gpu, enum dtype t)
{
    struct device_problem d = {.p = {step->layout, t, step->accum, opt->m, opt->n, opt->k, step->scaling}};
    const struct gemm_problem *p = &d.p;
    const int e4m3 = t == DTYPE_E4M3;
    size_t es = dtype_bytes(t), cs = dtype_bytes(dtype_out(t)), a_count = (size_t)p->m * p->k,
           b_count = (size_t)p->k * p->n, c_count = (size_t)p->m * p->n,
           flush_bytes = opt->flush_l2 ? 2 * gpu->l2_bytes : 0;
    /* A, B, C, cuBLAS's C and the checked C; |A|, |B| and the norm in fp32 (e4m3: and A and B
     * dequantized) */
    size_t check_bytes = opt->check ? (a_count + b_count) * sizeof(float) * (e4m3 ? 2 : 1) +
                                          c_count * (sizeof(float) + cs) : 0;
    if (!device_memory_fits((a_count + b_count) * es + 2 * c_count * cs + check_bytes + flush_bytes + (256u << 20)))
        return EXIT_CANNOT_RUN;

    d.A = device_alloc(a_count * es);
    d.B = device_alloc(b_count * es);
    uint64_t state = opt->seed * GOLDEN + (unsigned)t; /* B's draws follow A's */
    if (e4m3) {
        d.scale_a = device_alloc(scale_a_count(p->scaling, p->m, p->k) * sizeof(float));
        d.scale_b = device_alloc(scale_b_count(p->scaling, p->n, p->k) * sizeof(float));
        device_fill_e4m3(p->scaling, 0, state, p->m, p->k, d.A, d.scale_a);
        device_fill_e4m3(p->scaling, 1, state + (uint64_t)a_count * GOLDEN, p->n, p->k, d.B, d.scale_b);
    } else {
        device_fill_random(t, state, d.A, a_count);
        device_fill_random(t, state + (uint64_t)a_count * GOLDEN, d.B, b_count);
    }
    if (e4m3)
        lt_gemm_create(&d.lt, p, d.A, d.scale_a, d.scale_b);
    d.C = device_alloc(c_count * cs);
    d.C_baseline = device_alloc((size_t)(e4m3 ? d.lt.m : p->m) * p->n * cs); /* cuBLASLt's rows may be more */
    void *flush = flush_bytes ? device_alloc(flush_bytes) : NULL;
    CUDA_CHECK(cudaStreamCreate(&d.stream));
    CUBLAS_CHECK(cublasCreate(&d.cublas));
    CUBLAS_CHECK(cublasSetStream(d.cublas, d.stream));

    void *C_checked = opt->check ? device_alloc(c_count * cs) : NULL;
    float *norm = NULL;
    struct reference_sample sample = {0};
    struct verdict baseline = {"skipped", 0.0};
    if (opt->check) {
        /* e4m3's reference and norm read the values A and B stand for: q x scale, in fp32 */
        const void *A = d.A, *B = d.B;
        if (e4m3) {
            float *A_fp32 = device_alloc(a_count * sizeof(float)), *B_fp32 = device_alloc(b_count * sizeof(float));
            device_dequantize_e4m3(p->scaling, 0, p->m, p->k, d.A, d.scale_a, A_fp32);
            device_dequantize_e4m3(p->scaling, 1, p->n, p->k, d.B, d.scale_b, B_fp32);
            A = A_fp32;
            B = B_fp32;
        }
        const enum dtype in = e4m3 ? DTYPE_TF32 : t;
        norm = abs_product(&d, in, A, B, a_count, b_count, c_count);
        reference_sample_build(&sample, p->layout, in, p->m, p->n, p->k, A, B, opt->seed);
        if (e4m3) {
            CUDA_CHECK(cudaFree((void *)A));
            CUDA_CHECK(cudaFree((void *)B));
        }
        CUDA_CHECK(cudaMemset(d.C_baseline, 0xff, c_count * cs)); /* all-ones bits: NaN in every dtype */
        run_baseline(&d);
        CUDA_CHECK(cudaStreamSynchronize(d.stream));
        baseline = verify_result(baseline_name(p), t, p->accum, p->m, p->n, p->k, d.C_baseline, NULL, NULL, &sample);
    }

    int status = strcmp(baseline.check, "FAIL") ? EXIT_OK : EXIT_WRONG_RESULT, printed_baseline = 0;
    for (int i = 0; i < step->num_kernels; i++) {
        const struct step_kernel *kern = &step->kernels[i];
        if (kern->dtype != t || !(opt->kernel_mask & (1u << i)))
            continue;
        struct kernel_call call = {&d, kern->launch, opt->launch};
        call.opts.scale_a = d.scale_a;
        call.opts.scale_b = d.scale_b;
        char name[64];
        kernel_label(step, i, &opt->launch, name, sizeof name);

        struct verdict v = {"skipped", 0.0};
        if (opt->check) {
            CUDA_CHECK(cudaMemset(d.C, 0xff, c_count * cs));
            run_kernel(&call);
            CUDA_CHECK(cudaStreamSynchronize(d.stream));
            v = verify_result(name, t, p->accum, p->m, p->n, p->k, d.C, d.C_baseline, norm, &sample);
            CUDA_CHECK(cudaMemcpy(C_checked, d.C, c_count * cs, cudaMemcpyDeviceToDevice));
            if (!strcmp(v.check, "FAIL"))
                status = EXIT_WRONG_RESULT;
        }
        struct timing tm = time_interleaved((struct gpu_work){run_kernel, &call}, (struct gpu_work){run_baseline, &d},
                                            opt->warmup, opt->warmup_ms, opt->iters, flush, flush_bytes, d.stream);
        if (opt->check) { /* C now holds the last timed run: the same bits as the checked one */
            size_t at = device_first_difference(C_checked, d.C, c_count, cs);
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
    if (e4m3) {
        lt_gemm_destroy(&d.lt);
        CUDA_CHECK(cudaFree(d.scale_a));
        CUDA_CHECK(cudaFree(d.scale_b));
    }
    CUDA_CHECK(cudaStreamDestroy(d.stream));
    CUDA_CHECK(cudaFree(d.A));
    CUDA_CHECK(cudaFree(d.B));
    CUDA_CHECK(cudaFree(d.C));
    CUDA_CHECK(cudaFree(d.C_baseline));
    if (flush)
        CUDA_CHECK(cudaFree(flush));
    if (opt->check) {
        reference_sample_free(&sample);
        CUDA_CHECK(cudaFree(norm));
        CUDA_CHECK(cudaFree(C_checked));
    }
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

/* The selected kernels at one shape, each precision in turn; its workspace for its launches. */
static int run_shape(const struct step *step, struct options *opt, const struct gpu_info *gpu)
{
    if (allocate_workspace(step, opt) != EXIT_OK)
        return EXIT_CANNOT_RUN;
    int status = EXIT_OK;
    for (int t = 0; t < NUM_DTYPES && status != EXIT_CANNOT_RUN; t++)
        if (opt->dtype_mask & (1u << t)) {
            int s = run_dtype(step, opt, gpu, (enum dtype)t);
            status = s == EXIT_OK ? status : s;
        }
    if (opt->launch.workspace)
        CUDA_CHECK(cudaFree(opt->launch.workspace));
    opt->launch.workspace = NULL;
    opt->launch.workspace_bytes = 0;
    return status;
}

/* A shape of the suite that gives no ladder row: one line on stderr, and with --csv a row whose
 * check column names the line (commas in the reason become semicolons). */
static void not_run(const struct step *step, const struct options *opt, const struct gpu_info *gpu, int line,
                    long long m, long long n, long long k, const char *what, const char *why)
{
    char reason[200];
    snprintf(reason, sizeof reason, "%s (line %d)%s%s", what, line, why ? ": " : "", why ? why : "");
    fprintf(stderr, "%s: %s\n", opt->shapes, reason);
    for (char *c = reason; *c; c++)
        *c = *c == ',' ? ';' : *c;
    if (opt->csv)
        printf("%s,%s,,,%lld,%lld,%lld,,,,,,%s,,,\n", gpu->name, step->name, m, n, k, reason);
    else
        printf("%-26s M=%lld N=%lld K=%lld %s\n", step->name, m, n, k, reason);
    fflush(stdout);
}

/* A line of a suite, its comment cut: 0 when blank, else 1 with the shape in m, n, k and, where
 * the line is not a shape this step takes, why (a CRLF line end is not). */
static int suite_line(const struct step *step, const struct options *opt, char *text, long long *m, long long *n,
                      long long *k, const char **why)
{
    const int crlf = strchr(text, '\r') != NULL;
    text[strcspn(text, "#")] = '\0';
    char extra;
    int got = sscanf(text, "%lld %lld %lld %c", m, n, k, &extra);
    if (got == EOF && !crlf)
        return 0;
    *why = crlf ? "ends in a carriage return (CRLF): save the suite with plain LF line ends"
         : got != 3 || *m < 1 || *n < 1 || *k < 1 || *m > INT_MAX || *n > INT_MAX || *k > INT_MAX
             ? "not three positive integers M N K"
             : selection_error(step, opt->kernel_mask, opt->dtype_mask, &opt->launch, (int)*m, (int)*n, (int)*k);
    return 1;
}

/* With no GPU to run a suite on, its lines are still checked: each bad one named on stderr.
 * Returns how many there are. */
static int suite_errors(const struct step *step, const struct options *opt)
{
    FILE *f = fopen(opt->shapes, "r");
    if (!f)
        return 0;
    char text[512];
    int line = 0, bad = 0;
    long long m, n, k;
    const char *why;
    while (fgets(text, sizeof text, f))
        if (++line, suite_line(step, opt, text, &m, &n, &k, &why) && why) {
            fprintf(stderr, "error: %s line %d: %s\n", opt->shapes, line, why);
            bad++;
        }
    fclose(f);
    return bad;
}

/* --shapes FILE: every "M N K" line of a suite (# starts a comment) in this one process, each as
 * --m --n --k would run it. A line that is not three integers, a shape the step refuses and one
 * that cannot run on this GPU are named by line and skipped. Exit status: 1 if a result was
 * wrong, else 2 if a line was skipped, else 0. */
static int run_suite(const struct step *step, struct options *opt, const struct gpu_info *gpu)
{
    FILE *f = fopen(opt->shapes, "r");
    if (!f) {
        fprintf(stderr, "error: cannot read the suite %s\n", opt->shapes);
        return EXIT_BAD_ARGUMENT;
    }
    char text[512];
    int line = 0, wrong = 0, skipped = 0;
    while (fgets(text, sizeof text, f)) {
        line++;
        long long m, n, k;
        const char *why = NULL;
        if (!suite_line(step, opt, text, &m, &n, &k, &why))
            continue;
        if (why) {
            not_run(step, opt, gpu, line, m, n, k, "rejected", why);
            skipped = 1;
            continue;
        }
        opt->m = (int)m;
        opt->n = (int)n;
        opt->k = (int)k;
        int status = run_shape(step, opt, gpu);
        wrong |= status == EXIT_WRONG_RESULT;
        if (status == EXIT_CANNOT_RUN) {
            not_run(step, opt, gpu, line, m, n, k, "cannot run", NULL);
            skipped = 1;
        }
    }
    fclose(f);
    return wrong ? EXIT_WRONG_RESULT : skipped ? EXIT_BAD_ARGUMENT : EXIT_OK;
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
    if (opt.info) { /* the GPU line first, alone: the scripts read it from any step */
        int rc = open_device(opt.device, &gpu);
        if (rc == EXIT_CANNOT_RUN && step->schedule) { /* no GPU: the reason (stderr), then an H200's schedule */
            assumed_gpu(&gpu);
            printf("no GPU here: the schedule on an H200 (%d SMs, %zu MiB of L2), which --info assumes without one\n",
                   gpu.sm_count, gpu.l2_bytes >> 20);
        } else if (rc != EXIT_OK) {
            return rc;
        } else {
            print_gpu_header(&gpu);
        }
        if (step->schedule && arch_supported(&gpu, &step->arch) && apply_device(step, &gpu, &opt) == EXIT_OK) {
            char text[16384];
            step->schedule(opt.m, opt.n, opt.k, &opt.launch, text, sizeof text);
            printf("%s at M=%d N=%d K=%d: %s\n", step->name, opt.m, opt.n, opt.k, text);
        }
        return rc;
    }
    int count = 0;
    if (opt.shapes && (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) && suite_errors(step, &opt) > 0)
        return EXIT_BAD_ARGUMENT; /* no GPU, and the suite's bad lines are the first thing to fix */
    select_device(opt.device, &gpu);
    require_arch(&gpu, step->name, &step->arch);
    if (apply_device(step, &gpu, &opt) != EXIT_OK)
        return EXIT_CANNOT_RUN;
    if (!opt.csv) {
        print_gpu_header(&gpu);
        char over[40] = "", shape[160];
        if (opt.warmup_ms > 0)
            snprintf(over, sizeof over, " (%d ms at least)", opt.warmup_ms);
        if (opt.shapes)
            snprintf(shape, sizeof shape, "the shapes of %s", opt.shapes);
        else
            snprintf(shape, sizeof shape, "M=%d N=%d K=%d", opt.m, opt.n, opt.k);
        printf("%s  %s  median of %d runs after %d warm-up%s, interleaved with cuBLAS%s;"
               " MHz: SM clock measured after each run\n",
               step->name, shape, opt.iters, opt.warmup, over, opt.flush_l2 ? ", L2 flushed" : "");
    }
    print_row_header(opt.csv);
    return opt.shapes ? run_suite(step, &opt, &gpu) : run_shape(step, &opt, &gpu);
}
