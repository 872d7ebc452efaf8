/* Step 12: step 11 persistent, in clusters of 2 with TMA multicast, C written by TMA store. */
#include "harness.h"

GEMM_LAUNCHER(launch_hgemm_wgmma_persistent_fp16);
GEMM_LAUNCHER(launch_hgemm_wgmma_persistent_bf16);
GEMM_GRID(gemm_grid);
int wgmma_persistent_smem_bytes(int stages);

static const struct step_kernel kernels[] = {
    {"hgemm_wgmma_persistent", DTYPE_FP16, launch_hgemm_wgmma_persistent_fp16},
    {"hgemm_wgmma_persistent", DTYPE_BF16, launch_hgemm_wgmma_persistent_bf16},
};

/* The default ring is the deepest one block can hold beside its 32 KB of C staging: 4 stages on
 * an H200. */
static const struct step_option options[] = {
    {"stages", "depth of the TMA ring, 48 KB a stage", 2, 4, 0, 4, "_s%d", wgmma_persistent_smem_bytes, 1},
};

static const struct step step = {
    .name = "12_hgemm_wgmma_persistent",
    .layout = LAYOUT_NN,
    .accum = ACCUM_FP32,
    .m_multiple = 1, .n_multiple = 8, .k_multiple = 8,
    .shape_note = "TMA zero-fills the tiles past M, N and K and stores only inside C; N and K multiples of 8 keep its rows 16-byte strided",
    .arch = {90, 90, "wgmma, setmaxnreg and TMA multicast are sm_90a instructions (H100/H200)"},
    .options = options,
    .num_options = 1,
    .grid = gemm_grid,
    .grid_note = "persistent: one block per SM at most, in clusters of 2, as many as the rounds of 256 x 256 pairs of tiles need",
    .kernels = kernels,
    .num_kernels = 2,
};

int main(int argc, char **argv) { return run_step(&step, argc, argv); }
