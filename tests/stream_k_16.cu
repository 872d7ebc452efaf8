// tests/stream_k_check.h on step 16's plans and walk (schedule.h) in every candidate tile, the
// cost model's pick among them and the candidates' shared memory, from its host side alone
// (fit.h); on an H200's 132 SMs where a count is needed.
#include "../16_hgemm_fit/fit.h"
#define STEP_NAME "16_hgemm_fit"
#include "fit_check.h"

int main()
{
    for (tile_choice = 0; tile_choice <= NUM_CANDIDATES; tile_choice++)
        run_checks();

    // Every candidate's ring fits in 227 KB, 4 stages deep or more; both orientations are there,
    // and swapped tiles of every BM from 16 to 256.
    report(candidates_fit(256, 0, [](struct tile_fit) { return true; }),
           "every candidate's ring is 4 stages or more in 227 KB; both orientations, BM 16..256 swapped",
           "a candidate's ring does not fit, or a width or orientation is missing");

    // A pair along N: each block copies a share of A's rows in whole 8-row atoms, the shares
    // cover A's box and stay inside the slot's BM rows, at every M; its group counts A's rows
    // once and B's columns twice, as a pair along M counts B once and A twice.
    bool shares = true, along_n = false;
    for (int i = 0; i < NUM_CANDIDATES; i++) {
        const struct tile_fit f = candidates[i];
        along_n |= f.along_n == 1;
        for (int m = 1; f.along_n && m <= 600; m++) {
            const int rows = a_copy_rows(f, m);
            shares &= rows % 8 == 0 && rows * f.cluster >= a_box_rows(m, f.bm) && rows * f.cluster <= f.bm &&
                      landed_bytes(f, m) <= stage_bytes(f);
        }
    }
    const struct tile_fit by_m = {96, 256, 2, 1, 0}, by_n = {96, 256, 2, 1, 1};
    const double a_rows = 96 * BK * 2.0, b_cols = 256 * BK * 2.0;
    shares &= group_bytes(by_m, 4096, 4096, 4096) == 2 * a_rows + b_cols &&
              group_bytes(by_n, 4096, 4096, 4096) == a_rows + 2 * b_cols && num_groups(1000, 1000, by_m) == 4 * 6 &&
              num_groups(1000, 1000, by_n) == 11 * 2;
    report(along_n && shares, "pairs along N: A's shares in whole atoms within the slot at M 1..600; A once and B twice in their group",
           "no pair along N, or a share, a group's bytes or its count is off");

    check_pick(8);
    int resident[MAX_CANDIDATES];
    struct plan plans[MAX_CANDIDATES];
    double costs[MAX_CANDIDATES];
    residents(132, resident);

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

    // Memory: B once where it fits in L2; past it once a band of 8 tile rows (1802 rows of 96: 19
    // rows, 3 bands), and for pairs along N once a tile row; at 1802 x 36352 x 31104 (B 2.26 GB)
    // the pick is no pair along N.
    const double a_c = 2.0 * 1802 * 31104 + 2.0 * 1802 * 36352, b_big = 2.0 * 31104 * 36352;
    const bool reads = memory_bytes(by_m, 1802, 4096, 2048, L2_SIZE) == 2.0 * 1802 * 2048 + 2.0 * 2048 * 4096 + 2.0 * 1802 * 4096 &&
                       memory_bytes({96, 256, 1, 1, 0}, 1802, 36352, 31104, L2_SIZE) == a_c + 3 * b_big &&
                       memory_bytes(by_n, 1802, 36352, 31104, L2_SIZE) == a_c + 19 * b_big;
    const int long_k = pick(1802, 36352, 31104, resident, 0, 0, L2_SIZE, plans, costs);
    report(reads && !candidates[long_k].along_n,
           "memory: B once within L2, once a band of tile rows past it, once a tile row for pairs along N; 1802 x 36352 x 31104 takes no pair along N",
           "memory_bytes, or the pick at 1802 x 36352 x 31104");
    return failures ? 1 : 0;
}
