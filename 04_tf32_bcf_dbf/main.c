/* Step 04: step 03 double-buffered. */
#include "harness.h"

GEMM_LAUNCHER(launch_sgemm_tf32_swizzle_bcf_dbf);

static const struct step_kernel kernels[] = {
    {"sgemm_tf32_swizzle_bcf_dbf", DTYPE_TF32, VARIANT_BASE, launch_sgemm_tf32_swizzle_bcf_dbf},
};

static const struct step step = {
    .name = "04_tf32_bcf_dbf",
    .layout = LAYOUT_NN,
    .accum = ACCUM_FP32,
    .tile_m = 128, .tile_n = 128, .tile_k = 16,
    .kernels = kernels,
    .num_kernels = 1,
};

int main(int argc, char **argv) { return run_step(&step, argc, argv); }
