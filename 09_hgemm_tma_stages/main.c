/* Step 09: step 07 with TMA + an mbarrier ring (sm_90 and newer), BK = 64, 128-byte swizzle. */
#include "harness.h"

#include <stdio.h>

GEMM_LAUNCHER(launch_hgemm_tma_stages_fp16);
GEMM_LAUNCHER(launch_hgemm_tma_stages_bf16);
GEMM_GRID(gemm_grid);
int tma_stages_smem_bytes(int stages);

static const struct step_kernel kernels[] = {
    {"hgemm_tma_stages", DTYPE_FP16, launch_hgemm_tma_stages_fp16},
    {"hgemm_tma_stages", DTYPE_BF16, launch_hgemm_tma_stages_bf16},
};

/* The deepest ring with which two blocks still share an SM (the kernel is built for two: one
 * block's barrier waits are the other's issue slots), else the deepest one block can hold.
 * H200 (228 KB an SM): 3 stages, two blocks; a 99 KB sm_120 part: 3 stages, one block. */
static int deepest_ring(const struct launch_opts *device)
{
    for (int s = 4; s >= 2; s--)
        if (2 * (tma_stages_smem_bytes(s) + 1024) <= device->smem_per_sm) /* 1 KB the system keeps per block */
            return s;
    int s = 4;
    while (s > 2 && tma_stages_smem_bytes(s) > device->smem_per_block_optin)
        s--;
    return s;
}

static const char *check_ring(const struct launch_opts *opts)
{
    static char msg[128];
    int stages = launch_option(opts, "stages"), need = tma_stages_smem_bytes(stages);
    if (need <= opts->smem_per_block_optin)
        return NULL;
    snprintf(msg, sizeof msg, "--stages %d needs %d bytes of shared memory per block, this GPU allows %d", stages, need,
             opts->smem_per_block_optin);
    return msg;
}

static const struct step_option options[] = {
    {"stages", "depth of the TMA ring, 32 KB a stage", 2, 4, 0, 3, deepest_ring, "_s%d"},
};

static const struct step step = {
    .name = "09_hgemm_tma_stages",
    .layout = LAYOUT_NN,
    .accum = ACCUM_FP32,
    .m_multiple = 1, .n_multiple = 8, .k_multiple = 8,
    .shape_note = "TMA zero-fills the tiles past M, N and K; N and K multiples of 8 keep its rows 16-byte strided",
    .arch = {90, 0, "TMA (cp.async.bulk.tensor) and mbarrier transaction counts"},
    .options = options,
    .num_options = 1,
    .grid = gemm_grid,
    .check_device = check_ring,
    .kernels = kernels,
    .num_kernels = 2,
};

int main(int argc, char **argv) { return run_step(&step, argc, argv); }
