// tests/stream_k_check.h on step 16's plans and walk (schedule.h) in every candidate tile, the
// cost model's pick among them and the candidates' shared memory, from its host side alone
// (fit.h); on an H200's 132 SMs where a count is needed.
#include "../16_hgemm_fit/fit.h"
#include "random.h" // SUITE=random's generator

#include <math.h>
#include <string>

#define STEP_NAME "16_hgemm_fit"
typedef struct plan schedule_t;

// 0: the cost model's pick; i > 0: candidate i (--tile i). run_checks replays each in turn.
static int tile_choice;

// The clusters of candidate i that fit at once on sm_count SMs: one block an SM.
static void residents(int sm_count, int *resident)
{
    for (int i = 0; i < NUM_CANDIDATES; i++)
        resident[i] = sm_count / candidates[i].cluster;
}

static struct plan schedule_at(int m, int n, int k, int sm_count, int forced, long long *groups, int *k_tiles)
{
    int resident[NUM_CANDIDATES];
    struct plan plans[NUM_CANDIDATES];
    double costs[NUM_CANDIDATES];
    residents(sm_count, resident);
    const int fit = pick(m, n, k, resident, tile_choice, forced, plans, costs);
    *groups = num_groups(m, n, candidates[fit]);
    *k_tiles = (k + BK - 1) / BK;
    return plans[fit];
}

#include "stream_k_check.h"

int main()
{
    for (tile_choice = 0; tile_choice <= NUM_CANDIDATES; tile_choice++)
        run_checks();

    // Every candidate's ring fits the 227 KB a block may have, 4 stages deep or more.
    bool fits = true;
    for (int i = 0; i < NUM_CANDIDATES; i++)
        fits &= smem_bytes(candidates[i].bm, candidates[i].bn) <= SMEM_PER_BLOCK &&
                ring_depth(candidates[i].bm, candidates[i].bn) >= 4;
    report(fits, "every candidate's ring is 4 stages or more in 227 KB", "a candidate's ring does not fit");

    // The pick is the cheapest candidate on 1000 shapes drawn as SUITE=random draws them, every
    // cost finite and positive.
    int resident[NUM_CANDIDATES];
    struct plan plans[NUM_CANDIDATES];
    double costs[NUM_CANDIDATES];
    residents(132, resident);
    uint64_t state = 12345;
    auto draw = [&](double lo, double hi, int q) {
        const double u = (double)(mix(state += GOLDEN) >> 11) * 0x1p-53;
        const int v = (int)exp(log(lo) + u * (log(hi + 1) - log(lo)));
        return v / q * q < lo ? (int)lo : v / q * q;
    };
    bool cheapest = true;
    for (int s = 0; s < 1000; s++) {
        const int m = draw(1, 16384, 1), n = draw(256, 65536, 8), k = draw(256, 65536, 8);
        const int fit = pick(m, n, k, resident, 0, 0, plans, costs);
        for (int i = 0; i < NUM_CANDIDATES; i++)
            cheapest &= isfinite(costs[i]) && costs[i] > 0 && costs[fit] <= costs[i];
    }
    report(cheapest, "on 1000 random shapes the pick is the cheapest candidate, every cost finite and positive",
           "a cheaper candidate was passed over");

    // Big squares take 128 x 256 tiles whole; a few long-K tiles do not leave most SMs idle:
    // 266 x 2432 x 21696 (30 tiles of 128 x 256) is split over 100 clusters or more.
    const int square = pick(4096, 4096, 4096, resident, 0, 0, plans, costs);
    const bool whole = candidates[square].bm == 128 && candidates[square].bn == 256 && plans[square].mode == DATA_PARALLEL;
    const int few = pick(266, 2432, 21696, resident, 0, 0, plans, costs);
    report(whole && plans[few].mode != DATA_PARALLEL && plans[few].clusters * candidates[few].cluster >= 100,
           "4096^3 runs 128x256 tiles DATA_PARALLEL; 266x2432x21696 keeps 100 SMs or more busy", "another pick");
    return failures ? 1 : 0;
}
