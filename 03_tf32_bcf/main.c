/* Step 03: both operands by cp.async, every shared access conflict-free, grid swizzle, L2 prefetch. */
#include "harness.h"

GEMM_LAUNCHER(launch_sgemm_tf32_swizzle_bcf);

static const struct step_kernel kernels[] = {
    {"sgemm_tf32_swizzle_bcf", DTYPE_TF32, VARIANT_BASE, launch_sgemm_tf32_swizzle_bcf},
};

static const struct step step = {
    .name = "03_tf32_bcf",
    .layout = LAYOUT_NN,
    .accum = ACCUM_FP32,
    .tile_m = 128, .tile_n = 128, .tile_k = 16,
    .kernels = kernels,
    .num_kernels = 1,
};

int main(int argc, char **argv) { return run_step(&step, argc, argv); }
