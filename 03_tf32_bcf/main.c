/* Step 03: both operands by cp.async, every shared access conflict-free, grid swizzle, L2 prefetch. */
#include "harness.h"

GEMM_LAUNCHER(launch_sgemm_tf32_swizzle_bcf);
GEMM_GRID(gemm_grid);

static const struct step_kernel kernels[] = {
    {"sgemm_tf32_swizzle_bcf", DTYPE_TF32, launch_sgemm_tf32_swizzle_bcf},
};

static const struct step step = {
    .name = "03_tf32_bcf",
    .layout = LAYOUT_NN,
    .accum = ACCUM_FP32,
    .m_multiple = 128, .n_multiple = 128, .k_multiple = 16,
    .arch = {.min_sm = 80, .max_sm = 0, .needs = "cp.async, ldmatrix and mma.sync"},
    .grid = gemm_grid,
    .kernels = kernels,
    .num_kernels = 1,
};

int main(int argc, char **argv) { return run_step(&step, argc, argv); }
