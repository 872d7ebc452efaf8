/* Step 11: step 10 warp-specialised: a producer warpgroup fills the ring, two consumers wgmma. */
#include "harness.h"

GEMM_LAUNCHER(launch_fp16);
GEMM_LAUNCHER(launch_bf16);
GEMM_GRID(gemm_grid);
int ring_smem_bytes(int stages);

static const struct step_kernel kernels[] = {
    {"hgemm_wgmma_ws", DTYPE_FP16, launch_fp16},
    {"hgemm_wgmma_ws", DTYPE_BF16, launch_bf16},
};

/* The default ring is the deepest one block can hold (one block per SM: 128 accumulators a
 * consumer thread): 4 stages on an H200. */
static const struct step_option options[] = {
    {.name = "stages", .help = "depth of the TMA ring, 48 KB a stage", .min = 2, .max = 4, .default_value = 4,
     .name_suffix = "_s%d", .smem_bytes = ring_smem_bytes, .blocks_per_sm = 1},
};

static const struct step step = {
    .name = "11_hgemm_wgmma_ws",
    .layout = LAYOUT_NN,
    .accum = ACCUM_FP32,
    .m_multiple = 1, .n_multiple = 8, .k_multiple = 8,
    .shape_note = "TMA zero-fills the tiles past M, N and K; N and K multiples of 8 keep its rows 16-byte strided",
    .arch = {.min_sm = 90, .max_sm = 90, .target = "sm_90a", .needs = "wgmma and setmaxnreg are sm_90a instructions (H100/H200)"},
    .options = options,
    .num_options = 1,
    .grid = gemm_grid,
    .kernels = kernels,
    .num_kernels = 2,
};

int main(int argc, char **argv) { return run_step(&step, argc, argv); }
