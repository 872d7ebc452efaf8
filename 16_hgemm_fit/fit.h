// Step 16's host side, apart from the device code so that the host tests include it alone
// (tests/stream_k_16.cu): the tile geometry the kernel and the cost share, the one list of
// candidates (kernel.cu makes its instances and dispatch from it, main.c its --tile range and
// --list-tiles), the cost model and its constants, the pick, and the text --info prints.
#ifndef FIT_H
#define FIT_H

#include "schedule.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __CUDACC__
#define FIT_FN __host__ __device__ constexpr
#else
#define FIT_FN constexpr
#endif

#define BK 64 // one 128-byte row of A per tile: the widest box the 128-byte swizzle takes
// The tile's rows BM (128 or 64), its columns BN (256, 128 or 64) and the blocks of a cluster
// CLUSTER (2 or 1: tile rows CLUSTER p .. CLUSTER p + CLUSTER - 1 of one tile column) are the
// kernel's parameters; the candidates table below lists the instances.

// One stage of the ring: A BM x 64 (16 or 8 KB), then B 64 x BN as BN / 64 boxes of 64 columns
// each (8 KB each): the 128-byte swizzle takes boxes of at most 128-byte rows.
constexpr uint32_t B_BOX_BYTES = BK * 64 * 2;
FIT_FN uint32_t stage_bytes(int bm, int bn) { return bm * BK * 2 + bn / 64 * B_BOX_BYTES; }
// A's box: where M < BM, only the rows A has, in whole 8-row swizzle atoms; a box of BM rows
// would have the TMA write zeros for the rest, every K tile, and that fill is not free. The
// slot's rows past the box keep what they held: they feed only sums of rows past M, which are
// never stored (a row of C depends on that row of A alone).
FIT_FN int a_box_rows(int m, int bm) { return m < bm ? (m + 7) / 8 * 8 : bm; }
// A consumer warpgroup's slab of the tile: with BM = 128 its 64 rows, all BN columns; with
// BM = 64 the tile's 64 rows and half its columns. A slab of 128 columns or more is two halves,
// each its own m64nWN accumulator and wgmma group, so that one leaves while the other computes.
FIT_FN int slab_cols(int bm, int bn) { return bm == 128 ? bn : bn / 2; }
FIT_FN int halves(int bm, int bn) { return slab_cols(bm, bn) >= 128 ? 2 : 1; }
// C is staged per consumer warpgroup, one half of its slab at a time, as 64 x 64 boxes (8 KB
// each) swizzled as the C tensor map's 128-byte swizzle expects, so that the TMA store reads
// them back as they are.
constexpr uint32_t C_BOX_BYTES = 64 * 64 * 2;
FIT_FN uint32_t c_half_bytes(int bm, int bn)
{
    return slab_cols(bm, bn) / halves(bm, bn) / 64 * C_BOX_BYTES;
}
// The ring is as deep as the 227 KB an sm_90 block may have holds beside the two C halves and
// the 1024 bytes of alignment (CUTLASS's stage-count carve-out): 4 stages of 128 x 256, 6 of
// 128 x 128, 8 of 128 x 64 or 64 x 128, 5 of 64 x 256.
constexpr int SMEM_PER_BLOCK = 227 * 1024;
FIT_FN int ring_depth(int bm, int bn)
{
    return (SMEM_PER_BLOCK - 2 * (int)c_half_bytes(bm, bn) - 1024) / (int)stage_bytes(bm, bn);
}
FIT_FN int smem_bytes(int bm, int bn)
{
    return ring_depth(bm, bn) * stage_bytes(bm, bn) + 2 * c_half_bytes(bm, bn) + 1024;
}

// The tile and the cluster of a kernel instance: BM x BN tiles, CLUSTER blocks a cluster along M.
struct tile_fit {
    int bm, bn, cluster;
};

// The candidates the cost weighs, in the order --tile numbers them (1..6): 15's pairs of
// 128 x 256 tiles sharing B, then tiles alone and smaller, for shapes whose 128 x 256 tiles
// leave SMs idle or split K short. A 64-row tile gives both consumer warpgroups its 64 rows.
constexpr struct tile_fit candidates[] = {{128, 256, 2}, {128, 256, 1}, {128, 128, 1},
                                          {128, 64, 1},  {64, 256, 1},  {64, 128, 1}};
constexpr int NUM_CANDIDATES = sizeof candidates / sizeof candidates[0];

// The work of a cluster: groups of f.cluster vertically adjacent tiles.
inline long long num_groups(int m, int n, struct tile_fit f)
{
    return (long long)((n + f.bn - 1) / f.bn) * (((m + f.bm - 1) / f.bm + f.cluster - 1) / f.cluster);
}

// What a part of a shared tile costs its cluster in 15's rule, in K tiles: its fp32 sums cross
// L2 twice (written, then read back) and the cluster waits for the slowest part, costed as
// loading four times the tile's fp32 bytes of stages (as in 15).
inline long long fixup_iters(struct tile_fit f)
{
    return (4 * f.bm * f.bn * sizeof(float) + stage_bytes(f.bm, f.bn) - 1) / stage_bytes(f.bm, f.bn);
}

// The cost model's constants, in SM clocks, each measured by one of make calibrate's
// microbenchmarks (common/scripts/calibrate.sh names them) but the tensor cores' rate, memory's
// and L2's size, which are the H200's data sheet's (notes/16_hgemm_fit.md derives them).
struct cost_constants {
    double mma_flops;     // tensor-core flops an SM does a clock, fp16/bf16 dense
    double mma_share;     // the share of that rate a K tile's wgmmas keep when their data is there (k_tile)
    double sm_bytes;      // bytes an SM's ring takes in a clock, all SMs loading at once (k_tile)
    double hbm_bytes;     // bytes memory serves a clock
    double l2_size;       // bytes of L2 (cudaDeviceProp::l2CacheSize)
    double launch;        // a launch of one tile of one K tile, its C aside (one_tile)
    double c_kb;          // a tile's epilogue, a KB of C (one_tile)
    double cluster_start; // what a cluster's barriers add to a launch (one_tile)
    double fixup;         // a shared tile's fix-up: its flag's round trip (split)
    double fixup_kb;      // and a KB of its fp32 sums, written and read back (split)
    double fixup_part;    // and a part more to add up: one more slot to read (split)
};
constexpr struct cost_constants H200 = {
    .mma_flops = 4096,
    .mma_share = 0.88,
    .sm_bytes = 48,
    .hbm_bytes = 2400,
    .l2_size = 50331648,
    .launch = 9376,
    .c_kb = 70,
    .cluster_start = 1387,
    .fixup = 6035,
    .fixup_kb = 24,
    .fixup_part = 285,
};

// What the busiest cluster of a plan runs: its K tiles, its units (each a tile's epilogue), the
// tiles it fixes up and the most parts one of those has.
struct plan_work {
    long long k_tiles, units, fixups, parts;
};

inline struct plan_work work_of(const struct plan &p, long long groups, long long k_tiles)
{
    if (p.mode == DATA_PARALLEL) {
        const long long waves = (groups + p.clusters - 1) / p.clusters;
        return {waves * k_tiles, waves, 0, 1};
    }
    const long long dp_waves = p.dp_groups / p.clusters, range = (p.sk_iters + p.clusters - 1) / p.clusters;
    if (p.mode == SPLIT_K)
        return {dp_waves * k_tiles + range, dp_waves + 1, 1, p.clusters / (p.sk_iters / k_tiles)};
    const long long sharers = (k_tiles + range - 1) / range + 1;
    return {dp_waves * k_tiles + range, dp_waves + (range + k_tiles - 1) / k_tiles + 1, 2,
            sharers < p.clusters ? sharers : p.clusters};
}

// The cost of candidate f under plan p, in clocks: its busiest cluster's K tiles, each its math
// at the share of the tensor cores' rate a K tile keeps or its bytes at an SM's rate, whichever is
// longer (a pair multicasts B, but each SM still takes all of it); the epilogue of each unit;
// its fix-ups; no less than what memory serves; plus a launch, a cluster's more. Memory serves
// the operands once where the tiles that share a slice of A or B load it at about the same time:
// a wave of whole tiles, or split-K's parts, all starting at the same K. Stream-K's ranges start
// at different K: where A and B do not fit in L2, each range brings its own bytes from memory.
// busiest_clocks gets the busiest cluster's clocks alone.
inline double cost_of(struct tile_fit f, const struct plan &p, int m, int n, int k, const struct cost_constants &c,
                      double *busiest_clocks)
{
    const struct plan_work w = work_of(p, num_groups(m, n, f), (k + BK - 1) / BK);
    const double math = 2.0 * f.bm * f.bn * BK / (c.mma_flops * c.mma_share);
    const double load = (a_box_rows(m, f.bm) + f.bn) * BK * 2.0 / c.sm_bytes;
    const double epilogue = f.bm * f.bn * 2.0 / 1024 * c.c_kb;
    const double fixup = c.fixup + f.bm * f.bn * sizeof(float) / 1024.0 * c.fixup_kb + w.parts * c.fixup_part;
    const double busiest = w.k_tiles * fmax(math, load) + w.units * epilogue + w.fixups * fixup;
    *busiest_clocks = busiest;
    const double operands = 2.0 * ((double)m * k + (double)k * n);
    const double ranges = (double)p.sk_iters * (f.cluster * a_box_rows(m, f.bm) + f.bn) * BK * 2;
    const double memory =
        (p.mode == STREAM_K && operands > c.l2_size ? fmax(operands, ranges) : operands) + 2.0 * m * n;
    return fmax(busiest, memory / c.hbm_bytes) + c.launch + (f.cluster > 1 ? c.cluster_start : 0);
}

// Candidate f's plan: 15's on all `resident` clusters, or, where its groups are fewer, on fewer
// clusters, each group in 1, 2, 3, ... parts: more parts shorten the K tiles a cluster runs but
// add to each fix-up. The cheapest of them; forced_split: --split.
inline struct plan plan_fit(struct tile_fit f, int m, int n, int k, long long resident, int forced_split,
                            double *cost, double *busiest)
{
    const long long groups = num_groups(m, n, f), k_tiles = (k + BK - 1) / BK;
    struct plan best = plan_for(groups, k_tiles, resident, fixup_iters(f), forced_split);
    *cost = cost_of(f, best, m, n, k, H200, busiest);
    for (long long parts = 1; forced_split == 0 && parts <= k_tiles && groups * parts < resident; parts++) {
        double c, b;
        const struct plan p = plan_for(groups, k_tiles, groups * parts, fixup_iters(f), 0);
        if ((c = cost_of(f, p, m, n, k, H200, &b)) < *cost) {
            best = p;
            *cost = c;
            *busiest = b;
        }
    }
    return best;
}

// Every candidate's plan on its resident[i] clusters and its cost; the pick is the cheapest, or
// candidate `forced` - 1 (--tile). Where memory bounds several alike (decode shapes), the one
// whose busiest cluster is done soonest: the least math on rows and columns past C, which costs
// clock under a power cap. forced_split: --split.
inline int pick(int m, int n, int k, const int *resident, int forced, int forced_split, struct plan *plans,
                double *costs)
{
    int best = 0;
    double busiest[NUM_CANDIDATES];
    for (int i = 0; i < NUM_CANDIDATES; i++) {
        plans[i] = plan_fit(candidates[i], m, n, k, resident[i], forced_split, &costs[i], &busiest[i]);
        if (costs[i] < costs[best] || (costs[i] == costs[best] && busiest[i] < busiest[best]))
            best = i;
    }
    return forced > 0 ? forced - 1 : best;
}

// Every block of the grid may share two tiles: two partial tiles each, and one flag.
inline size_t workspace_size(const struct plan &p, struct tile_fit f)
{
    return p.sk_iters > 0 ? (size_t)f.cluster * p.clusters * (2 * f.bm * f.bn * sizeof(float) + sizeof(int)) : 0;
}

// --info's text at a shape: the pick's plan in full, then every candidate's plan and clocks.
inline void fit_text(int m, int n, int k, int fit, const struct plan *plans, const double *costs, char *text,
                     size_t size)
{
    const struct plan &p = plans[fit];
    const struct tile_fit f = candidates[fit];
    const long long groups = num_groups(m, n, f), k_tiles = (k + BK - 1) / BK;
    const long long sk_groups = p.sk_iters / k_tiles, range = p.sk_iters > 0 ? (p.sk_iters + p.clusters - 1) / p.clusters : 0;
    char split[48] = "stream-K";
    if (p.mode == SPLIT_K)
        snprintf(split, sizeof split, "split-K (%lld clusters a group)", p.clusters / sk_groups);
    int len = snprintf(text, size,
                       "%s: %lld groups of %d tiles %dx%d (a ring of %d stages), %lld K tiles each, on %d clusters of "
                       "%d: %d groups whole (data-parallel), %lld groups %s (%lld iterations, up to %lld a cluster); "
                       "workspace %zu bytes\ncandidates (--tile N), the cost model's clocks:",
                       decomposition_name(p.mode), groups, f.cluster, f.bm, f.bn, ring_depth(f.bm, f.bn), k_tiles,
                       p.clusters, f.cluster, p.dp_groups, sk_groups, split, (long long)p.sk_iters, range,
                       workspace_size(p, f));
    for (int i = 0; i < NUM_CANDIDATES && len > 0 && (size_t)len < size; i++)
        len += snprintf(text + len, size - len, "\n  %d: %dx%d%s  %-13s on %3d clusters  %9.0f%s", i + 1,
                        candidates[i].bm, candidates[i].bn, candidates[i].cluster > 1 ? " pairs" : "      ",
                        decomposition_name(plans[i].mode), plans[i].clusters, costs[i], i == fit ? "  <- the pick" : "");
}

// --list-tiles's text: a line a candidate, as --tile numbers them (make calibrate reads it).
// Returns how many there are; text may be NULL.
inline int tiles_text(char *text, size_t size)
{
    int len = text ? snprintf(text, size, "# tile BM BN cluster stages  (--tile N runs candidate N: BM x BN tiles of C)\n") : 0;
    for (int i = 0; text && i < NUM_CANDIDATES && len > 0 && (size_t)len < size; i++)
        len += snprintf(text + len, size - len, "%d %d %d %d %d\n", i + 1, candidates[i].bm, candidates[i].bn,
                        candidates[i].cluster, ring_depth(candidates[i].bm, candidates[i].bn));
    return NUM_CANDIDATES;
}

#endif
