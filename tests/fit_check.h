// The host side of a step whose tile comes from fit.h (16-18), for tests/stream_k_NN.cu: the
// plan of a shape under the cost model's pick or a forced candidate, which stream_k_check.h
// replays, and the pick's own checks on random shapes. Include it after the step's fit.h and
// STEP_NAME.
#ifndef FIT_CHECK_H
#define FIT_CHECK_H

#include "random.h" // SUITE=random's generator

#include <math.h>

#include <chrono>
#include <string>

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

// Every candidate builds, its ring fits the 227 KB a block may have with its barriers, 4 stages
// deep or more, and the step's own condition holds (step_ok); both orientations are there, and
// swapped tiles of every BM from 16 to max_bm in steps of 16 (over bn B rows alone, where bn > 0).
template <typename StepOk>
static bool candidates_fit(int max_bm, int bn, StepOk step_ok)
{
    bool fits = true, widths[17] = {}, unswapped = false;
    for (int i = 0; i < NUM_CANDIDATES; i++) {
        const struct tile_fit f = candidates[i];
        fits &= buildable(f) && smem_bytes(f) + ring_depth(f) * 16 <= SMEM_PER_BLOCK && ring_depth(f) >= 4 && step_ok(f);
        if (f.swap && (bn == 0 || (f.bn == bn && f.cluster == 1)))
            widths[f.bm / 16] = true;
        unswapped |= !f.swap;
    }
    for (int w = 1; w <= max_bm / 16; w++)
        fits &= widths[w];
    return fits && unswapped;
}

// The pick over random shapes, and the cache of the last shapes' picks.
static void check_pick(int q)
{
    // The pick is the cheapest candidate on 1000 shapes drawn as SUITE=random draws them for the
    // step (N and K multiples of q), every cost finite and positive.
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
        const int m = draw(1, 16384, 1), n = draw(256, 65536, q), k = draw(256, 65536, q);
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
}

#endif
