/* Step 08: TN layout, fp16 accumulation, a K_STAGE-deep cp.async ring, three variants. */
#include "harness.h"

GEMM_LAUNCHER(launch_hgemm_mma_tn_stages);

/* x4 carries K = 32 per stage: K must be a multiple of 32 for it. */
static const char *check_variant_shape(const struct launch_opts *opts, int m, int n, int k)
{
    (void)m;
    (void)n;
    return opts->variant == VARIANT_X4 && k % 32 ? "the x4 variant needs K a multiple of 32" : NULL;
}

static const struct step_kernel kernels[] = {
    {"hgemm_mma_tn", DTYPE_FP16, VARIANT_BASE, launch_hgemm_mma_tn_stages},
    {"hgemm_mma_tn", DTYPE_FP16, VARIANT_SWIZZLE, launch_hgemm_mma_tn_stages},
    {"hgemm_mma_tn", DTYPE_FP16, VARIANT_X4, launch_hgemm_mma_tn_stages},
};

static const struct step step = {
    .name = "08_hgemm_mma_tn_stages",
    .layout = LAYOUT_TN,
    .accum = ACCUM_FP16,
    .tile_m = 128, .tile_n = 128, .tile_k = 16,
    .has_tn_options = 1,
    .check_shape = check_variant_shape,
    .kernels = kernels,
    .num_kernels = 3,
};

int main(int argc, char **argv) { return run_step(&step, argc, argv); }
