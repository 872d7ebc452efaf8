#include "bench.h"

#include "clock_probe.h"
#include "gpu.h"

#include <stdlib.h>

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, compare_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static void timed_run(struct gpu_work w, cudaEvent_t start, cudaEvent_t stop, float *clock_mhz, void *flush,
                      size_t flush_bytes, cudaStream_t stream)
{
    if (flush)
        CUDA_CHECK(cudaMemsetAsync(flush, 0, flush_bytes, stream));
    CUDA_CHECK(cudaEventRecord(start, stream));
    w.run(w.ctx);
    CUDA_CHECK(cudaEventRecord(stop, stream));
    CUDA_CHECK(launch_clock_probe(clock_mhz, stream));
}

static void run_pairs(struct gpu_work kernel, struct gpu_work baseline, long long pairs)
{
    for (long long i = 0; i < pairs; i++) {
        kernel.run(kernel.ctx);
        baseline.run(baseline.ctx);
    }
}

/* `warmup` pairs (kernel, baseline), then more until `warmup_ms` have passed: at its power limit the
 * GPU lowers its clock over a few hundred ms of load, and a short warm-up would time each process
 * at the clock the runs before it left. Each batch is what is left at the pace so far (the first
 * pairs, which may load the kernels, make it slow at first: then more batches). */
static void warm_up(struct gpu_work kernel, struct gpu_work baseline, int warmup, int warmup_ms, cudaStream_t stream)
{
    cudaEvent_t start, now;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&now));
    CUDA_CHECK(cudaEventRecord(start, stream));
    run_pairs(kernel, baseline, warmup);
    long long done = warmup;
    while (warmup_ms > 0) {
        float elapsed_ms;
        CUDA_CHECK(cudaEventRecord(now, stream));
        CUDA_CHECK(cudaEventSynchronize(now));
        CUDA_CHECK(cudaEventElapsedTime(&elapsed_ms, start, now));
        if (elapsed_ms >= warmup_ms)
            break;
        const long long more =
            done == 0 || elapsed_ms <= 0.0f ? 1 : (long long)((warmup_ms - elapsed_ms) * done / elapsed_ms) + 1;
        run_pairs(kernel, baseline, more);
        done += more;
    }
    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(now));
}

struct timing time_interleaved(struct gpu_work kernel, struct gpu_work baseline, int warmup, int warmup_ms, int iters,
                               void *flush, size_t flush_bytes, cudaStream_t stream)
{
    cudaEvent_t *ev = host_alloc(4 * (size_t)iters * sizeof *ev);
    double *kernel_ms = host_alloc((size_t)iters * sizeof *kernel_ms);
    double *baseline_ms = host_alloc((size_t)iters * sizeof *baseline_ms);
    double *kernel_mhz = host_alloc((size_t)iters * sizeof *kernel_mhz);
    double *baseline_mhz = host_alloc((size_t)iters * sizeof *baseline_mhz);
    float *probe_mhz = device_alloc(2 * (size_t)iters * sizeof *probe_mhz); /* kernel, baseline, kernel, ... */
    float *probe_host = host_alloc(2 * (size_t)iters * sizeof *probe_host);
    for (int i = 0; i < 4 * iters; i++)
        CUDA_CHECK(cudaEventCreate(&ev[i]));
    warm_up(kernel, baseline, warmup, warmup_ms, stream);
    for (int i = 0; i < iters; i++) {
        timed_run(kernel, ev[4 * i], ev[4 * i + 1], &probe_mhz[2 * i], flush, flush_bytes, stream);
        timed_run(baseline, ev[4 * i + 2], ev[4 * i + 3], &probe_mhz[2 * i + 1], flush, flush_bytes, stream);
    }
    CUDA_CHECK(cudaStreamSynchronize(stream));
    CUDA_CHECK(cudaMemcpy(probe_host, probe_mhz, 2 * (size_t)iters * sizeof *probe_host, cudaMemcpyDeviceToHost));
    for (int i = 0; i < iters; i++) {
        float k_ms, b_ms;
        CUDA_CHECK(cudaEventElapsedTime(&k_ms, ev[4 * i], ev[4 * i + 1]));
        CUDA_CHECK(cudaEventElapsedTime(&b_ms, ev[4 * i + 2], ev[4 * i + 3]));
        kernel_ms[i] = k_ms;
        baseline_ms[i] = b_ms;
        kernel_mhz[i] = probe_host[2 * i];
        baseline_mhz[i] = probe_host[2 * i + 1];
    }
    struct timing t = {median(kernel_ms, iters), median(baseline_ms, iters), median(kernel_mhz, iters),
                       median(baseline_mhz, iters)};
    for (int i = 0; i < 4 * iters; i++)
        CUDA_CHECK(cudaEventDestroy(ev[i]));
    free(ev);
    CUDA_CHECK(cudaFree(probe_mhz));
    free(probe_host);
    free(kernel_ms);
    free(baseline_ms);
    free(kernel_mhz);
    free(baseline_mhz);
    return t;
}

double tflops(int m, int n, int k, double ms) { return 2.0 * m * n * (double)k / (ms * 1e-3) / 1e12; }
