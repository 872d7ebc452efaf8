/* Step 10: step 09's TMA ring feeding wgmma (sm_90a), a 128 x 256 block tile in two warpgroups. */
#include "harness.h"

GEMM_LAUNCHER(launch_fp16);
GEMM_LAUNCHER(launch_bf16);
GEMM_GRID(gemm_grid);
int ring_smem_bytes(int stages);

static const struct step_kernel kernels[] = {
    {"hgemm_wgmma", DTYPE_FP16, launch_fp16},
    {"hgemm_wgmma", DTYPE_BF16, launch_bf16},
};

/* The default ring is the deepest one block can hold (one block per SM: 128 accumulators a
 * thread): 4 stages on an H200, 2 on a 99 KB part. */
static const struct step_option options[] = {
    {.name = "stages", .help = "depth of the TMA ring, 48 KB a stage", .min = 2, .max = 4, .default_value = 4,
     .name_suffix = "_s%d", .smem_bytes = ring_smem_bytes, .blocks_per_sm = 1},
};

static const struct step step = {
    .name = "10_hgemm_wgmma",
    .layout = LAYOUT_NN,
    .accum = ACCUM_FP32,
    .m_multiple = 1, .n_multiple = 8, .k_multiple = 8,
    .shape_note = "TMA zero-fills the tiles past M, N and K; N and K multiples of 8 keep its rows 16-byte strided",
    .arch = {.min_sm = 90, .max_sm = 90, .target = "sm_90a", .needs = "wgmma is an sm_90a instruction (H100/H200)"},
    .options = options,
    .num_options = 1,
    .grid = gemm_grid,
    .kernels = kernels,
    .num_kernels = 2,
};

int main(int argc, char **argv) { return run_step(&step, argc, argv); }
