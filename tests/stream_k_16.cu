// tests/stream_k_check.h on step 16's schedule and walk, in the tile and cluster its launcher
// fits to M, and that fit on an H200's 132 SMs.
#include "../16_hgemm_small_m/kernel.cu"

#include <string>

#define STEP_NAME "16_hgemm_small_m"

static struct stream_k_schedule schedule_at(int m, int n, int k, int sm_count, int forced, long long *groups,
                                            int *k_tiles)
{
    const struct tile_fit f = fit_tile(m, n, k, sm_count);
    *groups = num_groups(m, n, f);
    *k_tiles = (k + BK - 1) / BK;
    return choose_schedule(m, n, k, f, sm_count / f.cluster, forced);
}

#include "stream_k_check.h"

int main()
{
    run_checks();
    // On 132 SMs: 64-row tiles 256 wide where there are tiles enough (64x24576x1536), 128 wide
    // where the wide ones need many K splits (64x2112x7168, 128x7168x2048 and 100x4096x512, never
    // in pairs), 64 wide where those keep every tile whole up to M = 64 (64x7168x2048: 112 tiles,
    // and 1x8x8); pairs of wide ones where no other estimate is a tenth
    // shorter (128x2112x7168), one 128-row tile where the pair would need two rounds or long parts.
    // Above M = 128: 128-row tiles alone for an odd few tile rows or no more tiles than SMs
    // (2048^3: 128 tiles), else in pairs.
    const struct tile_fit a = fit_tile(1, 8, 8, 132), b = fit_tile(64, 2112, 7168, 132),
                          c = fit_tile(100, 4096, 512, 132), d = fit_tile(64, 24576, 1536, 132),
                          e = fit_tile(128, 32768, 512, 132), f = fit_tile(128, 2112, 7168, 132),
                          g = fit_tile(300, 1000, 1000, 132), h = fit_tile(129, 1000, 1000, 132),
                          i = fit_tile(1000, 1000, 1000, 132), j = fit_tile(8200, 1000, 1000, 132),
                          l = fit_tile(128, 7168, 16384, 132), o = fit_tile(128, 7168, 2048, 132),
                          p = fit_tile(2048, 2048, 2048, 132), q = fit_tile(4096, 4096, 4096, 132),
                          r = fit_tile(2048, 2304, 2048, 132), s = fit_tile(64, 7168, 2048, 132);
    report(a.bm == 64 && a.bn == 64 && a.cluster == 1 && s.bm == 64 && s.bn == 64 && s.cluster == 1 && b.bm == 64 && b.bn == 128 && b.cluster == 1 && c.bm == 64 &&
               c.bn == 128 && c.cluster == 1 && d.bm == 64 && d.bn == 256 && d.cluster == 1 && e.bm == 128 &&
               e.cluster == 1 && f.bm == 64 && f.bn == 256 && f.cluster == 2 && g.bm == 128 && g.cluster == 1 &&
               h.bm == 128 && h.cluster == 1 && i.bm == 128 && i.cluster == 1 && j.bm == 128 && j.cluster == 2 &&
               l.bm == 128 && l.cluster == 1 && o.bm == 64 && o.bn == 128 && o.cluster == 1 && p.bm == 128 &&
               p.cluster == 1 && q.bm == 128 && q.cluster == 2 && r.bm == 128 && r.cluster == 2,
           "fit_tile: 64-row tiles alone to M = 64, 128 wide at 64x2112x7168, 256 at 64x24576x1536, 64 at "
           "64x7168x2048 and 1x8x8; to 128, "
           "128 wide and alone at 100x4096x512 and 128x7168x2048, pairs 256 wide at 128x2112x7168, one 128-row "
           "tile at 128x32768x512 and 128x7168x16384; 128-row tiles alone for 3 tile rows and for up to 132 tiles "
           "(129x1000x1000, 1000^3, 2048^3), in pairs for 65 tile rows, 4096^3 and 2048x2304x2048 (144 tiles)",
           "another fit");
    long long groups;
    int k_tiles;
    const struct stream_k_schedule decode = schedule_at(16, 18432, 16384, 132, 0, &groups, &k_tiles);
    report(decode.dp_groups == 0 && decode.clusters == 132 && groups == 72,
           "the rule at 16x18432x16384 on 132 SMs: 72 tiles of 64 x 256 stream-K over all 132 blocks", "another choice");
    return failures ? 1 : 0;
}
