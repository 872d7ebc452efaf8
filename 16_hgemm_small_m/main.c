/* Step 16: step 15 with the tile and the cluster fitted to the shape: 64-row tiles for M <= 64, one 128-row
 * tile up to M = 128, no half-empty pairs, 128- or 64-column tiles where 256-column ones are too few,
 * 64 x 64 ones where they split no tile (above M = 32 where they split K too), twins (a cluster of two
 * blocks on one tile, each doing half its K tiles) where those tiles would take one round, twins of 64 x 256
 * tiles up to M = 64 where B streams from memory and they keep as many blocks busy, 128 x 192 ones
 * above M = 128 where they pad N less than 256-column ones, and up to it where they all go whole in fewer
 * clocks; where M is short of the tile's rows, A's box holds only the rows there are; where B streams from
 * memory, no stream-K over every tile if another fit keeps the blocks in step over K; in a split-K each
 * tile's first cluster runs ahead by a few K tiles and adds the others' parts up alone (--lead). */
#include "harness.h"

GEMM_LAUNCHER(launch_fp16);
GEMM_LAUNCHER(launch_bf16);
GEMM_GRID(gemm_grid);
GEMM_WORKSPACE(workspace_bytes);
GEMM_SCHEDULE(schedule);
int ring_smem_bytes(int stages);

static const struct step_kernel kernels[] = {
    {"hgemm_small_m", DTYPE_FP16, launch_fp16},
    {"hgemm_small_m", DTYPE_BF16, launch_bf16},
};

/* The default ring is the deepest one block can hold beside its 32 KB of C staging (one block
 * per SM: 128 accumulators a consumer thread): 4 stages on an H200. --split forces stream-K over
 * a number of clusters, --tile one tile and cluster, for the tests (ranges inside tiles, more
 * clusters than iterations, every kernel instance on any shape). */
static const struct step_option options[] = {
    {.name = "stages", .help = "depth of the TMA ring in 48 KB stages of 128x256 tiles (smaller tiles: as many of theirs as the same bytes hold, see --info)", .min = 2, .max = 4, .default_value = 4,
     .name_suffix = "_s%d", .smem_bytes = ring_smem_bytes, .blocks_per_sm = 1},
    {.name = "split", .help = "0: the launcher's rule (see --info); N: all of it stream-K over N clusters (at most those that fit, and the iterations)",
     .min = 0, .max = 1024, .default_value = 0},
    {.name = "tile", .help = "0: the tile the launcher fits to the shape (see --info); 1-13: 128x256 tiles in pairs, 128x256 alone, 64x256 in pairs, 64x256 alone, 64x128 in pairs, 64x128 alone, 64x64 alone, 128x64 alone, 128x128 alone, 64x128 over twins that halve K, 128x192 alone, 128x128 over twins, 64x256 over twins",
     .min = 0, .max = 13, .default_value = 0},
    {.name = "lead", .help = "-1: the launcher's rule (see --info); 0: no lead, a split tile's clusters share its fix-up; N: in a split-K, each tile's first cluster does N K tiles more and fixes the tile up alone (where the other parts fit its ring)",
     .min = -1, .max = 1024, .default_value = -1},
};

static const struct step step = {
    .name = "16_hgemm_small_m",
    .layout = LAYOUT_NN,
    .accum = ACCUM_FP32,
    .m_multiple = 1, .n_multiple = 8, .k_multiple = 8,
    .shape_note = "TMA zero-fills the tiles past M, N and K and stores only inside C; N and K multiples of 8 keep its rows 16-byte strided",
    .arch = {.min_sm = 90, .max_sm = 90, .target = "sm_90a", .needs = "wgmma, setmaxnreg and TMA multicast are sm_90a instructions (H100/H200)"},
    .options = options,
    .num_options = 4,
    .grid = gemm_grid,
    .grid_note = "persistent: one block per SM at most, in clusters of 2 or alone as M asks; whole tiles for the full waves, the rest split evenly in K tiles (--info)",
    .kernels = kernels,
    .num_kernels = 2,
    .workspace_bytes = workspace_bytes,
    .schedule = schedule,
};

int main(int argc, char **argv) { return run_step(&step, argc, argv); }
