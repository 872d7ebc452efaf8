// tests/stream_k_check.h on step 17's plans and walk (schedule.h) in every candidate tile, the
// cost model's pick among them and the candidates' shared memory and registers, from its host
// side alone (fit.h); on an H200's 132 SMs where a count is needed.
#include "../17_fp8_wgmma/fit.h"
#include "random.h" // SUITE=random's generator

#include <math.h>

#include <chrono>
#include <string>

#define STEP_NAME "17_fp8_wgmma"
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
    // or more, a stage one K tile of 128 bytes a row of A and B; a part's sums and accumulator
    // fit 128 registers; both orientations are there, and swapped tiles of every BM from 16 to
    // 128 over 128 B rows.
    bool fits = true, widths[9] = {}, unswapped = false;
    for (int i = 0; i < NUM_CANDIDATES; i++) {
        const struct tile_fit f = candidates[i];
        fits &= buildable(f) && smem_bytes(f) + ring_depth(f) * 16 <= SMEM_PER_BLOCK && ring_depth(f) >= 4 &&
                stage_bytes(f) == (uint32_t)(f.bm + f.bn) * 128 && parts(f) * part_cols(f) <= 128;
        if (f.swap && f.bn == 128 && f.cluster == 1)
            widths[f.bm / 16] = true;
        unswapped |= !f.swap;
    }
    for (int w = 1; w <= 8; w++)
        fits &= widths[w];
    report(fits && unswapped, "every candidate's ring is 4 stages or more in 227 KB, its part in 128 registers; both orientations, BM 16..128 swapped",
           "a candidate's ring or part does not fit, or a width or orientation is missing");

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
        const int m = draw(1, 16384, 1), n = draw(256, 65536, 16), k = draw(256, 65536, 16);
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

    // 4096^3 takes 128 x 128 tiles whole, as cuBLASLt's FP8 kernel does there; a few long-K
    // tiles do not leave most SMs idle: 266 x 2432 x 21696 keeps 100 SMs or more busy.
    const int square = pick(4096, 4096, 4096, resident, 0, 0, L2_SIZE, plans, costs);
    const bool whole = candidates[square].bm == 128 && candidates[square].bn == 128 && plans[square].mode == DATA_PARALLEL;
    const int few = pick(266, 2432, 21696, resident, 0, 0, L2_SIZE, plans, costs);
    report(whole && plans[few].clusters * candidates[few].cluster >= 100,
           "4096^3 runs 128x128 tiles DATA_PARALLEL; 266x2432x21696 keeps 100 SMs or more busy", "another pick");

    // The K tile is 128 one-byte elements: a K of 4112 is 33 K tiles, and both operands' rows
    // are K bytes apart, so a K 16 bytes off the lines puts A's and B's rows across two of them.
    long long g;
    int kt;
    tile_choice = 1;
    schedule_at(256, 256, 4112, 132, 0, &g, &kt);
    tile_choice = 0;
    const struct tile_fit f1 = candidates[0];
    report(kt == 33 && group_bytes(f1, 4096, 4096, 4096) == (f1.bm + f1.bn) * 128.0 &&
               group_bytes(f1, 4096, 4096, 4112) == (f1.bm + f1.bn) * 1.875 * 128,
           "K tiles of 128 e4m3; A's and B's rows both K bytes apart in the lines a K tile fetches",
           "K tiles or group_bytes");
    return failures ? 1 : 0;
}
