// tests/stream_k_check.h on step 16's schedule and walk, in the tile and cluster its launcher
// fits to M, and that fit on an H200's 132 SMs.
#include "../16_hgemm_small_m/kernel.cu"

#include <string>

#define STEP_NAME "16_hgemm_small_m"
typedef struct stream_k_schedule schedule_t;
#define H200_L2_BYTES ((size_t)60 << 20) // what cudaGetDeviceProperties reports on the H200

// The ring of a launch with --stages `stages` in fit f, as the launcher sizes it.
static int ring_bytes_at(struct tile_fit f, int stages)
{
    return ring_depth(stages, f.bm, f.bn, f.k_blocks) * stage_bytes(f.bm, f.bn);
}

static struct stream_k_schedule schedule_at(int m, int n, int k, int sm_count, int forced, long long *groups,
                                            int *k_tiles)
{
    const struct tile_fit f = fit_tile(m, n, k, sm_count, H200_L2_BYTES);
    *groups = num_groups(m, n, f);
    *k_tiles = (k + BK - 1) / BK;
    return with_lead(choose_schedule(m, n, k, f, sm_count / (f.cluster * f.k_blocks), forced), f, k,
                     ring_bytes_at(f, 4), -1);
}

#include "stream_k_check.h"

int main()
{
    run_checks();
    // On 132 SMs: 64-row tiles 256 wide where there are tiles enough (64x24576x1536), 128 wide
    // where the wide ones need many K splits (64x4096x7168, 32x2112x7168), 64 wide where those
    // keep every tile whole (1x8x8) or, above M = 32, split too (64x2112x7168: 33 tiles, 4 parts
    // each), 128 wide over twins where those tiles take one round of clusters (64x7168x2048: 56
    // tiles; 56x4096x968: 32; 64x7168x16384). Up to M = 128 one 128-row tile: 256 wide where
    // there are tiles enough or long K parts (128x32768x512, 128x7168x16384), 128 wide for
    // 128x16384x2048, 64 wide where that keeps the tiles whole
    // (128x7168x2048: 112 tiles), for a small N (100x4096x512) or where its K tiles, faster than
    // their bytes say, make its split the shortest (128x2112x7168, 128x4096x7168), 192 wide where
    // those tiles all go whole and their estimate is shorter (128x24576x1536: 128 tiles, where
    // 256-wide ones would be 96; 97x24112x8072), not where they would be split (90x13416x7224:
    // 70 tiles, stream-K; 128x2112x7168: split-K 12 ways). Above M = 128:
    // 128-row tiles alone for an odd few tile rows or no more tiles than SMs (2048^3: 128 tiles),
    // else in pairs; 128 x 192 alone where N is 2112 (11 tiles, where 256-column ones would be 9,
    // the last a quarter used). Where B is larger than the L2, no stream-K over every tile if
    // another fit keeps the blocks in step: 128 x 128 at 128x16384x53248, not 128 x 256
    // stream-K; above M = 64 not 128 x 64, so 128 x 256 stays at 126x11608x22552. Where B is
    // larger than the L2 and twins of a wider tile take one round on as many blocks as the fit
    // would, those twins: 64 x 256 at 16x16384x53248 (for 64 x 128 whole, 128 blocks) and
    // 16x16384x16384 (for 64 x 256 in a split-K of 2); not at 128x4096x7168 (64 blocks for 128).
    // Not 128 x 128 twins above M = 64: 128x7168x16384 keeps 128 x 256 in a split-K of 4.
    struct expected_fit {
        int m, n, k;
        struct tile_fit fit;
    };
    const struct expected_fit expected[] = {
        {1, 8, 8, {64, 64, 1}},           {64, 7168, 2048, {64, 128, 1, 2}},  {64, 2112, 7168, {64, 64, 1}},
        {32, 2112, 7168, {64, 128, 1}},
        {56, 4096, 968, {64, 128, 1, 2}}, {64, 4096, 7168, {64, 128, 1}},   {64, 7168, 16384, {64, 128, 1, 2}},
        {64, 24576, 1536, {64, 256, 1}},  {100, 4096, 512, {128, 64, 1}},     {128, 7168, 2048, {128, 64, 1}},
        {128, 2112, 7168, {128, 64, 1}},  {128, 4096, 7168, {128, 64, 1}},    {128, 16384, 2048, {128, 128, 1}},
        {128, 32768, 512, {128, 256, 1}},
        {128, 7168, 16384, {128, 256, 1}}, {16, 16384, 16384, {64, 256, 1, 2}}, {128, 24576, 1536, {128, 192, 1}}, {97, 24112, 8072, {128, 192, 1}},
        {90, 13416, 7224, {128, 256, 1}},  {300, 1000, 1000, {128, 256, 1}},  {129, 1000, 1000, {128, 256, 1}},
        {1000, 1000, 1000, {128, 256, 1}}, {2048, 2048, 2048, {128, 256, 1}}, {8200, 1000, 1000, {128, 256, 2}},
        {4096, 4096, 4096, {128, 256, 2}}, {2048, 2304, 2048, {128, 256, 2}}, {4096, 2112, 7168, {128, 192, 1}},
        {300, 2112, 1000, {128, 192, 1}},  {16, 16384, 53248, {64, 256, 1, 2}},  {128, 16384, 53248, {128, 128, 1}},
        {126, 11608, 22552, {128, 256, 1}},
    };
    for (const struct expected_fit &e : expected) {
        const struct tile_fit f = fit_tile(e.m, e.n, e.k, 132, H200_L2_BYTES);
        char what[160], got[80];
        snprintf(what, sizeof what, "fit_tile at %dx%dx%d on 132 SMs: %dx%d tiles, %d a cluster, K over %d", e.m, e.n,
                 e.k, e.fit.bm, e.fit.bn, e.fit.cluster, e.fit.k_blocks);
        snprintf(got, sizeof got, "%dx%d tiles, %d a cluster, K over %d", f.bm, f.bn, f.cluster, f.k_blocks);
        report(f.bm == e.fit.bm && f.bn == e.fit.bn && f.cluster == e.fit.cluster && f.k_blocks == e.fit.k_blocks, what,
               got);
    }
    long long groups;
    int k_tiles;
    // Forced leads (--lead) over split-K and stream-K schedules, the rule's and forced splits:
    // every one that takes its lead still replays soundly, and those that cannot take it (not
    // split-K, parts that do not fit the ring, a lead that would empty a range) keep none.
    const struct shape lead_shapes[] = {{64, 2112, 7168}, {128, 2112, 7168}, {128, 4096, 7168}, {7, 136, 24},
                                        {100, 1000, 1000}, {1000, 1000, 4104}, {16, 18432, 16384}};
    int lead_cases = 0, led = 0;
    std::string lead_first;
    for (const struct shape &p : lead_shapes)
        for (int sms : {6, 14, 132})
            for (int split : {0, 2, 3, 7, 64})
                for (int lead : {1, 2, 5, 9, 40}) {
                    const struct tile_fit f = fit_tile(p.m, p.n, p.k, sms, H200_L2_BYTES);
                    const struct stream_k_schedule plain =
                        choose_schedule(p.m, p.n, p.k, f, sms / (f.cluster * f.k_blocks), split);
                    const struct stream_k_schedule s = with_lead(plain, f, p.k, ring_bytes_at(f, 2), lead);
                    const int kt = (p.k + BK - 1) / BK;
                    std::string why = replay(s, num_groups(p.m, p.n, f), kt, sharers_of);
                    if (s.lead > 0 && (s.lead != lead || (long long)(s.parts - 1) * f.bm * f.bn * 4 > ring_bytes_at(f, 2)))
                        why = "a lead other than asked, or parts that do not fit the ring";
                    led += s.lead > 0;
                    lead_cases++;
                    if (!why.empty() && lead_first.empty()) {
                        char at[96];
                        snprintf(at, sizeof at, "%dx%dx%d, %d SMs, split %d, lead %d: ", p.m, p.n, p.k, sms, split,
                                 lead);
                        lead_first = at + why;
                    }
                }
    char lead_what[160];
    snprintf(lead_what, sizeof lead_what,
             "%d schedules with forced leads replay soundly, %d of them led (the rest keep no lead)", lead_cases, led);
    report(lead_first.empty() && led > 0, lead_what, lead_first.empty() ? "none led" : lead_first.c_str());
    // The rule's leads at the suite's split-K shapes on 132 SMs: 4 parts a tile, the first a few
    // K tiles ahead.
    const struct stream_k_schedule led_128 = schedule_at(128, 2112, 7168, 132, 0, &groups, &k_tiles),
                                   led_64 = schedule_at(64, 2112, 7168, 132, 0, &groups, &k_tiles);
    char led_what[160];
    snprintf(led_what, sizeof led_what, "the rule's lead at 128x2112x7168 and 64x2112x7168: 4 parts, %d and %d K tiles (5 and 4)",
             led_128.lead, led_64.lead);
    report(led_128.parts == 4 && led_64.parts == 4 && led_128.lead == 5 && led_64.lead == 4, led_what, "another lead");
    // B (576 MiB) streams from memory: not 72 tiles of 64 x 256 stream-K, whose ranges start anywhere
    // in K, but 144 of 64 x 128, 132 whole and 12 split-K 11 ways, all blocks in step.
    const struct stream_k_schedule decode = schedule_at(16, 18432, 16384, 132, 0, &groups, &k_tiles);
    report(decode.dp_groups == 132 && decode.clusters == 132 && groups == 144 && decode.sk_iters == 12 * k_tiles,
           "the rule at 16x18432x16384 on 132 SMs: 144 tiles of 64 x 128, 132 whole, 12 split-K over 11 blocks each",
           "another choice");
    // Where B fits in L2 (56 MiB) the shortest estimate stays, stream-K or not: 64 x 128 tiles at
    // 27x34472x848, whose schedule is stream-K, where 64 x 256 ones would be whole.
    const struct tile_fit in_l2 = fit_tile(27, 34472, 848, 132, H200_L2_BYTES);
    report(in_l2.bm == 64 && in_l2.bn == 128, "fit_tile at 27x34472x848 (B in L2) on 132 SMs: 64 x 128 tiles",
           "another fit");
    return failures ? 1 : 0;
}
