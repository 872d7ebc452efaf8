// tests/stream_k_check.h on step 16's plans and walk (schedule.h) in every candidate tile, the
// cost model's pick among them and the candidates' shared memory, from its host side alone
// (fit.h); on an H200's 132 SMs where a count is needed.
#include "../16_hgemm_fit/fit.h"
#include "random.h" // SUITE=random's generator

#include <math.h>

#include <chrono>
#include <string>

#define STEP_NAME "16_hgemm_fit"
typedef struct plan schedule_t;

// 0: the cost model's pick; i > 0: candidate i (--tile i). run_checks replays each in turn.
static int tile_choice;
static const double L2_SIZE = 50331648; // an H200's 50 MB

// The clusters of candidate i that fit at once on sm_count SMs: one block an SM.
static void residents(int sm_count, int *resident)
{
    for (int i = 0; i < NUM_CANDIDATES; i++)
        resident[i] = sm_count / candidates[i].cluster;
}

static struct plan schedule_at(int m, int n, int k, int sm_count, int forced, long long *groups, int *k_tiles)
{
    int resident[MAX_CANDIDATES];
    struct plan plans[MAX_CANDIDATES];
    double costs[MAX_CANDIDATES];
    residents(sm_count, resident);
    const int fit = pick(m, n, k, resident, tile_choice, forced, L2_SIZE, plans, costs);
    *groups = num_groups(m, n, candidates[fit]);
    *k_tiles = (k + BK - 1) / BK;
    return plans[fit];
}

#include "stream_k_check.h"

int main()
{
    for (tile_choice = 0; tile_choice <= NUM_CANDIDATES; tile_choice++)
        run_checks();

    // Every candidate's ring fits the 227 KB a block may have with its barriers, 4 stages deep
    // or more; both orientations are there, and swapped tiles of every BM from 16 to 256.
    bool fits = true, widths[17] = {}, unswapped = false;
    for (int i = 0; i < NUM_CANDIDATES; i++) {
        const struct tile_fit f = candidates[i];
        fits &= buildable(f) && smem_bytes(f) + ring_depth(f) * 16 <= SMEM_PER_BLOCK && ring_depth(f) >= 4;
        if (f.swap)
            widths[f.bm / 16] = true;
        unswapped |= !f.swap;
    }
    for (int w = 1; w <= 16; w++)
        fits &= widths[w];
    report(fits && unswapped, "every candidate's ring is 4 stages or more in 227 KB; both orientations, BM 16..256 swapped",
           "a candidate's ring does not fit, or a width or orientation is missing");

    // The pick is the cheapest candidate on 1000 shapes drawn as SUITE=random draws them, every
    // cost finite and positive.
    int resident[MAX_CANDIDATES];
    struct plan plans[MAX_CANDIDATES];
    double costs[MAX_CANDIDATES];
    residents(132, resident);
    uint64_t state = 12345;
    auto draw = [&](double lo, double hi, int q) {
        const double u = (double)(mix(state += GOLDEN) >> 11) * 0x1p-53;
        const int v = (int)exp(log(lo) + u * (log(hi + 1) - log(lo)));
        return v / q * q < lo ? (int)lo : v / q * q;
    };
    bool cheapest = true;
    struct pick_cache cache = {};
    int shapes[1000][3];
    const auto t0 = std::chrono::steady_clock::now();
    for (int s = 0; s < 1000; s++) {
        const int m = draw(1, 16384, 1), n = draw(256, 65536, 8), k = draw(256, 65536, 8);
        const int fit = pick(m, n, k, resident, 0, 0, L2_SIZE, plans, costs);
        for (int i = 0; i < NUM_CANDIDATES; i++)
            cheapest &= isfinite(costs[i]) && costs[i] > 0 && costs[fit] <= costs[i];
        cache.keep(m, n, k, 0, 0, fit, plans[fit]);
        shapes[s][0] = m, shapes[s][1] = n, shapes[s][2] = k;
    }
    const auto t1 = std::chrono::steady_clock::now();
    report(cheapest, "on 1000 random shapes the pick is the cheapest candidate, every cost finite and positive",
           "a cheaper candidate was passed over");

    // A launcher asks again for the shape it just ran: the cache answers, in far less than the
    // 2 us a launch may spend on its pick; a shape it has not seen is a miss.
    bool hits = true;
    const int rounds = 100000;
    const auto t2 = std::chrono::steady_clock::now();
    for (int r = 0; r < rounds; r++) {
        const int *x = shapes[999 - r % 8];
        hits &= cache.find(x[0], x[1], x[2], 0, 0) != nullptr;
    }
    const auto t3 = std::chrono::steady_clock::now();
    hits &= cache.find(shapes[0][0], shapes[0][1], shapes[0][2], 0, 0) == nullptr;
    const double cold_us = std::chrono::duration<double, std::micro>(t1 - t0).count() / 1000;
    const double hit_us = std::chrono::duration<double, std::micro>(t3 - t2).count() / rounds;
    char what[200];
    snprintf(what, sizeof what,
             "the pick over %d candidates takes %.1f us a shape on this CPU; the last 8 shapes' picks come from the "
             "cache in %.3f us",
             NUM_CANDIDATES, cold_us, hit_us);
    report(hits && hit_us < 2.0, what, "a cached shape missed, or the cache took 2 us or more");

    // Big squares take 128 x 256 tiles whole, in either orientation; a few long-K tiles do not
    // leave most SMs idle: 266 x 2432 x 21696 (30 tiles of 128 x 256) keeps 100 SMs or more busy.
    const int square = pick(4096, 4096, 4096, resident, 0, 0, L2_SIZE, plans, costs);
    const bool whole = candidates[square].bm == 128 && candidates[square].bn == 256 && plans[square].mode == DATA_PARALLEL;
    const int few = pick(266, 2432, 21696, resident, 0, 0, L2_SIZE, plans, costs);
    report(whole && plans[few].clusters * candidates[few].cluster >= 100,
           "4096^3 runs 128x256 tiles DATA_PARALLEL; 266x2432x21696 keeps 100 SMs or more busy", "another pick");

    // A box row spans one 128-byte line where the rows start on lines, two where they do not;
    // over many waves of such rows a pair, which takes B's from L2 once for two tiles, costs
    // less than the same tiles alone: 12288 x 12296 x 16392, 128 x 256.
    const bool lines = lines_per_row(2 * 4096) == 1 && lines_per_row(2 * 4104) == 1.875 && lines_per_row(2 * 4128) == 1.5;
    int pair = -1, alone = -1;
    for (int i = 0; i < NUM_CANDIDATES; i++)
        if (!candidates[i].swap && candidates[i].bm == 128 && candidates[i].bn == 256)
            *(candidates[i].cluster > 1 ? &pair : &alone) = i;
    pick(12288, 12296, 16392, resident, 0, 0, L2_SIZE, plans, costs);
    report(lines && pair >= 0 && alone >= 0 && costs[pair] < costs[alone],
           "rows 16 bytes off a line span 1.875 lines on average; at 12288 x 12296 x 16392 128 x 256 pairs cost less than alone",
           "lines_per_row, or the pair's L2 saving");
    return failures ? 1 : 0;
}
