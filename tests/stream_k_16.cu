// tests/stream_k_check.h on step 16's schedule and walk, in the tile and cluster its launcher
// fits to M, and that fit on an H200's 132 SMs.
#include "../16_hgemm_small_m/kernel.cu"

#include <string>

#define STEP_NAME "16_hgemm_small_m"

static struct stream_k_schedule schedule_at(int m, int n, int k, int sm_count, int forced, long long *groups,
                                            int *k_tiles)
{
    const struct tile_fit f = fit_tile(m);
    *groups = num_groups(m, n, f);
    *k_tiles = (k + BK - 1) / BK;
    return choose_schedule(m, n, k, f, sm_count / f.cluster, forced);
}

#include "stream_k_check.h"

int main()
{
    run_checks();
    const struct tile_fit a = fit_tile(1), b = fit_tile(64), c = fit_tile(65), d = fit_tile(128), e = fit_tile(300),
                          f = fit_tile(129), g = fit_tile(1000), h = fit_tile(8200);
    report(a.bm == 64 && a.cluster == 1 && b.bm == 64 && b.cluster == 1 && c.bm == 64 && c.cluster == 2 &&
               d.bm == 64 && d.cluster == 2 && e.bm == 128 && e.cluster == 1 && f.bm == 128 && f.cluster == 2 &&
               g.bm == 128 && g.cluster == 2 && h.bm == 128 && h.cluster == 2,
           "fit_tile: 64-row tiles alone to M = 64, in pairs to 128; 128-row tiles alone for 3 tile rows, in pairs "
           "for 2, 8 and 65",
           "another fit");
    long long groups;
    int k_tiles;
    const struct stream_k_schedule decode = schedule_at(16, 18432, 16384, 132, 0, &groups, &k_tiles);
    report(decode.dp_groups == 0 && decode.clusters == 132 && groups == 72,
           "the rule at 16x18432x16384 on 132 SMs: 72 tiles of 64 x 256 stream-K over all 132 blocks", "another choice");
    return failures ? 1 : 0;
}
