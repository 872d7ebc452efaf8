/* Step 01: TF32 mma.sync with A via cp.async and B transposed through registers. */
#include "harness.h"

GEMM_LAUNCHER(launch_sgemm_tf32_bt);

static const struct step_kernel kernels[] = {
    {"sgemm_tf32_bt", DTYPE_TF32, VARIANT_BASE, launch_sgemm_tf32_bt},
};

static const struct step step = {
    .name = "01_tf32_bt",
    .layout = LAYOUT_NN,
    .accum = ACCUM_FP32,
    .tile_m = 128, .tile_n = 128, .tile_k = 16,
    .kernels = kernels,
    .num_kernels = 1,
};

int main(int argc, char **argv) { return run_step(&step, argc, argv); }
