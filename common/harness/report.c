#include "report.h"

#include "bench.h"

#include <stdio.h>

#define CSV_COLUMNS "gpu,step,kernel,dtype,m,n,k,ms,tflops,cublas_ms,cublas_tflops,ratio,check,max_err,sm_mhz,cublas_sm_mhz"

/* Wide enough for every step's folder name and kernel label. */
#define STEP_WIDTH 26
#define KERNEL_WIDTH 28

void print_row_header(int csv)
{
    if (csv)
        printf("%s\n", CSV_COLUMNS);
    else
        printf("%-*s %-*s %-5s %9s %9s %6s %10s  %s\n", STEP_WIDTH, "step", KERNEL_WIDTH, "kernel", "dtype", "ms", "TFLOPS", "MHz",
               "vs cuBLAS", "check (max err)");
}

void print_row(const struct gpu_info *gpu, const struct ladder_row *r, int csv)
{
    double t = tflops(r->m, r->n, r->k, r->ms), ratio = r->baseline_ms / r->ms;
    if (csv)
        printf("%s,%s,%s,%s,%d,%d,%d,%.4f,%.2f,%.4f,%.2f,%.3f,%s,%.2e,%.0f,%.0f\n", gpu->name, r->step, r->kernel,
               r->dtype, r->m, r->n, r->k, r->ms, t, r->baseline_ms, tflops(r->m, r->n, r->k, r->baseline_ms), ratio,
               r->check, r->max_err, r->mhz, r->baseline_mhz);
    else
        printf("%-*s %-*s %-5s %9.3f %9.1f %6.0f %9.2fx  %s %.1e\n", STEP_WIDTH, r->step, KERNEL_WIDTH, r->kernel, r->dtype, r->ms, t, r->mhz,
               ratio, r->check, r->max_err);
    fflush(stdout);
}
