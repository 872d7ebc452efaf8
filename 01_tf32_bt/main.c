/* Step 01: TF32 mma.sync with A via cp.async and B transposed through registers. */
#include "harness.h"

GEMM_LAUNCHER(launch_sgemm_tf32_bt);
GEMM_GRID(gemm_grid);

static const struct step_kernel kernels[] = {
    {"sgemm_tf32_bt", DTYPE_TF32, launch_sgemm_tf32_bt},
};

static const struct step step = {
    .name = "01_tf32_bt",
    .layout = LAYOUT_NN,
    .accum = ACCUM_FP32,
    .m_multiple = 128, .n_multiple = 128, .k_multiple = 16,
    .arch = {.min_sm = 80, .max_sm = 0, .needs = "cp.async, ldmatrix and mma.sync"},
    .grid = gemm_grid,
    .kernels = kernels,
    .num_kernels = 1,
};

int main(int argc, char **argv) { return run_step(&step, argc, argv); }
