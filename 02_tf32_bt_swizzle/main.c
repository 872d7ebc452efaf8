/* Step 02: step 01 with XOR-swizzled shared tiles. */
#include "harness.h"

GEMM_LAUNCHER(launch_sgemm_tf32_bt_swizzle);

static const struct step_kernel kernels[] = {
    {"sgemm_tf32_bt_swizzle", DTYPE_TF32, VARIANT_BASE, launch_sgemm_tf32_bt_swizzle},
};

static const struct step step = {
    .name = "02_tf32_bt_swizzle",
    .layout = LAYOUT_NN,
    .accum = ACCUM_FP32,
    .tile_m = 128, .tile_n = 128, .tile_k = 16,
    .kernels = kernels,
    .num_kernels = 1,
};

int main(int argc, char **argv) { return run_step(&step, argc, argv); }
