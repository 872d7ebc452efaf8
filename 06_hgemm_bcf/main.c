/* Step 06: step 05 with XOR-swizzled shared tiles: every access conflict-free. */
#include "harness.h"

GEMM_LAUNCHER(launch_hgemm_bcf_fp16);
GEMM_LAUNCHER(launch_hgemm_bcf_bf16);
GEMM_GRID(gemm_grid);

static const struct step_kernel kernels[] = {
    {"hgemm_bcf", DTYPE_FP16, launch_hgemm_bcf_fp16},
    {"hgemm_bcf", DTYPE_BF16, launch_hgemm_bcf_bf16},
};

static const struct step step = {
    .name = "06_hgemm_bcf",
    .layout = LAYOUT_NN,
    .accum = ACCUM_FP32,
    .m_multiple = 128, .n_multiple = 128, .k_multiple = 32,
    .arch = {.min_sm = 80, .max_sm = 0, .needs = "cp.async, ldmatrix and mma.sync"},
    .grid = gemm_grid,
    .kernels = kernels,
    .num_kernels = 2,
};

int main(int argc, char **argv) { return run_step(&step, argc, argv); }
