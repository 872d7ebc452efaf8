/* Step 05: fp16/bf16 mma.sync m16n8k16, plain shared layout, single buffer. */
#include "harness.h"

GEMM_LAUNCHER(launch_hgemm_naive_fp16);
GEMM_LAUNCHER(launch_hgemm_naive_bf16);
GEMM_GRID(gemm_grid);

static const struct step_kernel kernels[] = {
    {"hgemm_naive", DTYPE_FP16, launch_hgemm_naive_fp16},
    {"hgemm_naive", DTYPE_BF16, launch_hgemm_naive_bf16},
};

static const struct step step = {
    .name = "05_hgemm_naive",
    .layout = LAYOUT_NN,
    .accum = ACCUM_FP32,
    .m_multiple = 128, .n_multiple = 128, .k_multiple = 32,
    .arch = {.min_sm = 80, .max_sm = 0, .needs = "cp.async, ldmatrix and mma.sync"},
    .grid = gemm_grid,
    .kernels = kernels,
    .num_kernels = 2,
};

int main(int argc, char **argv) { return run_step(&step, argc, argv); }
