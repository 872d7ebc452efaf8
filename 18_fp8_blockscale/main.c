/* Step 18: step 17 with DeepSeek-V3's block scales: A's per 1 x 128, B's per 128 x 128, applied
 * as each K tile is promoted. */
#include "harness.h"

GEMM_LAUNCHER(launch_e4m3);
GEMM_GRID(gemm_grid);
GEMM_WORKSPACE(workspace_bytes);
GEMM_SCHEDULE(schedule);
GEMM_TILES(list_tiles);

static int tile_count(void) { return list_tiles(NULL, 0); }

static const struct step_kernel kernels[] = {
    {"fp8_blockscale", DTYPE_E4M3, launch_e4m3},
};

/* Each candidate's ring is as deep as 227 KB hold beside its C staging (see --list-tiles), so
 * there is no --stages. --split forces stream-K over a number of clusters, --tile one candidate,
 * for the tests and to check the model against what runs. */
static const struct step_option options[] = {
    {.name = "split", .help = "0: the cost model's plan (see --info); N: all of it stream-K over N clusters (at most those that fit, and the iterations)",
     .min = 0, .max = 1024, .default_value = 0},
    {.name = "tile", .help = "0: the candidate the cost model picks (see --info); N: candidate N of --list-tiles (each with the deepest ring 227 KB hold)",
     .min = 0, .max_of = tile_count, .default_value = 0},
};

static const struct step step = {
    .name = "18_fp8_blockscale",
    .layout = LAYOUT_TN,
    .accum = ACCUM_FP32,
    .scaling = SCALING_BLOCK,
    .m_multiple = 1, .n_multiple = 16, .k_multiple = 16,
    .shape_note = "TMA zero-fills the tiles past M, N and K and stores only inside C; N and K multiples of 16 keep the rows of A, B (K bytes) and C (2N) 16-byte strided",
    .arch = {.min_sm = 90, .max_sm = 90, .target = "sm_90a", .needs = "wgmma, setmaxnreg and TMA multicast are sm_90a instructions (H100/H200)"},
    .options = options,
    .num_options = 2,
    .grid = gemm_grid,
    .grid_note = "persistent: one block per SM at most, in clusters of 2 (along M or N) or alone as the candidate is; whole tiles for the full waves, the rest split evenly in K tiles (--info)",
    .kernels = kernels,
    .num_kernels = 1,
    .workspace_bytes = workspace_bytes,
    .schedule = schedule,
    .list_tiles = list_tiles,
};

int main(int argc, char **argv) { return run_step(&step, argc, argv); }
