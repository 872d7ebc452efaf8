/* Step 06: step 05 with XOR-swizzled shared tiles: every access conflict-free. */
#include "harness.h"

GEMM_LAUNCHER(launch_hgemm_bcf_fp16);
GEMM_LAUNCHER(launch_hgemm_bcf_bf16);

static const struct step_kernel kernels[] = {
    {"hgemm_bcf", DTYPE_FP16, VARIANT_BASE, launch_hgemm_bcf_fp16},
    {"hgemm_bcf", DTYPE_BF16, VARIANT_BASE, launch_hgemm_bcf_bf16},
};

static const struct step step = {
    .name = "06_hgemm_bcf",
    .layout = LAYOUT_NN,
    .accum = ACCUM_FP32,
    .tile_m = 128, .tile_n = 128, .tile_k = 32,
    .kernels = kernels,
    .num_kernels = 2,
};

int main(int argc, char **argv) { return run_step(&step, argc, argv); }
