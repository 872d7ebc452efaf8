// tests/stream_k_check.h on step 18's plans and walk (schedule.h) in every candidate tile, the
// cost model's pick among them and the candidates' shared memory and registers, from its host
// side alone (fit.h); on an H200's 132 SMs where a count is needed.
#include "../18_fp8_blockscale/fit.h"
#define STEP_NAME "18_fp8_blockscale"
#include "fit_check.h"

int main()
{
    for (tile_choice = 0; tile_choice <= NUM_CANDIDATES; tile_choice++)
        run_checks();

    // Every candidate's ring fits in 227 KB, 4 stages deep or more, a stage one K tile of 128
    // bytes a row of A and B and then A's BM scales on their own 1024 bytes; a part's sums and
    // two accumulators fit 192 registers; a tile's B rows lie in one 128-row block of B's scales;
    // both orientations are there, and swapped tiles of every BM from 16 to 96 over 128 B rows.
    report(candidates_fit(96, 128,
                          [](struct tile_fit f) {
                              return stage_bytes(f) == (uint32_t)(f.bm + f.bn) * 128 + scale_bytes(f) &&
                                     scale_bytes(f) % 1024 == 0 && scale_bytes(f) >= (uint32_t)f.bm * 4 &&
                                     parts(f) == 1 && 3 * part_cols(f) / 2 <= 192 && SCALE_BLOCK % f.bn == 0;
                          }),
           "every candidate's ring is 4 stages or more in 227 KB with A's scales, its part in 192 registers, its B rows in one scale block; both orientations, BM 16..96 swapped",
           "a candidate's ring or part does not fit, or a width or orientation is missing");

    check_pick(16);
    int resident[MAX_CANDIDATES];
    struct plan plans[MAX_CANDIDATES];
    double costs[MAX_CANDIDATES];
    residents(132, resident);

    // 4096^3 takes 128 x 128 tiles whole; a few long-K tiles do not leave most SMs idle:
    // 266 x 2432 x 21696 keeps 100 SMs or more busy.
    const int square = pick(4096, 4096, 4096, resident, 0, 0, L2_SIZE, plans, costs);
    const bool whole = candidates[square].bm == 128 && candidates[square].bn == 128 && plans[square].mode == DATA_PARALLEL;
    const int few = pick(266, 2432, 21696, resident, 0, 0, L2_SIZE, plans, costs);
    report(whole && plans[few].clusters * candidates[few].cluster >= 100,
           "4096^3 runs 128x128 tiles DATA_PARALLEL; 266x2432x21696 keeps 100 SMs or more busy", "another pick");

    // The K tile is 128 one-byte elements, one K block of the scales: a K of 4112 is 33.
    long long g;
    int kt;
    tile_choice = 1;
    schedule_at(256, 256, 4112, 132, 0, &g, &kt);
    tile_choice = 0;
    report(kt == 33, "K tiles of 128 e4m3, one K block of the scales each", "K tiles");
    return failures ? 1 : 0;
}
