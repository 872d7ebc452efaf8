// The scheduler that step 15 introduces and 16 keeps, apart from the kernels: the plan of a
// launch, computed once a shape on the host (plan_for), and the walk each cluster takes through
// it (walk_of), the same on the GPU and in the host tests (tests/stream_k_check.h). Work is counted in MAC iterations: one
// group of tiles (one a cluster at a time) times one K tile.
#ifndef SCHEDULE_H
#define SCHEDULE_H

#include "step_launch.cuh" // persistent_units

// How a plan shares the work out among the clusters of the grid.
enum decomposition {
    DATA_PARALLEL, // every group whole: cluster c takes groups c, c + clusters, ... (step 14)
    SPLIT_K,       // every group in `parts` equal ranges of its K tiles, one cluster a range
    STREAM_K,      // the full waves whole, the other groups' iterations in equal contiguous ranges
                   // over all the clusters: a range may start and end inside a tile
};

inline const char *decomposition_name(enum decomposition d)
{
    return d == DATA_PARALLEL ? "DATA_PARALLEL" : d == SPLIT_K ? "SPLIT_K" : "STREAM_K";
}

// The first dp_groups groups go whole, cluster c taking groups c, c + clusters, ...; the
// sk_iters iterations of the other groups (group dp_groups + i / k_tiles, K tile i % k_tiles)
// are cut into `clusters` contiguous ranges, sk_begin(c) .. sk_begin(c + 1). A split-K plan is
// such a cut whose ranges end where tiles end: `clusters` is a multiple of the groups.
struct plan {
    enum decomposition mode;
    int clusters;
    int dp_groups;
    int sk_iters; // at most M N K / 2^22 (M N, N K and M K are under 2^31): it fits
};

// With nothing split every range is empty: the test spares every block's start a 64-bit
// division, which the GPU runs as a subroutine call.
__host__ __device__ inline int sk_begin(const struct plan &p, int cluster)
{
    return p.sk_iters == 0 ? 0 : (int)((long long)cluster * p.sk_iters / p.clusters);
}

// The cluster whose range holds stream-K iteration i: the last c with sk_begin(c) <= i, that is
// c sk_iters < (i + 1) clusters. No range is empty (plan_for keeps clusters <= sk_iters), so
// that cluster computes i.
__host__ __device__ inline int sk_cluster_of(const struct plan &p, long long i)
{
    return (int)(((i + 1) * p.clusters - 1) / p.sk_iters);
}

// The clusters that share stream-K group j (group dp_groups + j): first .. last, those whose
// ranges hold its first and its last iteration. first == last: one cluster does it whole.
struct tile_share {
    int first, last;
};

__host__ __device__ inline struct tile_share sharers_of(const struct plan &p, int j, int k_tiles)
{
    return {sk_cluster_of(p, (long long)j * k_tiles), sk_cluster_of(p, (long long)(j + 1) * k_tiles - 1)};
}

// A cluster's work, one tile group at a time: K tiles k_begin .. k_end - 1 of group `group`.
struct work_unit {
    int group, k_begin, k_end;
};

// The units of one cluster in the order it does them: its whole groups, then its stream-K range
// cut where groups end. The producer and the consumers walk the same sequence.
struct work_walk {
    int group, dp_groups, stride, k_tiles;
    int pos, end; // what is left of the stream-K range

    __host__ __device__ bool next(struct work_unit &w)
    {
        if (group < dp_groups) {
            w = {group, 0, k_tiles};
            group += stride;
            return true;
        }
        if (pos >= end)
            return false;
        const int kb = pos % k_tiles, ke = end - pos < k_tiles - kb ? kb + end - pos : k_tiles;
        w = {dp_groups + pos / k_tiles, kb, ke};
        pos += ke - kb;
        return true;
    }
};

__host__ __device__ inline struct work_walk walk_of(const struct plan &p, int cluster, int k_tiles)
{
    return {cluster, p.dp_groups, p.clusters, k_tiles, sk_begin(p, cluster), sk_begin(p, cluster + 1)};
}

// The whole waves in step. Whole groups are priced as if a wave's clusters ran over the same K
// tiles at once, reading A's and B's rows from L2 for each other; left alone, over a long launch
// they drift apart until the rows leave L2 before the last of them reads them. So a cluster
// starts its group of wave u (group u clusters + c) only once every block has arrived for u,
// which its producer does as it issues the copies of the last `lead` K tiles of its group of
// wave u - 1: no block gets further ahead than that. Only the waves every cluster has a whole
// group in (`waves`); one counter in the workspace takes every arrival, and one more from each
// block once past its last wait, the last of which clears it for the next launch.
struct wave_step {
    int *count;
    int blocks, clusters, waves, lead;

#ifdef __CUDACC__
    // Before the copies of `group`: every block has arrived for its wave.
    __device__ void wait(int group) const
    {
        const int u = group / clusters;
        if (u > 0 && u < waves)
            while (*(volatile int *)count < blocks * u) {
            }
    }
    // The K tile of `group` (k_tiles of them) whose copies arrive for the next wave; -1: none.
    __device__ int arrival(int group, int k_tiles) const
    {
        return group / clusters + 1 < waves ? (k_tiles > lead ? k_tiles - lead : 0) : -1;
    }
    __device__ void arrive() const { atomicAdd(count, 1); }
    __device__ void leave() const
    {
        if (waves > 1 && atomicAdd(count, 1) == blocks * waves - 1)
            *count = 0;
    }
#endif
};

__host__ __device__ inline struct wave_step wave_step_of(const struct plan &p, int *count, int blocks, int lead)
{
    return {count, blocks, p.clusters, p.dp_groups / p.clusters, lead};
}

// Stream-K only where the data-parallel grid leaves more than this share of its cluster-waves
// idle: under a power cap a fuller GPU runs at a lower clock, so a few idle SMs are not worth it.
#define MIN_IDLE_SHARE 0.10

// The plan of `groups` groups of k_tiles K tiles on the `resident` clusters that fit at once,
// the shortest of the three in the iterations its busiest cluster runs, a part of a tile costing
// fixup_iters more (its sums written, then read back):
//   DATA_PARALLEL: ceil(groups / resident) waves of k_tiles; taken outright where the waves
//     leave at most MIN_IDLE_SHARE of the cluster-waves idle.
//   SPLIT_K, below one full wave: each group in parts = resident / groups ranges (2 at least),
//     one fix-up each.
//   STREAM_K: the full waves whole (all but the last, if the partial one would leave a cluster
//     without an iteration), the rest evenly over the clusters, two fix-ups each.
// No range may be empty: never more clusters than iterations. forced > 0 (--split, for the
// tests): all of it STREAM_K over that many clusters.
inline struct plan plan_for(long long groups, long long k_tiles, long long resident, long long fixup_iters, int forced)
{
    if (forced > 0) {
        const long long all = groups * k_tiles, clusters = forced < resident ? forced : resident;
        return {STREAM_K, (int)(clusters < all ? clusters : all), 0, (int)all};
    }
    const long long waves = (groups + resident - 1) / resident, data_parallel = waves * k_tiles;
    const double idle = 1.0 - (double)groups / (double)(waves * resident);
    const struct plan whole = {DATA_PARALLEL, (int)persistent_units(groups, resident), (int)groups, 0};
    if (idle <= MIN_IDLE_SHARE)
        return whole;
    // Whole waves run in step over the same K tiles, sharing A and B in L2; split ranges start
    // anywhere in K and share little.
    const long long full_waves = groups / resident, partial_iters = (groups - full_waves * resident) * k_tiles;
    const long long dp_waves = full_waves > 0 && partial_iters < resident ? full_waves - 1 : full_waves;
    const long long sk_groups = groups - dp_waves * resident, sk_iters = sk_groups * k_tiles;
    const long long parts = resident / sk_groups < k_tiles ? resident / sk_groups : k_tiles;
    const long long clusters = resident < sk_iters ? resident : sk_iters;
    const long long split_k = parts >= 2 && dp_waves == 0 ? (k_tiles + parts - 1) / parts + fixup_iters : data_parallel,
                    stream_k = dp_waves * k_tiles + (sk_iters + clusters - 1) / clusters + 2 * fixup_iters;
    if (split_k < data_parallel && split_k <= stream_k)
        return {SPLIT_K, (int)(sk_groups * parts), 0, (int)sk_iters};
    if (stream_k < data_parallel)
        return {STREAM_K, (int)clusters, (int)(dp_waves * resident), (int)sk_iters};
    return whole;
}

#endif
