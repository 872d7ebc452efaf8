// tests/stream_k_check.h on step 17's plans and walk (schedule.h) in every candidate tile, the
// cost model's pick among them and the candidates' shared memory and registers, from its host
// side alone (fit.h); on an H200's 132 SMs where a count is needed.
#include "../17_fp8_wgmma/fit.h"
#define STEP_NAME "17_fp8_wgmma"
#include "fit_check.h"

int main()
{
    for (tile_choice = 0; tile_choice <= NUM_CANDIDATES; tile_choice++)
        run_checks();

    // Every candidate's ring fits in 227 KB, 4 stages deep or more, a stage one K tile of 128
    // bytes a row of A and B; a part's sums and two accumulators fit 192 registers; both
    // orientations are there, and swapped tiles of every BM from 16 to 112 over 128 B rows.
    report(candidates_fit(112, 128,
                          [](struct tile_fit f) {
                              return stage_bytes(f) == (uint32_t)(f.bm + f.bn) * 128 && parts(f) == 1 &&
                                     3 * part_cols(f) / 2 <= 192;
                          }),
           "every candidate's ring is 4 stages or more in 227 KB, its part in 192 registers; both orientations, BM 16..112 swapped",
           "a candidate's ring or part does not fit, or a width or orientation is missing");

    check_pick(16);
    int resident[MAX_CANDIDATES];
    struct plan plans[MAX_CANDIDATES];
    double costs[MAX_CANDIDATES];
    residents(132, resident);

    // 4096^3 takes 128 x 128 tiles whole, as cuBLASLt's FP8 kernel does there; a few long-K
    // tiles do not leave most SMs idle: 266 x 2432 x 21696 keeps 100 SMs or more busy.
    const int square = pick(4096, 4096, 4096, resident, 0, 0, L2_SIZE, plans, costs);
    const bool whole = candidates[square].bm == 128 && candidates[square].bn == 128 && plans[square].mode == DATA_PARALLEL;
    const int few = pick(266, 2432, 21696, resident, 0, 0, L2_SIZE, plans, costs);
    report(whole && plans[few].clusters * candidates[few].cluster >= 100,
           "4096^3 runs 128x128 tiles DATA_PARALLEL; 266x2432x21696 keeps 100 SMs or more busy", "another pick");

    // The K tile is 128 one-byte elements: a K of 4112 is 33 K tiles, and both operands' rows
    // are K bytes apart, so a K 16 bytes off the lines puts A's and B's rows across two of them,
    // at three quarters of the second line's cost (a third where K is 32 or 64 bytes off).
    long long g;
    int kt;
    tile_choice = 1;
    schedule_at(256, 256, 4112, 132, 0, &g, &kt);
    tile_choice = 0;
    const struct tile_fit f1 = candidates[0];
    report(kt == 33 && group_bytes(f1, 4096, 4096, 4096) == (f1.bm + f1.bn) * 128.0 &&
               group_bytes(f1, 4096, 4096, 4112) == (f1.bm + f1.bn) * (1 + 0.875 * 0.75) * 128 &&
               lines_per_row(4128) == 1 + 0.75 / 3 && lines_per_row(4160) == 1 + 0.5 / 3,
           "K tiles of 128 e4m3; A's and B's rows both K bytes apart in the lines a K tile fetches",
           "K tiles or group_bytes");
    return failures ? 1 : 0;
}
