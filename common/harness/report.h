/* One ladder row per kernel and precision: a human table or CSV (columns fixed by DESIGN.md, then
 * the measured SM clocks). */
#ifndef REPORT_H
#define REPORT_H

#include "gpu.h"

struct ladder_row {
    const char *step, *kernel, *dtype;
    int m, n, k;
    double ms, baseline_ms;
    double mhz, baseline_mhz; /* SM clock measured after the runs (bench.h) */
    const char *check; /* ok, FAIL or skipped */
    double max_err;    /* against the fp64 reference */
};

void print_row_header(int csv);
void print_row(const struct gpu_info *gpu, const struct ladder_row *r, int csv);

#endif
