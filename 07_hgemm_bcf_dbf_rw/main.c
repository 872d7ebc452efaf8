/* Step 07: step 06 double-buffered, with the C tile written back through shared memory. */
#include "harness.h"

GEMM_LAUNCHER(launch_hgemm_bcf_dbf_rw_fp16);
GEMM_LAUNCHER(launch_hgemm_bcf_dbf_rw_bf16);

static const struct step_kernel kernels[] = {
    {"hgemm_bcf_dbf_rw", DTYPE_FP16, VARIANT_BASE, launch_hgemm_bcf_dbf_rw_fp16},
    {"hgemm_bcf_dbf_rw", DTYPE_BF16, VARIANT_BASE, launch_hgemm_bcf_dbf_rw_bf16},
};

static const struct step step = {
    .name = "07_hgemm_bcf_dbf_rw",
    .layout = LAYOUT_NN,
    .accum = ACCUM_FP32,
    .tile_m = 128, .tile_n = 128, .tile_k = 32,
    .kernels = kernels,
    .num_kernels = 2,
};

int main(int argc, char **argv) { return run_step(&step, argc, argv); }
