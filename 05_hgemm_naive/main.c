/* Step 05: fp16/bf16 mma.sync m16n8k16, plain shared layout, single buffer. */
#include "harness.h"

GEMM_LAUNCHER(launch_hgemm_naive_fp16);
GEMM_LAUNCHER(launch_hgemm_naive_bf16);

static const struct step_kernel kernels[] = {
    {"hgemm_naive", DTYPE_FP16, VARIANT_BASE, launch_hgemm_naive_fp16},
    {"hgemm_naive", DTYPE_BF16, VARIANT_BASE, launch_hgemm_naive_bf16},
};

static const struct step step = {
    .name = "05_hgemm_naive",
    .layout = LAYOUT_NN,
    .accum = ACCUM_FP32,
    .tile_m = 128, .tile_n = 128, .tile_k = 32,
    .kernels = kernels,
    .num_kernels = 2,
};

int main(int argc, char **argv) { return run_step(&step, argc, argv); }
