/* Step 09: step 07 with TMA + an mbarrier ring (sm_90 and newer), BK = 64, 128-byte swizzle. */
#include "harness.h"

GEMM_LAUNCHER(launch_fp16);
GEMM_LAUNCHER(launch_bf16);
GEMM_GRID(gemm_grid);
int ring_smem_bytes(int stages);

static const struct step_kernel kernels[] = {
    {"hgemm_tma_stages", DTYPE_FP16, launch_fp16},
    {"hgemm_tma_stages", DTYPE_BF16, launch_bf16},
};

/* The default ring is the deepest with which two blocks still share an SM (the kernel is built
 * for two: one block's barrier waits are the other's issue slots), else the deepest one block
 * can hold: 3 stages on an H200 (two blocks), 3 on a 99 KB sm_120 part (one). */
static const struct step_option options[] = {
    {.name = "stages", .help = "depth of the TMA ring, 32 KB a stage", .min = 2, .max = 4, .default_value = 3,
     .name_suffix = "_s%d", .smem_bytes = ring_smem_bytes, .blocks_per_sm = 2},
};

static const struct step step = {
    .name = "09_hgemm_tma_stages",
    .layout = LAYOUT_NN,
    .accum = ACCUM_FP32,
    .m_multiple = 1, .n_multiple = 8, .k_multiple = 8,
    .shape_note = "TMA zero-fills the tiles past M, N and K; N and K multiples of 8 keep its rows 16-byte strided",
    .arch = {.min_sm = 90, .max_sm = 0, .needs = "TMA (cp.async.bulk.tensor) and mbarrier transaction counts"},
    .options = options,
    .num_options = 1,
    .grid = gemm_grid,
    .kernels = kernels,
    .num_kernels = 2,
};

int main(int argc, char **argv) { return run_step(&step, argc, argv); }
