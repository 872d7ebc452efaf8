/* Timing: the kernel and its cuBLAS baseline alternate (K B K B ...) on one stream, each run
 * bracketed by CUDA events, after warm-up; the median of each is reported, with the median SM
 * clock a probe read right after each run (outside the events). */
#ifndef BENCH_H
#define BENCH_H

#include <cuda_runtime_api.h>
#include <stddef.h>

struct gpu_work {
    void (*run)(void *ctx); /* enqueues one GEMM on the stream, checking its launch */
    void *ctx;
};

struct timing {
    double kernel_ms, baseline_ms;   /* medians */
    double kernel_mhz, baseline_mhz; /* medians of the SM clock after each run */
};

/* warmup pairs first, and more until warmup_ms have passed (0: warmup pairs only). flush (may be
 * NULL): a buffer larger than L2 that is overwritten before every timed run. */
struct timing time_interleaved(struct gpu_work kernel, struct gpu_work baseline, int warmup, int warmup_ms, int iters,
                               void *flush, size_t flush_bytes, cudaStream_t stream);

double tflops(int m, int n, int k, double ms);

#endif
