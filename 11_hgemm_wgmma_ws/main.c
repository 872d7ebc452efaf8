/* Step 11: step 10 warp-specialised: a producer warpgroup fills the ring, two consumers wgmma. */
#include "harness.h"

#include <stdio.h>

GEMM_LAUNCHER(launch_hgemm_wgmma_ws_fp16);
GEMM_LAUNCHER(launch_hgemm_wgmma_ws_bf16);
GEMM_GRID(gemm_grid);
int wgmma_ws_smem_bytes(int stages);

static const struct step_kernel kernels[] = {
    {"hgemm_wgmma_ws", DTYPE_FP16, launch_hgemm_wgmma_ws_fp16},
    {"hgemm_wgmma_ws", DTYPE_BF16, launch_hgemm_wgmma_ws_bf16},
};

/* The deepest ring one block can hold (one block per SM: 128 accumulators a thread). */
static int deepest_ring(const struct launch_opts *device)
{
    int s = 4;
    while (s > 2 && wgmma_ws_smem_bytes(s) > device->smem_per_block_optin)
        s--;
    return s;
}

static const char *check_ring(const struct launch_opts *opts)
{
    static char msg[128];
    int stages = launch_option(opts, "stages"), need = wgmma_ws_smem_bytes(stages);
    if (need <= opts->smem_per_block_optin)
        return NULL;
    snprintf(msg, sizeof msg, "--stages %d needs %d bytes of shared memory per block, this GPU allows %d", stages, need,
             opts->smem_per_block_optin);
    return msg;
}

static const struct step_option options[] = {
    {"stages", "depth of the TMA ring, 48 KB a stage", 2, 4, 0, 4, deepest_ring, "_s%d"},
};

static const struct step step = {
    .name = "11_hgemm_wgmma_ws",
    .layout = LAYOUT_NN,
    .accum = ACCUM_FP32,
    .m_multiple = 1, .n_multiple = 8, .k_multiple = 8,
    .shape_note = "TMA zero-fills the tiles past M, N and K; N and K multiples of 8 keep its rows 16-byte strided",
    .arch = {90, 90, "wgmma and setmaxnreg are sm_90a instructions (H100/H200)"},
    .options = options,
    .num_options = 1,
    .grid = gemm_grid,
    .check_device = check_ring,
    .kernels = kernels,
    .num_kernels = 2,
};

int main(int argc, char **argv) { return run_step(&step, argc, argv); }
