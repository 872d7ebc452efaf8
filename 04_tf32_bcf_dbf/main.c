/* Step 04: step 03 double-buffered. */
#include "harness.h"

GEMM_LAUNCHER(launch_sgemm_tf32_swizzle_bcf_dbf);
GEMM_GRID(gemm_grid);

static const struct step_kernel kernels[] = {
    {"sgemm_tf32_swizzle_bcf_dbf", DTYPE_TF32, launch_sgemm_tf32_swizzle_bcf_dbf},
};

static const struct step step = {
    .name = "04_tf32_bcf_dbf",
    .layout = LAYOUT_NN,
    .accum = ACCUM_FP32,
    .m_multiple = 128, .n_multiple = 128, .k_multiple = 16,
    .arch = {.min_sm = 80, .max_sm = 0, .needs = "cp.async, ldmatrix and mma.sync"},
    .grid = gemm_grid,
    .kernels = kernels,
    .num_kernels = 1,
};

int main(int argc, char **argv) { return run_step(&step, argc, argv); }
