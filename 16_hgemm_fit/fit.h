// Step 16's host side, apart from the device code so that the host tests include it alone
// (tests/stream_k_16.cu): the tile geometry the kernel and the cost share, the one list of
// candidates (kernel.cu makes its instances and dispatch from it, main.c its --tile range and
// --list-tiles), the cost model and its constants, the pick, and the text --info prints.
#ifndef FIT_H
#define FIT_H

#include "schedule.h"
#include "swizzle.h" // GRID_BAND: the order the tiles run in

#include <math.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __CUDACC__
#define FIT_FN __host__ __device__ constexpr
#else
#define FIT_FN constexpr
#endif

#define BK 64 // one 128-byte row of A per tile: the widest box the 128-byte swizzle takes

// A candidate: BM x BN tiles of C, CLUSTER blocks a cluster, in one of two orientations. swap
// 0: C = A B as the steps before, A's rows on wgmma's 64-row side (M = BM = 64, 128 or 256) and
// B's columns on its N side. swap 1: C^T = B^T A^T, B's columns on the 64-row side (BN = 64, 128
// or 256, read through the transposed-A descriptor) and A's rows on wgmma's N (BM any multiple
// of 16). A cluster's tiles lie along M (tile rows CLUSTER p .. CLUSTER p + CLUSTER - 1 of one
// tile column, sharing B's boxes), or, along_n, along N (tile columns of one tile row, sharing
// A's rows): each block copies its share of what they share and multicasts it to all.
struct tile_fit {
    int bm, bn, cluster, swap, along_n;
};

// The tile as wgmma sees it: mma_rows on its 64-row side (one to four 64-row slabs), mma_cols
// on its N side.
FIT_FN int mma_rows(struct tile_fit f) { return f.swap ? f.bn : f.bm; }
FIT_FN int mma_cols(struct tile_fit f) { return f.swap ? f.bm : f.bn; }

// One stage of the ring, in either orientation: A BM x 64 (BM rows of 128 bytes, K-major), then
// B 64 x BN as BN / 64 boxes of 64 columns each (8 KB each, MN-major): the 128-byte swizzle
// takes boxes of at most 128-byte rows. A's rows are what may be any multiple of 8, which is
// why the swapped orientation carries the fine widths.
constexpr uint32_t B_BOX_BYTES = BK * 64 * 2;
FIT_FN uint32_t stage_bytes(struct tile_fit f) { return f.bm * BK * 2 + f.bn / 64 * B_BOX_BYTES; }
// A's box: where M < BM, only the rows A has, in whole 8-row swizzle atoms; a box of BM rows
// would have the TMA write zeros for the rest, every K tile, and that fill is not free. The
// slot's rows past the box keep what they held: they feed only sums of rows past M, which are
// never stored (a row of C depends on that row of A alone).
FIT_FN int a_box_rows(int m, int bm) { return m < bm ? (m + 7) / 8 * 8 : bm; }
// The rows of A's box one block copies: all of them, or, along N, its 1 / CLUSTER share, in
// whole 8-row atoms (1024 bytes, so that each share starts on a swizzle atom).
FIT_FN int a_copy_rows(struct tile_fit f, int m)
{
    return f.along_n ? (a_box_rows(m, f.bm) / f.cluster + 7) / 8 * 8 : a_box_rows(m, f.bm);
}
// The bytes of a K tile that land in each block's slot: A's rows, all the blocks' shares along
// N, and all of B's boxes.
FIT_FN uint32_t landed_bytes(struct tile_fit f, int m)
{
    return (f.along_n ? f.cluster : 1) * a_copy_rows(f, m) * BK * 2 + f.bn / 64 * B_BOX_BYTES;
}

// The two consumer warpgroups share the tile as accumulators of 64 rows x part_cols columns,
// parts of them each, each its own wgmma group, so that one part leaves for memory while the
// tensor cores work on the next: one slab, each warpgroup half its columns; two slabs, one
// each; four, two each. A warpgroup's columns of 128 or more are two parts.
FIT_FN int wg_cols(struct tile_fit f) { return mma_rows(f) == 64 ? mma_cols(f) / 2 : mma_cols(f); }
FIT_FN int parts(struct tile_fit f) { return mma_rows(f) == 256 || wg_cols(f) >= 128 ? 2 : 1; }
FIT_FN int part_cols(struct tile_fit f) { return mma_rows(f) == 256 ? mma_cols(f) : wg_cols(f) / parts(f); }
// Where part h of warpgroup wg starts, in wgmma's rows and columns of the tile.
struct part_pos {
    int row, col;
};
FIT_FN struct part_pos part_of(struct tile_fit f, int wg, int h)
{
    return mma_rows(f) == 64 ? part_pos{0, wg * wg_cols(f) + h * part_cols(f)}
           : mma_rows(f) == 128 ? part_pos{64 * wg, h * part_cols(f)}
                                : part_pos{128 * wg + 64 * h, 0};
}

// C is staged one part a warpgroup at a time (8 KB to 32 KB), swizzled as the C tensor map's
// 128-byte swizzle expects, so that the TMA store reads it back as it is: 64 x part_cols as
// boxes of 64 x 64, or, swapped, the part's transpose, part_cols rows of C x 64, as one box.
constexpr uint32_t C_BOX_BYTES = 64 * 64 * 2;
FIT_FN uint32_t c_part_bytes(struct tile_fit f) { return 64 * part_cols(f) * 2; }
FIT_FN int c_box_rows(struct tile_fit f) { return f.swap ? part_cols(f) : 64; }
// The ring is as deep as the 227 KB an sm_90 block may have holds beside the two C parts, the
// 1024 bytes of alignment and 512 for the ring's barriers (CUTLASS's stage-count carve-out): 4
// stages of 128 x 256, 6 of 128 x 128, 8 of 128 x 64, more of narrower tiles (--list-tiles).
constexpr int SMEM_PER_BLOCK = 227 * 1024, MAX_STAGES = 32;
FIT_FN int ring_depth(struct tile_fit f)
{
    return (SMEM_PER_BLOCK - 2 * (int)c_part_bytes(f) - 1024 - MAX_STAGES * 16) / (int)stage_bytes(f);
}
FIT_FN int smem_bytes(struct tile_fit f) { return ring_depth(f) * stage_bytes(f) + 2 * c_part_bytes(f) + 1024; }

// What an instance needs: 64, 128 or 256 wgmma rows; wgmma's N a multiple of 8 up to 256 (so a
// swapped BM a multiple of 16); unswapped, every part a whole number of B's 64-column boxes;
// at most 128 fp32 accumulators a thread (two m64n128 parts, as 14's); what the cluster shares
// shared out evenly, B's boxes or A's 8-row atoms; a ring of 4 stages or more.
FIT_FN bool buildable(struct tile_fit f)
{
    const int r = mma_rows(f), n = part_cols(f);
    return (r == 64 || r == 128 || r == 256) && n % 8 == 0 && n <= 256 && mma_cols(f) % 16 == 0 &&
           (f.swap || (n % 64 == 0 && part_of(f, 1, parts(f) - 1).col % 64 == 0)) && parts(f) * n / 2 <= 128 &&
           (f.along_n ? f.bm % (8 * f.cluster) == 0 : (f.bn / 64) % f.cluster == 0) && ring_depth(f) >= 4 &&
           ring_depth(f) <= MAX_STAGES;
}

// The candidates the cost weighs, in the order --tile numbers them. Today's orientation as 15
// had it (128 x 256 in pairs and alone) and its narrower tiles; then the swapped one, every
// BM from 16 to 256 in steps of 16 over BN = 256, 128 and 64 (those that fit the registers),
// and pairs of the 256- and 128-column ones, along M (sharing out B's boxes, so two or more)
// and along N (sharing A's rows). Where M is small, a BM of 16 or 32 computes few rows past M;
// where the tiles would make a wave and a bit, a BM some rows narrower makes one.
constexpr int MAX_CANDIDATES = 104;
struct candidate_list {
    struct tile_fit at[MAX_CANDIDATES];
    int count;
    constexpr const struct tile_fit &operator[](int i) const { return at[i]; }
};

constexpr struct candidate_list make_candidates()
{
    struct candidate_list l = {};
    auto add = [&l](struct tile_fit f) {
        if (buildable(f) && l.count < MAX_CANDIDATES)
            l.at[l.count++] = f;
    };
    add({128, 256, 2, 0});
    for (int bm : {128, 64})
        for (int bn : {256, 128, 64})
            add({bm, bn, 1, 0});
    for (int cluster : {1, 2})
        for (int along_n = 0; along_n < cluster; along_n++)
            for (int bn : {256, 128, 64})
                for (int bm = 16; bm <= 256; bm += 16)
                    if (cluster == 1 || bn >= 128)
                        add({bm, bn, cluster, 1, along_n});
    return l;
}
constexpr struct candidate_list candidates = make_candidates();
constexpr int NUM_CANDIDATES = candidates.count;

// The work of a cluster: groups of f.cluster adjacent tiles, along M or along N.
FIT_FN int tiles_m(int m, struct tile_fit f) { return (m + f.bm - 1) / f.bm; }
FIT_FN int tiles_n(int n, struct tile_fit f) { return (n + f.bn - 1) / f.bn; }
FIT_FN int groups_m(int m, struct tile_fit f) { return f.along_n ? tiles_m(m, f) : (tiles_m(m, f) + f.cluster - 1) / f.cluster; }
FIT_FN int groups_n(int n, struct tile_fit f) { return f.along_n ? (tiles_n(n, f) + f.cluster - 1) / f.cluster : tiles_n(n, f); }
inline long long num_groups(int m, int n, struct tile_fit f) { return (long long)groups_m(m, f) * groups_n(n, f); }

// What a part of a shared tile costs its cluster in 15's rule, in K tiles: its fp32 sums cross
// L2 twice (written, then read back) and the cluster waits for the slowest part, costed as
// loading four times the tile's fp32 bytes of stages (as in 15).
inline long long fixup_iters(struct tile_fit f)
{
    return (4 * f.bm * f.bn * sizeof(float) + stage_bytes(f) - 1) / stage_bytes(f);
}

// The cost model's constants, in SM clocks. Each is measured by one of make calibrate's
// microbenchmarks (common/scripts/calibrate.sh names them), but for the rates of the data sheet:
// the tensor cores', shared memory's and memory's (notes/16_hgemm_fit.md derives them).
struct cost_constants {
    double mma_flops;     // tensor-core flops an SM does a clock, fp16/bf16 dense
    double smem_bytes;    // shared-memory bytes an SM reads a clock (32 banks of 4 bytes): wgmma's operands
    double wgmma_start;   // what a wgmma takes beside its flops or its operands' bytes (k_tile)
    double k_tile_start;  // what a K tile's copies take beside their bytes: the ring's barrier round trip (k_tile)
    double sm_bytes;      // and bytes of lines an SM's ring takes in a clock, all SMs loading at once (k_tile)
    double l2_bytes;      // bytes of lines L2 serves all SMs in a clock, past one wave of tiles (l2)
    double hbm_bytes;     // bytes memory serves a clock
    double launch;        // a launch of one tile of one K tile, its C aside (one_tile)
    double c_kb;          // a tile's epilogue, a KB of C (one_tile)
    double cluster_start; // what a cluster's barriers add to a launch (one_tile)
    double fixup;         // a shared tile's fix-up: its flag's round trip (split)
    double fixup_kb;      // and a KB of its fp32 sums, written and read back (split)
    double fixup_part;    // and a part more to add up: one more slot to read (split)
};
// `make calibrate ARCH=90` on an H100 (notes/16_hgemm_fit.md has the runs; wgmma_start from its
// k_tile figures) but l2_bytes: its l2 microbenchmark again, on an H200, once 15's whole waves
// ran in step (they had drifted apart); mma_flops, smem_bytes and hbm_bytes are the H200's data
// sheet's.
constexpr struct cost_constants HOPPER = {
    .mma_flops = 4096,
    .smem_bytes = 128,
    .wgmma_start = 11,
    .k_tile_start = 141,
    .sm_bytes = 65,
    .l2_bytes = 8582,
    .hbm_bytes = 2400,
    .launch = 9561,
    .c_kb = 70,
    .cluster_start = 2377,
    .fixup = 5690,
    .fixup_kb = 27,
    .fixup_part = 307,
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

// The 128-byte lines of memory a box row (64 elements, 128 bytes) spans, on average over the
// rows of a tensor whose rows are pitch_bytes apart: one where the pitch is a multiple of 128
// bytes, else two for every row that does not start on a line (all but one in 128 / g, g the
// largest power of two dividing the pitch). The TMA and L2 move whole lines, so a row that
// straddles two costs both: the copies' bytes and L2's below count the lines' bytes.
inline double lines_per_row(long long pitch_bytes)
{
    const long long g = pitch_bytes & -pitch_bytes;
    return 2.0 - (double)(g < 128 ? g : 128) / 128;
}

// The lines' bytes a K tile of a group of f's tiles fetches: A's rows (A's rows are K apart) and
// B's columns (B's rows are N apart), what the cluster shares once (its blocks multicast it),
// the rest once a block.
inline double group_bytes(struct tile_fit f, int m, int n, int k)
{
    const int a_times = f.along_n ? 1 : f.cluster, b_times = f.along_n ? f.cluster : 1;
    return (a_times * a_box_rows(m, f.bm) * lines_per_row(2LL * k) + b_times * f.bn * lines_per_row(2LL * n)) * BK * 2.0;
}

// A K tile of candidate f on one SM, in clocks: its wgmmas or its copies, whichever take longer.
// The wgmmas: per k-step, each part's m64nNk16 (N = part_cols) at the tensor cores' rate, or at
// shared memory's where its operands (A's 64 x 16 and B's 16 x N, read from shared memory) take
// longer, as they do for N under 64, and a start each, which weighs more the narrower the part;
// both warpgroups take turns on the tensor cores. The copies: a start, then at the rate an SM's
// ring takes them, A's rows and B's columns as bytes (a pair multicasts what it shares, but
// each SM still takes all of it) or the lines its TMA fetches (its share of the group's),
// whichever are more.
inline double k_tile_clocks(struct tile_fit f, int m, int n, int k, const struct cost_constants &c)
{
    const int cols = part_cols(f);
    const double wgmma = fmax(2.0 * 64 * cols * 16 / c.mma_flops, (64 * 16 + 16 * cols) * 2.0 / c.smem_bytes);
    const double math = BK / 16 * 2 * parts(f) * (wgmma + c.wgmma_start);
    const double taken = landed_bytes(f, m), fetched = group_bytes(f, m, n, k) / f.cluster;
    return fmax(math, c.k_tile_start + fmax(taken, fetched) / c.sm_bytes);
}

// What memory serves the whole grid: A and C once, and B once where it fits in L2; where it
// does not, once a band of tile rows, as the order walks them (grouped_rows: a band's tiles
// read each slice of B at about the same time, the next band reads it all again), and for
// pairs along N once a tile row: their tiles lose B's reuse across the band (notes/16).
inline double memory_bytes(struct tile_fit f, int m, int n, int k, double l2_size)
{
    const double b = 2.0 * k * n;
    const double b_reads = b <= l2_size ? 1 : f.along_n ? tiles_m(m, f) : (groups_m(m, f) + GRID_BAND - 1) / GRID_BAND;
    return 2.0 * m * k + b_reads * b + 2.0 * m * n;
}

// The cost of candidate f under plan p, in clocks: its busiest cluster's K tiles (k_tile_clocks),
// the epilogue of each unit and its fix-ups; no less than L2 takes to serve every K tile's
// lines to all the SMs (a pair's B once for both blocks), nor than memory takes to serve
// memory_bytes; plus a launch, a cluster's more. Memory serves the operands as memory_bytes
// counts where the tiles that share a slice of A or B load it at about the same time: a wave of
// whole tiles, or split-K's parts, all starting at the same K. Stream-K's ranges start at
// different K: where A and B do not fit in L2 (l2_size bytes), each range brings its own bytes
// from memory, after the whole waves, so the ranges take the longer of their K tiles and
// memory's time for all their bytes.
// busiest_clocks gets the busiest cluster's clocks alone.
inline double cost_of(struct tile_fit f, const struct plan &p, int m, int n, int k, double l2_size,
                      const struct cost_constants &c, double *busiest_clocks)
{
    const long long groups = num_groups(m, n, f), k_tiles = (k + BK - 1) / BK;
    const struct plan_work w = work_of(p, groups, k_tiles);
    const double epilogue = f.bm * f.bn * 2.0 / 1024 * c.c_kb;
    const double fixup = c.fixup + f.bm * f.bn * sizeof(float) / 1024.0 * c.fixup_kb + w.parts * c.fixup_part;
    const double k_tile = k_tile_clocks(f, m, n, k, c), bytes = group_bytes(f, m, n, k);
    double busiest = w.k_tiles * k_tile + w.units * epilogue + w.fixups * fixup;
    const double operands = 2.0 * ((double)m * k + (double)k * n);
    if (p.mode == STREAM_K && operands > l2_size) {
        const double range = (double)(p.sk_iters + p.clusters - 1) / p.clusters;
        busiest += fmax(0.0, p.sk_iters * bytes / c.hbm_bytes - range * k_tile);
    }
    *busiest_clocks = busiest;
    const double l2 = (double)groups * k_tiles * bytes / c.l2_bytes;
    return fmax(fmax(busiest, l2), memory_bytes(f, m, n, k, l2_size) / c.hbm_bytes) + c.launch +
           (f.cluster > 1 ? c.cluster_start : 0);
}

// Candidate f's plan: 15's on all `resident` clusters, or, where its groups are fewer, on fewer
// clusters, each group in 1, 2, 3, ... parts: more parts shorten the K tiles a cluster runs but
// add to each fix-up. The cheapest of them; forced_split: --split.
inline struct plan plan_fit(struct tile_fit f, int m, int n, int k, long long resident, int forced_split,
                            double l2_size, double *cost, double *busiest)
{
    const long long groups = num_groups(m, n, f), k_tiles = (k + BK - 1) / BK;
    struct plan best = plan_for(groups, k_tiles, resident, fixup_iters(f), forced_split);
    *cost = cost_of(f, best, m, n, k, l2_size, HOPPER, busiest);
    for (long long parts = 1; forced_split == 0 && parts <= k_tiles && groups * parts < resident; parts++) {
        double c, b;
        const struct plan p = plan_for(groups, k_tiles, groups * parts, fixup_iters(f), 0);
        if ((c = cost_of(f, p, m, n, k, l2_size, HOPPER, &b)) < *cost) {
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
// clock under a power cap. forced_split: --split; l2_size: the GPU's L2 in bytes.
inline int pick(int m, int n, int k, const int *resident, int forced, int forced_split, double l2_size,
                struct plan *plans, double *costs)
{
    int best = 0;
    double busiest[MAX_CANDIDATES];
    for (int i = 0; i < NUM_CANDIDATES; i++) {
        plans[i] = plan_fit(candidates[i], m, n, k, resident[i], forced_split, l2_size, &costs[i], &busiest[i]);
        if (costs[i] < costs[best] || (costs[i] == costs[best] && busiest[i] < busiest[best]))
            best = i;
    }
    return forced > 0 ? forced - 1 : best;
}

// The pick of the last few shapes, so that a launcher called again and again on one shape (a
// timed loop, a model's layers) pays the pick once: it weighs every candidate's plans, tens of
// microseconds where a shape's tiles are few.
struct pick_cache {
    struct entry {
        int m, n, k, forced, forced_split, fit;
        struct plan p;
    } e[8];
    int used, next;

    const struct entry *find(int m, int n, int k, int forced, int forced_split) const
    {
        for (int i = 0; i < used; i++)
            if (e[i].m == m && e[i].n == n && e[i].k == k && e[i].forced == forced && e[i].forced_split == forced_split)
                return &e[i];
        return nullptr;
    }
    void keep(int m, int n, int k, int forced, int forced_split, int fit, const struct plan &p)
    {
        e[next] = {m, n, k, forced, forced_split, fit, p};
        next = (next + 1) % 8;
        used = used < 8 ? used + 1 : 8;
    }
};

// The blocks that may share two tiles: under stream-K every block of the grid, else none.
inline size_t sharing_blocks(const struct plan &p, struct tile_fit f)
{
    return p.sk_iters > 0 ? (size_t)f.cluster * p.clusters : 0;
}

// Two partial tiles and one flag for each sharing block, then the counter that keeps the whole
// waves in step (wave_step).
inline size_t workspace_size(const struct plan &p, struct tile_fit f)
{
    return sharing_blocks(p, f) * (2 * f.bm * f.bn * sizeof(float) + sizeof(int)) + sizeof(int);
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
                       "%s: %lld groups of %d tiles %dx%d%s%s (a ring of %d stages), %lld K tiles each, on %d clusters of "
                       "%d: %d groups whole (data-parallel), %lld groups %s (%lld iterations, up to %lld a cluster); "
                       "workspace %zu bytes\ncandidates (--tile N), the cost model's clocks:",
                       decomposition_name(p.mode), groups, f.cluster, f.bm, f.bn, f.swap ? " swapped" : "",
                       f.cluster > 1 ? (f.along_n ? " along N" : " along M") : "", ring_depth(f), k_tiles,
                       p.clusters, f.cluster, p.dp_groups, sk_groups, split, (long long)p.sk_iters, range,
                       workspace_size(p, f));
    for (int i = 0; i < NUM_CANDIDATES && len > 0 && (size_t)len < size; i++)
        len += snprintf(text + len, size - len, "\n  %3d: %3dx%-3d %-7s %-7s  %-13s on %3d clusters  %9.0f%s", i + 1,
                        candidates[i].bm, candidates[i].bn, candidates[i].swap ? "swapped" : "",
                        candidates[i].cluster > 1 ? (candidates[i].along_n ? "pairs N" : "pairs M") : "",
                        decomposition_name(plans[i].mode), plans[i].clusters, costs[i], i == fit ? "  <- the pick" : "");
}

// --list-tiles's text: a line a candidate, as --tile numbers them (make calibrate reads it).
// Returns how many there are; text may be NULL.
inline int tiles_text(char *text, size_t size)
{
    int len = text ? snprintf(text, size,
                              "# tile BM BN cluster swap stages parts part_cols along_n  (--tile N runs candidate N: BM "
                              "x BN tiles of C; swap 1: C^T = B^T A^T, BN on wgmma's 64-row side; each consumer "
                              "warpgroup holds `parts` accumulators of 64 x part_cols; along_n 1: a cluster's tiles lie "
                              "along N, sharing A)\n")
                   : 0;
    for (int i = 0; text && i < NUM_CANDIDATES && len > 0 && (size_t)len < size; i++) {
        const struct tile_fit f = candidates[i];
        len += snprintf(text + len, size - len, "%d %d %d %d %d %d %d %d %d\n", i + 1, f.bm, f.bn, f.cluster, f.swap,
                        ring_depth(f), parts(f), part_cols(f), f.along_n);
    }
    return NUM_CANDIDATES;
}

#endif
