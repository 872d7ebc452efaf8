/* Step 08: TN layout, fp16 accumulation, a K_STAGE-deep cp.async ring, three variants. */
#include "harness.h"

GEMM_LAUNCHER(launch_hgemm_mma_tn_base);
GEMM_LAUNCHER(launch_hgemm_mma_tn_swizzle);
GEMM_LAUNCHER(launch_hgemm_mma_tn_x4);
GEMM_GRID(gemm_grid);

/* x4 carries K = 32 per stage. */
static const char *check_x4_shape(const struct launch_opts *opts, int m, int n, int k)
{
    (void)opts;
    (void)m;
    (void)n;
    return k % 32 ? "the x4 variant needs K a multiple of 32 (--variant all, the default, includes it)" : NULL;
}

static const struct step_kernel kernels[] = {
    {"hgemm_mma_tn_base", DTYPE_FP16, launch_hgemm_mma_tn_base, "base", NULL},
    {"hgemm_mma_tn_swizzle", DTYPE_FP16, launch_hgemm_mma_tn_swizzle, "swizzle", NULL},
    {"hgemm_mma_tn_x4", DTYPE_FP16, launch_hgemm_mma_tn_x4, "x4", check_x4_shape},
};

/* The band width: the blocks resident together walk one band down M and share its B panel
 * (width x K halves) in L2. At 2048, the note's width, the panel is 48 MiB at K = 12288 and 64 MiB
 * at 16384: most or more than all of an H200's 60 MiB L2. At 1024 it stays within 32 MiB. */
static const struct step_option options[] = {
    {.name = "stages", .help = "depth of the cp.async ring", .min = 2, .max = 5, .default_value = 2,
     .name_suffix = "_s%d"},
    {.name = "swizzle-stride", .help = "width in columns of the block swizzle's N bands",
     .min = 128, .max = 1 << 30, .multiple_of = 128, .default_value = 1024},
};

static const struct step step = {
    .name = "08_hgemm_mma_tn_stages",
    .layout = LAYOUT_TN,
    .accum = ACCUM_FP16,
    .m_multiple = 128, .n_multiple = 128, .k_multiple = 16,
    .shape_note = "K a multiple of 16 for base and swizzle, of 32 for x4 (so for --variant all, the default)",
    .arch = {.min_sm = 80, .max_sm = 0, .needs = "cp.async, ldmatrix and mma.sync"},
    .options = options,
    .num_options = 2,
    .variant_option = "variant",
    .variant_help = "base (B rows padded), swizzle (XOR of 16-byte halves), x4 (two k-planes a stage)",
    .grid = gemm_grid,
    .kernels = kernels,
    .num_kernels = 3,
};

int main(int argc, char **argv) { return run_step(&step, argc, argv); }
