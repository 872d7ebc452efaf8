// Step 16: step 15 with the tile and the cluster fitted to the shape. BM (the tile's rows), BN
// (its columns) and CLUSTER become template parameters and the launcher picks them from the
// shape (fit_tile): 128-row tiles in pairs sharing B where there are tile rows to pair (15's
// kernel), alone where a pair would hold an empty tile or the tiles take one round, and 64-row
// tiles for M <= 64, where both consumer warpgroups take the same 64 rows and one half of the
// columns each: a decode GEMM then does a quarter of the math it did and streams B at the
// memory's pace. Where 256-column tiles are too few to keep the SMs streaming B without splitting
// K into short parts, 128-column ones, or 64-column ones: a 128 x 64 tile gives each consumer
// warpgroup its 64 rows; a 64 x 64 tile, over the whole K, is shared by both, each taking half of
// every K tile's k-steps. The split shares out the work as in 15, in the chosen tiles; where B
// streams from memory, not in stream-K ranges over every tile, which scatter the blocks over K,
// if another fit keeps them in step. Where the
// tiles are about half as many as the SMs, a cluster of two blocks shares each tile's K tiles
// instead (K_BLOCKS): each adds its half of the sums to its twin's in shared memory, through the
// cluster, where a split through the workspace would take them to L2 and back; where B streams
// from memory, so do twins of wider tiles (128 x 128, 64 x 256) that keep as many blocks busy as
// the fit they replace, which then reads B no faster and sends its split tiles' parts through
// L2. Where M is short of BM, A's box is too (a_box_rows): the TMA no longer fills most of each
// A slot with zeros. Tiles smaller than 15's read a split tile's parts back by TMA, all at once
// (FIXUP_BY_TMA). In a split-K, each tile's first cluster runs ahead by a few K tiles (a lead):
// the others, with fewer K tiles, have stored their parts by the time it is done, and it adds
// them up alone, where a shared fix-up has each cluster wait for the last part before it adds its
// own share.
#include "launch.h"
#include "ptx.cuh"
#include "step_launch.cuh"
#include "swizzle.h"
#include "tma.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define BK 64 // one 128-byte row of A per tile: the widest box the 128-byte swizzle takes
// The tile's rows BM (128, or 64 for M <= 64), its columns BN (256, or 128 or 64 for few tiles,
// or 192 with 128 rows where those pad N less or keep more SMs busy) and the blocks of a cluster
// CLUSTER (2, or 1: tile rows CLUSTER p .. CLUSTER p + CLUSTER - 1 of one tile column) are the
// kernel's parameters.

// One stage of the ring: A BM x 64 (16 or 8 KB), then B 64 x BN as BN / 64 boxes of 64 columns
// each (8 KB each): the 128-byte swizzle takes boxes of at most 128-byte rows.
constexpr uint32_t B_BOX_BYTES = BK * 64 * 2;
__host__ __device__ constexpr uint32_t stage_bytes(int bm, int bn) { return bm * BK * 2 + bn / 64 * B_BOX_BYTES; }
// A's box: where M < BM, only the rows A has, in whole 8-row swizzle atoms; a box of BM rows
// would have the TMA write zeros for the rest, every K tile, and that fill is not free. The
// slot's rows past the box keep what they held: they feed only sums of rows past M, which are
// never stored (a row of C depends on that row of A alone).
__host__ __device__ constexpr int a_box_rows(int m, int bm) { return m < bm ? (m + 7) / 8 * 8 : bm; }
// The ring of a launch with --stages `stages`: as many stages of its tile as the bytes of that
// many 128 x 256 stages hold. Smaller stages, more of them: a block streaming B from memory
// keeps as many bytes in flight with a narrow tile as with a wide one.
// With K_BLOCKS = 2 a block receives from its twin the sums of half its tile, in fp32
// (parts_bytes): the ring gives up what that takes, down to 2 stages at least (64 x 256 twins at
// --stages 2): a consumer hands a slot back only once the next slot's wgmma are issued.
__host__ __device__ constexpr uint32_t parts_bytes(int bm, int bn, int k_blocks)
{
    return k_blocks == 1 ? 0 : bm * bn / 2 * 4;
}
__host__ __device__ constexpr int ring_depth(int stages, int bm, int bn, int k_blocks = 1)
{
    const int depth = (stages * stage_bytes(128, 256) - parts_bytes(bm, bn, k_blocks)) / stage_bytes(bm, bn);
    return depth < 2 ? 2 : depth;
}
// C is staged per consumer warpgroup, one half (BN / 2 columns) of its slab at a time: 64 x 128
// or 64 x 64, as 64 x 64 boxes (8 KB each) swizzled as the C tensor map's 128-byte swizzle
// expects, so that the TMA store reads them back as they are. Two 16 KB halves beside four 48 KB
// stages still fit the 227 KB a block may have. With BN = 64 wg 0 stages the whole 64 x 64 tile,
// and wg 1's slab holds its fp32 sums on their way to wg 0: 16 KB each again. A 192-column
// tile is staged whole, 64 x 192 a warpgroup: two 24 KB slabs beside four 40 KB stages.
constexpr uint32_t C_BOX_BYTES = 64 * 64 * 2;
__host__ __device__ constexpr uint32_t c_slab_bytes(int bn)
{
    return bn == 64 ? 64 * 64 * 4 : (bn == 192 ? bn : bn / 2) / 64 * C_BOX_BYTES;
}

// The split of one launch: the first dp_groups groups go whole, cluster c taking groups c,
// c + clusters, ...; the sk_iters iterations of the other groups (group dp_groups + i / k_tiles,
// K tile i % k_tiles) are cut into `clusters` contiguous ranges, sk_begin(c) .. sk_begin(c + 1).
// A split-K schedule (every group in `parts` ranges that end where tiles end) may give each
// group's first cluster a lead: `lead` K tiles, and then an equal share of the rest with the
// others. The others then finish first, and their parts are stored while it still runs its
// lead: it adds them up alone (add_parts) and waits for none of them.
struct stream_k_schedule {
    int clusters;
    int dp_groups;
    int sk_iters; // at most M N K / 2^22 (M N, N K and M K are under 2^31): it fits
    int lead = 0, parts = 0; // lead > 0: split-K, `parts` clusters a group (with_lead)
};

// With nothing split every range is empty: the test spares every block's start a 64-bit
// division, which the GPU runs as a subroutine call.
__host__ __device__ inline int sk_begin(const struct stream_k_schedule &s, int cluster)
{
    if (s.sk_iters == 0)
        return 0;
    if (s.lead == 0)
        return (int)((long long)cluster * s.sk_iters / s.clusters);
    const int k_tiles = (int)((long long)s.sk_iters * s.parts / s.clusters), r = cluster % s.parts;
    return cluster / s.parts * k_tiles + (r == 0 ? 0 : s.lead + r * (k_tiles - s.lead) / s.parts);
}

// The cluster whose range holds stream-K iteration i: the last c with sk_begin(c) <= i, that is
// c sk_iters < (i + 1) clusters (with a lead: the same within the group, past its lead). No range
// is empty (the launcher keeps clusters <= sk_iters, and a lead short of its group's K tiles
// by parts), so that cluster computes i.
__host__ __device__ inline int sk_cluster_of(const struct stream_k_schedule &s, long long i)
{
    if (s.lead == 0)
        return (int)(((i + 1) * s.clusters - 1) / s.sk_iters);
    const int k_tiles = (int)((long long)s.sk_iters * s.parts / s.clusters), past = (int)(i % k_tiles) - s.lead;
    return (int)(i / k_tiles) * s.parts + (past < 0 ? 0 : ((past + 1) * s.parts - 1) / (k_tiles - s.lead));
}

// The clusters that share stream-K group j (group dp_groups + j): first .. last, those whose
// ranges hold its first and its last iteration. first == last: one cluster does it whole.
struct tile_share {
    int first, last;
};

__host__ __device__ inline struct tile_share sharers_of(const struct stream_k_schedule &s, int j, int k_tiles)
{
    return {sk_cluster_of(s, (long long)j * k_tiles), sk_cluster_of(s, (long long)(j + 1) * k_tiles - 1)};
}

// A cluster's work, one tile group at a time: K tiles k_begin .. k_end - 1 of group `group`.
struct work_unit {
    int group, k_begin, k_end;
};

// The units of one cluster in the order it does them: its whole groups, then its stream-K range
// cut where groups end. The producer and the consumers walk the same sequence (and so does
// tests/stream_k_check.h, on the host).
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

__host__ __device__ inline struct work_walk walk_of(const struct stream_k_schedule &s, int cluster, int k_tiles)
{
    return {cluster, s.dp_groups, s.clusters, k_tiles, sk_begin(s, cluster), sk_begin(s, cluster + 1)};
}

// 384 threads = 3 warpgroups: warpgroup 0 produces, consumer warpgroup wg = 0, 1 (warpgroups 1 and
// 2) owns, with BM = 128, rows 64wg..64wg+63 of the block's C tile, all BN columns: two halves of
// BN / 2 columns, each an m64n(BN / 2) accumulator (64 fp32 registers a thread for BN = 256), or
// for BN = 192 one m64n192 (96); with BM = 64, the 64 rows and half wg of the columns: one of them;
// with BN = 64 both the whole 64 x 64 tile, over k-steps 2wg, 2wg + 1 of every K tile (K_SPLIT).
// With K_BLOCKS = 2 (64 x 128, 64 x 256 or 128 x 128 tiles) the cluster's two blocks take the same
// tile, block k_half the (k_half + 1)-th half of its K tiles, each warpgroup its slab of it as
// above. The register cap at entry (65536 / 384 = 168) is what setmaxnreg redistributes:
// 128 x 40 + 256 x 232 registers fit the SM's 65536.
// One template serves __half and __nv_bfloat16: only the wgmma type and the output packing differ.
#define PRODUCER_REGS 40
#define CONSUMER_REGS 232

template <typename T, int STAGES, int BM, int BN, int CLUSTER, int K_BLOCKS>
__global__ void __launch_bounds__(384, 1)
hgemm_small_m(const __grid_constant__ CUtensorMap tmap_A, const __grid_constant__ CUtensorMap tmap_B,
            const __grid_constant__ CUtensorMap tmap_C, int M, int N, int K, const struct stream_k_schedule sched,
            T *C, float *partials, int *flags)
{
#if defined(__CUDA_ARCH_FEAT_SM90_ALL) // other targets compile an empty kernel: the harness never launches it there
    constexpr uint32_t A_BYTES = BM * BK * 2, STAGE_BYTES = stage_bytes(BM, BN);
    // WN: the columns of a half, one wgmma's n. K_SPLIT: the consumer warpgroups that share out
    // each K tile's k-steps, 2 where a 64-column tile has no halves to give them.
    // A 192-column tile is one half: a half of 96 columns would start inside a B box, where an
    // MN-major descriptor cannot start.
    constexpr int HALVES = BM == 128 && BN % 128 == 0 ? 2 : 1; // the m64nWN accumulators of a consumer warpgroup (below)
    constexpr int B_BOXES = BN / 64, K_SPLIT = BN == 64 && BM == 64 ? 2 : 1, WN = BN == 64 || BN == 192 ? BN : BN / 2;
    static_assert(STAGE_BYTES % 1024 == 0, "each tile must start on a 1024-byte swizzle atom");
    static_assert(CLUSTER >= 1 && B_BOXES % CLUSTER == 0, "the B boxes split evenly over the cluster");
    static_assert(BM == 64 || BM == 128, "a warpgroup's 64 rows, one or two of them");
    static_assert(BN == 64 || BN == 128 || BN == 256 || (BN == 192 && BM == 128 && CLUSTER == 1),
                  "whole 64-column boxes, n = 64, 128 or 192 a wgmma");
    static_assert(K_BLOCKS == 1 || (K_BLOCKS == 2 && CLUSTER == 1 && (BN == 128 || (BN == 256 && BM == 64))),
                  "twins: a 64 x 128, 64 x 256 or 128 x 128 tile alone, one warpgroup's slab of it kept by each block");
    // The ring, rounded up to a 1024-byte boundary (the swizzle atom), then the C staging of the
    // two consumer warpgroups. The offsets are the same in every block of the cluster, so a
    // multicast lands in each at the same place.
    extern __shared__ unsigned char smem_raw[];
    __shared__ uint64_t full[STAGES];  // slot s holds its tile once this phase completes
    __shared__ uint64_t empty[STAGES]; // slot s is free in every block once this phase completes
    __shared__ uint64_t parts_full, parts_free; // K_BLOCKS: the twin's sums landed; it read what it was sent
    __shared__ uint64_t fixup_full; // FIXUP_BY_TMA: the parts this block adds up have landed in the ring
    const uint32_t ring = (smem_addr(smem_raw) + 1023) & ~1023u, c_stage = ring + STAGES * STAGE_BYTES;
    const uint32_t parts_buf = c_stage + 2 * c_slab_bytes(BN); // K_BLOCKS: the twin's part of the sums lands here

    // warp_id from lane 0 by shuffle: the compiler then knows it is the same in all 32 lanes and
    // builds the wgmma descriptors, which depend on it, in the uniform datapath that wgmma reads
    // them from (gdesc[UR]), rather than per lane and then moved across.
    const int tid = threadIdx.x, lane = tid % 32, warp_id = __shfl_sync(0xffffffffu, tid / 32, 0);
    const int wg = warp_id / 4 - 1, warp_in_wg = warp_id % 4; // wg -1: the producer
    const uint32_t rank = CLUSTER > 1 ? cluster_ctarank() : 0;   // the block's tile row in its group
    const int k_half = K_BLOCKS > 1 ? (int)cluster_ctarank() : 0; // the half of the K tiles it does
    // The work is counted in groups of CLUSTER vertically adjacent tiles, one per cluster at a
    // time: groups_m rows of groups by tiles_n columns. The cluster takes the units of its
    // walk (sched), each group in grouped rows (swizzle.h), and its block of rank r the tile row
    // CLUSTER p + r of group row p.
    const int tiles_n = (N + BN - 1) / BN, groups_m = ((M + BM - 1) / BM + CLUSTER - 1) / CLUSTER;
    const int cluster = blockIdx.x / (CLUSTER * K_BLOCKS);
    const int num_k_tiles = (K + BK - 1) / BK; // TMA zero-fills the K tail of the last tile

    if (tid == 0) {
        for (int s = 0; s < STAGES; s++) {
            mbarrier_init(smem_addr(&full[s]), 1); // one arrival (the producer's expect_tx) + the bytes
            // one arrival from each of the 8 consumer warps of every block: each producer
            // multicasts into the other blocks' slots too, so all must have let go of it
            mbarrier_init(smem_addr(&empty[s]), 8 * CLUSTER);
        }
        mbarrier_init(smem_addr(&fixup_full), 1); // one arrival (expect_tx) + the parts' bytes
        if constexpr (K_BLOCKS > 1) {
            mbarrier_init(smem_addr(&parts_full), 1);   // the keeper's expect_tx arrival, + the twin's bytes
            mbarrier_init(smem_addr(&parts_free), 128); // one arrival from each thread of the twin's keeper
        }
        fence_mbarrier_init();
    }
    // Every block's barriers are ready before any copy or remote arrival reaches them; a block
    // alone (CLUSTER 1, launched without a cluster) needs only its own threads to see them. The
    // twins of K_BLOCKS reach each other only once a part is done: they wait for the cluster
    // then, not before their first copies.
    if constexpr (CLUSTER > 1)
        cluster_sync();
    else
        __syncthreads();
    if constexpr (K_BLOCKS > 1)
        cluster_arrive();

    // The producer's elected thread: the copies of K tile kt of tile (bx, by) into slot s.
    // STAGE_BYTES land there: this block's A, and all B_BOXES B boxes, B_BOXES_PER_RANK multicast
    // by each block. Another block's boxes may land before this expect_tx: the barrier's byte
    // count then runs below zero for a while, and the phase cannot complete before this arrival
    // all the same.
    auto load_tile = [&](int s, int kt, int bx, int by) {
        constexpr int B_BOXES_PER_RANK = B_BOXES / CLUSTER;
        const uint32_t slot = ring + s * STAGE_BYTES, bar = smem_addr(&full[s]);
        mbarrier_arrive_expect_tx(bar, STAGE_BYTES - (BM - a_box_rows(M, BM)) * BK * 2);
        tma_load_2d(slot, &tmap_A, kt * BK, by * BM, bar);
        for (int j = rank * B_BOXES_PER_RANK; j < (rank + 1) * B_BOXES_PER_RANK; j++)
            if constexpr (CLUSTER > 1)
                tma_load_2d_multicast(slot + A_BYTES + j * B_BOX_BYTES, &tmap_B, bx * BN + 64 * j, kt * BK, bar,
                                      (1u << CLUSTER) - 1);
            else // a block alone, or one of K_BLOCKS twins, which share no tile
                tma_load_2d(slot + A_BYTES + j * B_BOX_BYTES, &tmap_B, bx * BN + 64 * j, kt * BK, bar);
    };
    // The unit's K tiles that this block does: with K_BLOCKS, its half (the walk's units are then
    // whole tiles).
    auto own_part = [&](struct work_unit w) {
        const int len = w.k_end - w.k_begin;
        return K_BLOCKS == 1 ? w
                             : work_unit{w.group, w.k_begin + k_half * len / K_BLOCKS,
                                         w.k_begin + (k_half + 1) * len / K_BLOCKS};
    };

    if (wg < 0) {
        // Producer: one thread walks this block's tiles and their K tiles with one running count
        // `it`, so the ring's phases carry on from tile to tile: the copies of the next tile start
        // as soon as slots come back, while the consumers are still storing this one. A fresh
        // barrier counts as having completed the phase before its first, so the first STAGES
        // waits (parity 1) return at once.
        setmaxnreg_dec<PRODUCER_REGS>();
        if (tid == 0) {
            int it = 0;
            struct work_walk walk = walk_of(sched, cluster, num_k_tiles);
            for (struct work_unit unit; walk.next(unit);) {
                const struct work_unit w = own_part(unit);
                const struct tile_coord c = grouped_rows(w.group, groups_m, tiles_n);
                for (int kt = w.k_begin; kt < w.k_end; kt++, it++) {
                    const int s = it % STAGES;
                    mbarrier_wait_parity(smem_addr(&empty[s]), ((it / STAGES) & 1) ^ 1);
                    load_tile(s, kt, c.bx, CLUSTER * c.by + rank);
                }
            }
        }
        // Waits for the consumers' last remote arrivals, as they wait at the end of the kernel.
        if constexpr (CLUSTER > 1)
            cluster_sync();
        if constexpr (K_BLOCKS > 1) { // the start's barrier, then the end's: nothing here reaches the twin
            cluster_wait();
            cluster_arrive_relaxed();
            cluster_wait();
        }
        return;
    }
    setmaxnreg_inc<CONSUMER_REGS>();
    // The twin block has started and set up its barriers before this block writes there.
    if constexpr (K_BLOCKS > 1)
        cluster_wait();

    // This warpgroup's slab: with BM = 128, rows 64wg.. in two halves, columns 0..WN - 1 and
    // WN..BN - 1, each its own m64nWN accumulator and its own wgmma group: one half can leave for
    // shared memory while the tensor cores still work on the other. With BM = 64 the one half
    // first_half = wg of rows 0..63. Not zeroed: the first wgmma of each tile ignores the
    // accumulators (scale-d = 0), and zeroing them would be a non-wgmma write that makes ptxas
    // serialise every wgmma.
    const int wg_row = BM == 128 ? 64 * wg : 0, first_half = BM == 128 || K_SPLIT == 2 ? 0 : wg;
    const int first_ks = K_SPLIT == 2 ? wg * BK / 16 / 2 : 0; // this warpgroup's first k-step of a K tile
    float sum[HALVES][WN / 2];
    const uint32_t c_slab = c_stage + wg * c_slab_bytes(BN);
    const bool c_issuer = tid % 128 == 0; // one thread per consumer warpgroup issues its TMA stores

    // Descriptors of k-step ks (16 of the tile's 64). A, K-major: this warpgroup's 64 rows
    // start wg_row x 128 bytes in; the 16 k of step ks are 32 bytes along each row (the hardware
    // swizzles the final address, so a start inside the atom reads the right chunks); the
    // 8-row groups are 1024 bytes apart. B, MN-major: k rows 16ks.. start 16ks x 128 bytes in;
    // half h is the WN / 64 boxes from box h WN / 64 on, 8 KB apart (leading offset), its 8-row
    // groups 1024 bytes.
    // Both are built once, for slot 0 and k-step 0, and moved on to a slot and a k-step by the
    // bytes between (the slot's once per K tile, the k-step's a constant of the unrolled loop).
    const uint64_t desc_a0 = wgmma_desc_sw128(ring + wg_row * 128, 16, 1024);
    const uint64_t desc_b0 = wgmma_desc_sw128(ring + A_BYTES, B_BOX_BYTES, 1024);
    auto desc_a = [&](uint32_t slot, int ks) { return wgmma_desc_add(wgmma_desc_add(desc_a0, slot - ring), ks * 32); };
    auto desc_b = [&](uint32_t slot, int ks, int h) {
        return wgmma_desc_add(wgmma_desc_add(desc_b0, slot - ring), h * (WN / 64) * B_BOX_BYTES + ks * 16 * 128);
    };
    // This warp no longer reads slot s: tell this block's producer and every other block's, whose
    // multicasts write here too. The remote arrivals keep mbarrier.arrive's default .release.cta:
    // the slot's readers were wgmma, retired by wgmma.wait_group, and a .release.cluster arrival
    // would fence every consumer warp at cluster scope once per K tile.
    auto release = [&](int s) {
        if (lane == 0) {
            mbarrier_arrive(smem_addr(&empty[s]));
            for (uint32_t r = 1; r < CLUSTER; r++)
                mbarrier_arrive_cluster(mapa_shared(smem_addr(&empty[s]), (rank + r) % CLUSTER));
        }
    };
    // Slot s of K tile `it` once its copies have landed: the (it / STAGES)-th use of slot s.
    auto wait_full = [&](int it) {
        const int s = it % STAGES;
        mbarrier_wait_parity(smem_addr(&full[s]), (it / STAGES) & 1);
        return ring + s * STAGE_BYTES;
    };
    // A unit from lane 0, as warp_id: the walk's ranges come out of divisions the compiler cannot
    // see are the same in every lane. From the same unit in every lane, `it`, the slot and the
    // descriptors stay in the uniform registers wgmma reads them from, where per-lane ones would
    // be moved there before every wgmma. Once a unit, not once a K tile.
    auto from_lane0 = [](struct work_unit u) {
        return work_unit{__shfl_sync(0xffffffffu, u.group, 0), __shfl_sync(0xffffffffu, u.k_begin, 0),
                         __shfl_sync(0xffffffffu, u.k_end, 0)};
    };
    // Half h of the slab over one K tile: four k-steps, one wgmma each (two with K_SPLIT).
    auto mma_half = [&](float (&acc)[WN / 2], uint32_t slot, int h, bool accumulate) {
#pragma unroll
        for (int ks = first_ks; ks < first_ks + BK / 16 / K_SPLIT; ks++)
            if constexpr (WN == 192)
                wgmma_m64n192k16<T>(acc, desc_a(slot, ks), desc_b(slot, ks, h), accumulate || ks > first_ks);
            else if constexpr (WN == 128)
                wgmma_m64n128k16<T>(acc, desc_a(slot, ks), desc_b(slot, ks, h), accumulate || ks > first_ks);
            else
                wgmma_m64n64k16<T>(acc, desc_a(slot, ks), desc_b(slot, ks, h), accumulate || ks > first_ks);
    };
    // With K_SPLIT, the unit's sum is wg 0's plus wg 1's: wg 1 puts value j of thread t at word
    // handoff_word(j, t) = 128 j + t of its slab (a warp's 32 lanes on 32 consecutive words,
    // every bank once), and wg 0 adds it to its own, which it then stores or sends alone. The
    // first barrier: wg 0 has read the previous unit's.
    auto gather_sums = [&]() {
        float *other = reinterpret_cast<float *>(smem_raw + (c_stage + c_slab_bytes(BN) - smem_addr(smem_raw)));
        named_barrier_sync(3, 256);
        if (wg == 1)
#pragma unroll
            for (int j = 0; j < WN / 2; j++)
                other[handoff_word(j, tid % 128)] = sum[0][j];
        named_barrier_sync(3, 256);
        if (wg == 0)
#pragma unroll
            for (int j = 0; j < WN / 2; j++)
                sum[0][j] += other[handoff_word(j, tid % 128)];
    };
    const bool stores = K_SPLIT == 1 || wg == 0; // this warpgroup's sums go to C or the workspace

    // With K_BLOCKS, a tile's sum is this block's part plus its twin's. Block k_half keeps the slab
    // of its warpgroup k_half, and its other warpgroup sends its sums to the twin, where warpgroup
    // k_half ^ 1 keeps them: values 4q..4q + 3 of thread t (its halves one after the other) to quad
    // handoff_quad(q, t) of the twin's parts_buf, by st.async, whose bytes complete_tx on the
    // twin's parts_full, so the sender neither fences nor arrives. parts_full: the twin's sums have
    // landed here (the keeper's one arrival expects their bytes, which may land before it);
    // parts_free: the twin has read what this block sent it last, so it may send again, which after
    // the cluster's last unit it will not. The end's cluster barrier only keeps each block alive
    // while its twin may still write to it: a sender arrives once its last stores are issued, a
    // keeper before it waits for its last, and nothing else reaches the twin then. So by the time a
    // keeper holds its twin's sums the barrier has all but completed, and the arrivals order
    // nothing (.relaxed): the sums completed on parts_full.
    const bool keeps = wg == k_half;
    int parts_done = 0;
    auto add_twin_part = [&](bool last) {
        const uint32_t twin = k_half ^ 1;
        const int t = tid % 128;
        if (!keeps) {
            if (parts_done > 0)
                mbarrier_wait_parity_cluster(smem_addr(&parts_free), (parts_done - 1) & 1);
            const uint32_t dst = mapa_shared(parts_buf, twin), bar = mapa_shared(smem_addr(&parts_full), twin);
#pragma unroll
            for (int h = 0; h < HALVES; h++)
#pragma unroll
                for (int j = 0; j < WN / 2; j += 4)
                    st_async_v4(dst + 16 * handoff_quad((h * WN / 2 + j) / 4, t), sum[h][j], sum[h][j + 1],
                                sum[h][j + 2], sum[h][j + 3], bar);
            if (last)
                cluster_arrive_relaxed();
        } else {
            if (last)
                cluster_arrive_relaxed();
            if (t == 0)
                mbarrier_arrive_expect_tx(smem_addr(&parts_full), parts_bytes(BM, BN, K_BLOCKS));
            mbarrier_wait_parity(smem_addr(&parts_full), parts_done & 1);
            const float4 *part = reinterpret_cast<const float4 *>(smem_raw + (parts_buf - smem_addr(smem_raw)));
#pragma unroll
            for (int h = 0; h < HALVES; h++)
#pragma unroll
                for (int j = 0; j < WN / 2; j += 4) {
                    const float4 u = part[handoff_quad((h * WN / 2 + j) / 4, t)];
                    sum[h][j] += u.x;
                    sum[h][j + 1] += u.y;
                    sum[h][j + 2] += u.z;
                    sum[h][j + 3] += u.w;
                }
            if (!last)
                mbarrier_arrive_release_cluster(mapa_shared(smem_addr(&parts_free), twin));
        }
        parts_done++;
    };

    constexpr bool FIXUP_BY_TMA = BM * BN < 128 * 256; // the parts read back by TMA (finish_tile, add_parts)
    // A tile this block does part of: its sums go to one of its two workspace slots, laid out as
    // the tile's rows in C (kind 1: the part from the tile's first K tile, where the range ends;
    // kind 0: a part further in, where the range starts), then it counts itself in on the tile's
    // flag, that of the tile's first cluster (it is the first of one such tile at most). Each
    // store of a warp is 8 rows x 32 bytes: whole sectors.
    const int ct = tid - 128; // 0..255: the consumer threads
    auto slot_of = [&](int from, int kind) { return partials + ((size_t)(from * CLUSTER + rank) * 2 + kind) * BM * BN; };
    auto flag_of = [&](struct tile_share sh) { return &flags[sh.first * CLUSTER + rank]; };
    // With a lead, only the tile's first cluster reads the parts, into registers laid out as its
    // own: the part keeps the order of the registers, value v of storing thread ct at float4
    // v / 4 x STORERS + ct, so that a warp's 32 lanes store, and read back, 512 consecutive bytes.
    constexpr int STORERS = 256 / K_SPLIT; // with K_SPLIT only wg 0 holds the sums
    static_assert(STORERS * HALVES * WN / 2 == BM * BN, "a part is the tile's sums, each once");
    auto send_partial = [&](int group, int kind) {
        float *slot = slot_of(cluster, kind);
        if (stores && FIXUP_BY_TMA && sched.lead > 0)
#pragma unroll
            for (int h = 0; h < HALVES; h++)
#pragma unroll
                for (int q = 0; q < WN / 8; q++)
                    __stcg(reinterpret_cast<float4 *>(slot) + (h * WN / 8 + q) * STORERS + ct,
                           make_float4(sum[h][4 * q], sum[h][4 * q + 1], sum[h][4 * q + 2], sum[h][4 * q + 3]));
        else if (stores)
#pragma unroll
            for (int h = 0; h < HALVES; h++)
#pragma unroll
                for (int j = 0; j < WN / 8; j++) {
                    const struct smem_pos d = wgmma_d(warp_in_wg, j, lane);
                    float *p = slot + (size_t)(wg_row + d.row) * BN + (first_half + h) * WN + d.col;
                    __stcg(reinterpret_cast<float2 *>(p), make_float2(sum[h][4 * j], sum[h][4 * j + 1]));
                    __stcg(reinterpret_cast<float2 *>(p + 8 * BN), make_float2(sum[h][4 * j + 2], sum[h][4 * j + 3]));
                }
        // Every consumer thread's sums are written before the count goes up (release is
        // cumulative over the writes the barrier ordered before it).
        named_barrier_sync(3, 256);
        if (ct == 0)
            flag_arrive(flag_of(sharers_of(sched, group - sched.dp_groups, num_k_tiles)));
    };
    // Once the range is done, a tile this block did part of: when all of the tile's `parts`
    // clusters have counted in, each adds up its own 1/parts of the tile (its rows in C, 4
    // columns at a time) over all their slots in cluster order, a fixed order: the same bits on
    // every run. Each reads one tile's worth, where a lone finisher would read them all. The
    // last to count out clears the flag for the next launch.
    // A tile smaller than 15's 128 x 256 has a fix-up too short to hide L2's latency in: one
    // thread has the TMA copy the block's run of every part into the ring, idle now that the
    // range is done, all at once, and the block waits for L2 once (FIXUP_BY_TMA). A 128 x 256
    // tile's 128 KB a block stream faster as the consumer threads' own loads.
    int fixup_phase = 0;
    auto finish_tile = [&](int group) {
        const struct tile_coord c = grouped_rows(group, groups_m, tiles_n);
        const int by = CLUSTER * c.by + rank;
        const struct tile_share sh = sharers_of(sched, group - sched.dp_groups, num_k_tiles);
        const int parts = sh.last - sh.first + 1;
        int *flag = flag_of(sh);
        if (ct == 0)
            while (flag_acquire(flag) < parts) {
            }
        const int rows = min(BM, M - by * BM), quads = min(BN, N - c.bx * BN) / 4; // N is a multiple of 8
        const int share = cluster - sh.first;
        if constexpr (FIXUP_BY_TMA) {
            // This block's share of the tile: quads begin .. end - 1 of its rows of BN / 4 quads,
            // one contiguous run in every slot. Part p's lands at quad p n of the ring, in chunks
            // of n quads a part, as many as the ring holds.
            const int total = rows > 0 ? rows * (BN / 4) : 0;
            const int end = (share + 1) * total / parts, chunk = STAGES * STAGE_BYTES / (16 * parts);
            const float4 *buf = reinterpret_cast<const float4 *>(smem_raw + (ring - smem_addr(smem_raw)));
            const uint32_t bar = smem_addr(&fixup_full);
            for (int begin = share * total / parts; begin < end; begin += chunk, fixup_phase ^= 1) {
                const int n = min(chunk, end - begin);
                // Every consumer thread is done with the ring (its last K tile, or the chunk before).
                named_barrier_sync(3, 256);
                if (ct == 0) {
                    fence_proxy_async_global(); // the parts the acquire made visible, to the TMA's reads
                    mbarrier_arrive_expect_tx(bar, parts * n * 16);
                    for (int p = 0; p < parts; p++)
                        bulk_load(ring + p * n * 16, slot_of(sh.first + p, p == 0) + 4 * begin, n * 16, bar);
                }
                mbarrier_wait_parity(bar, fixup_phase);
                // Thread ct reads quads ct, ct + 256, ... of each part: a warp's 32 lanes on 512
                // consecutive bytes, every bank four times, the fewest wavefronts a float4 load takes.
                for (int i = ct; i < n; i += 256) {
                    float4 v = buf[i];
                    for (int p = 1; p < parts; p++) {
                        const float4 u = buf[p * n + i];
                        v.x += u.x;
                        v.y += u.y;
                        v.z += u.z;
                        v.w += u.w;
                    }
                    // 4 columns, 8 bytes: C's rows are 16-byte strided, and the columns start at a multiple of 4.
                    const int row = (begin + i) / (BN / 4), q = (begin + i) % (BN / 4);
                    if (q < quads)
                        *reinterpret_cast<uint2 *>(C + (size_t)(by * BM + row) * N + c.bx * BN + 4 * q) =
                            make_uint2(pack2_rn<T>(v.x, v.y), pack2_rn<T>(v.z, v.w));
                }
            }
        } else {
            named_barrier_sync(3, 256); // what the acquire made visible, for all consumer threads
            // This block's share of the tile: quads i = begin, begin + 256, ... below end for thread
            // ct, taken 8 at a time. All 8 loads from one part are issued before their adds, and
            // four parts at a time: the adds wait for L2 a few times, not once per part and quad.
            const int total = rows > 0 ? rows * quads : 0;
            const int end = (share + 1) * total / parts;
            for (int begin = share * total / parts + ct; begin < end; begin += 8 * 256) {
                int at[8];
                float4 v[8];
#pragma unroll
                for (int q = 0; q < 8; q++) {
                    const int i = begin + 256 * q;
                    at[q] = i / quads * BN + 4 * (i % quads);
                    if (i < end)
                        v[q] = __ldcg(reinterpret_cast<const float4 *>(slot_of(sh.first, 1) + at[q]));
                }
#pragma unroll 4
                for (int from = sh.first + 1; from <= sh.last; from++) {
                    const float *slot = slot_of(from, 0);
#pragma unroll
                    for (int q = 0; q < 8; q++)
                        if (begin + 256 * q < end) {
                            const float4 u = __ldcg(reinterpret_cast<const float4 *>(slot + at[q]));
                            v[q].x += u.x;
                            v[q].y += u.y;
                            v[q].z += u.z;
                            v[q].w += u.w;
                        }
                }
                // 4 columns, 8 bytes: C's rows are 16-byte strided, and the columns start at a multiple of 4.
#pragma unroll
                for (int q = 0; q < 8; q++) {
                    const int i = begin + 256 * q;
                    if (i < end)
                        *reinterpret_cast<uint2 *>(C + (size_t)(by * BM + i / quads) * N + c.bx * BN + 4 * (i % quads)) =
                            make_uint2(pack2_rn<T>(v[q].x, v[q].y), pack2_rn<T>(v[q].z, v[q].w));
                }
            }
        }
        if (ct == 0 && atomicAdd(flag, 1) == 2 * parts - 1)
            *flag = 0;
    };
    // A tile split with a lead, in its first cluster, once the range is done: when the others
    // have counted in, one thread has the TMA copy their parts, whole, into the idle ring (the
    // launcher checks that they fit), and each thread adds its own values of them to its sums,
    // in cluster order: the same bits on every run. It alone reads the flag, and clears it.
    auto add_parts = [&](int group) {
        constexpr uint32_t PART_BYTES = BM * BN * 4;
        const struct tile_share sh = sharers_of(sched, group - sched.dp_groups, num_k_tiles);
        const int others = sh.last - sh.first;
        const uint32_t bar = smem_addr(&fixup_full);
        named_barrier_sync(3, 256); // every consumer thread is done with the ring: its last wgmma retired
        if (ct == 0) {
            int *flag = flag_of(sh);
            while (flag_acquire(flag) < others) {
            }
            *flag = 0;
            fence_proxy_async_global(); // the parts the acquire made visible, to the TMA's reads
            mbarrier_arrive_expect_tx(bar, others * PART_BYTES);
            for (int p = 1; p <= others; p++)
                bulk_load(ring + (p - 1) * PART_BYTES, slot_of(sh.first + p, 0), PART_BYTES, bar);
        }
        mbarrier_wait_parity(bar, 0); // once a launch: the block has one unit
        const float4 *buf = reinterpret_cast<const float4 *>(smem_raw + (ring - smem_addr(smem_raw)));
        if (stores)
            for (int p = 0; p < others; p++)
#pragma unroll
                for (int h = 0; h < HALVES; h++)
#pragma unroll
                    for (int q = 0; q < WN / 8; q++) {
                        const float4 u = buf[p * (PART_BYTES / 16) + (h * WN / 8 + q) * STORERS + ct];
                        sum[h][4 * q] += u.x;
                        sum[h][4 * q + 1] += u.y;
                        sum[h][4 * q + 2] += u.z;
                        sum[h][4 * q + 3] += u.w;
                    }
    };

    // Half h of tile (bx, by) to C: registers -> the staging slab -> one TMA store per box. Each
    // stmatrix.x4 stores 16 columns of the D fragment; in the 128-byte swizzle the 8 rows of each
    // of its 8 x 8 matrices get chunks c ^ 0..7: all 32 banks, no conflict.
    auto store_half = [&](const float (&acc)[WN / 2], int h, int bx, int by) {
        const int c_row = by * BM + wg_row;
        // The slab may still be read by this warpgroup's previous TMA store.
        if (c_issuer)
            bulk_wait_group_read<0>();
        named_barrier_sync(1 + wg, 128);
#pragma unroll
        for (int j = 0; j < WN / 16; j++) {
            const struct smem_pos p = stmatrix_d(warp_in_wg, j, lane);
            stmatrix_x4(c_slab + tma_box_offset(p.row, p.col, 64), pack2_rn<T>(acc[8 * j], acc[8 * j + 1]),
                        pack2_rn<T>(acc[8 * j + 2], acc[8 * j + 3]), pack2_rn<T>(acc[8 * j + 4], acc[8 * j + 5]),
                        pack2_rn<T>(acc[8 * j + 6], acc[8 * j + 7]));
        }
        fence_proxy_async_shared(); // these generic-proxy writes are read next by the TMA store
        named_barrier_sync(1 + wg, 128);
        // Committed and not waited for here; TMA writes only what lies inside C.
        if (c_issuer && c_row < M) {
            for (int b = 0; b < WN / 64; b++)
                if (bx * BN + h * WN + 64 * b < N)
                    tma_store_2d(&tmap_C, bx * BN + h * WN + 64 * b, c_row, c_slab + b * C_BOX_BYTES);
            bulk_commit_group();
        }
    };

    // The consumers count K tiles as the producer does: `it` runs on across this block's tiles.
    // The tile whose right half is still in registers, once there is one (held_bx >= 0); the
    // groups this block did the first part and a later part of, to finish at the end.
    int it = 0, held_bx = -1, held_by = 0, first_part = -1, later_part = -1;
    // Twins of 64 x 128 tiles hand each K tile's slot back as soon as its own wgmma group has
    // retired, not one K tile later: their ring, a stage shorter for the twin's part, then holds
    // one more K tile in flight. Measured faster there, and slower in the other one-accumulator
    // fits (notes/16_hgemm_small_m.md).
    constexpr bool EARLY = K_BLOCKS > 1 && HALVES == 1 && WN == 64;
    struct work_walk walk = walk_of(sched, cluster, num_k_tiles);
    for (struct work_unit unit; walk.next(unit);) {
        const struct work_unit w = own_part(from_lane0(unit));
        const struct tile_coord c = grouped_rows(w.group, groups_m, tiles_n);
        const int by = CLUSTER * c.by + rank; // may lie past M, when the tile rows are fewer: then nothing is stored
        // The unit's first K tile: the previous tile's right half leaves while this tile's left half is computed.
        uint32_t slot = wait_full(it);
        wgmma_fence(); // the accumulators were last read by the epilogue
        mma_half(sum[0], slot, first_half, false);
        wgmma_commit_group();
        if constexpr (EARLY) {
            wgmma_wait_group<0>();
            release(it % STAGES);
        }
        if constexpr (HALVES == 2) {
            if (held_bx >= 0) {
                // Returns at once: only the group above is in flight, all before it retired at the
                // previous tile's end. Without it ptxas would make the stores below wait for that group.
                wgmma_wait_group<1>();
                store_half(sum[1], 1, held_bx, held_by);
            }
            wgmma_fence(); // the stores above read the registers the next wgmma overwrite
            mma_half(sum[1], slot, 1, false);
            wgmma_commit_group();
        }
        for (int kt = w.k_begin + 1; kt < w.k_end; kt++) {
            slot = wait_full(++it);
            wgmma_fence();
#pragma unroll
            for (int i = 0; i < HALVES; i++) {
                mma_half(sum[i], slot, first_half + i, true);
                wgmma_commit_group();
            }
            // Keep this K tile's groups in flight; once those before them have retired, the
            // previous slot is free. EARLY: once this K tile's group has retired, its own slot is.
            if constexpr (EARLY) {
                wgmma_wait_group<0>();
                release(it % STAGES);
            } else {
                wgmma_wait_group<HALVES>();
                release((it - 1) % STAGES);
            }
        }
        // A whole tile, as in 14: the left half is final while the right half's last group may
        // still run: store it, then hand the last slot back and keep the right half for the next
        // unit's first K tile. A part of a tile: all of it goes to the workspace, and the last
        // slot goes back. With one half there is nothing to overlap: it is stored once it is final.
        const bool whole = w.k_begin == 0 && w.k_end == num_k_tiles;
        wgmma_wait_group<HALVES - 1>(); // unconditional: ptxas serialises every wgmma when it cannot see the group retired
        if (HALVES == 2 && whole)
            store_half(sum[0], 0, c.bx, by);
        wgmma_wait_group<0>();
        if constexpr (!EARLY)
            release(it % STAGES);
        it++;
        if constexpr (K_SPLIT == 2)
            gather_sums();
        if constexpr (K_BLOCKS > 1) { // the twin did the other half of this tile's K tiles
            struct work_walk rest = walk;
            struct work_unit next_unit;
            add_twin_part(!rest.next(next_unit));
            if (keeps)
#pragma unroll
                for (int h = 0; h < HALVES; h++)
                    store_half(sum[h], first_half + h, c.bx, by);
            continue;
        }
        if (FIXUP_BY_TMA && !whole && sched.lead > 0) { // split-K with a lead: this block's one unit
            if (w.k_begin > 0) {
                send_partial(w.group, 0);
                continue;
            }
            add_parts(w.group);
            if (stores)
#pragma unroll
                for (int h = 0; h < HALVES; h++)
                    store_half(sum[h], first_half + h, c.bx, by);
            continue;
        }
        if (!whole) { // its other parts come from the clusters beside this one
            send_partial(w.group, w.k_begin == 0);
            (w.k_begin == 0 ? first_part : later_part) = w.group;
            held_bx = -1;
            continue;
        }
        if constexpr (HALVES == 1) {
            if (stores)
                store_half(sum[0], first_half, c.bx, by);
        } else {
            held_bx = c.bx;
            held_by = by;
        }
    }
    if constexpr (HALVES == 2)
        if (held_bx >= 0)
            store_half(sum[1], 1, held_bx, held_by);
    // Not before the range is done, so that no cluster waits in the middle of its range (and all
    // parts are sent before anyone waits: no cycle). The first part first: the clusters after
    // this one sent theirs at the start of their ranges.
    if (first_part >= 0)
        finish_tile(first_part);
    if (later_part >= 0)
        finish_tile(later_part);
    if (c_issuer)
        bulk_wait_group<0>(); // the last stores have landed before the block's memory goes
    // No block leaves while another of its cluster may still multicast into it, write its sums
    // there or arrive on its barriers.
    if constexpr (CLUSTER > 1)
        cluster_sync();
    if constexpr (K_BLOCKS > 1)
        cluster_wait();
#endif
}

// The tile and the cluster of a launch: BM x BN tiles, CLUSTER blocks a cluster along M, or
// K_BLOCKS blocks a cluster on one tile.
struct tile_fit {
    int bm, bn, cluster, k_blocks = 1;
};

// The work of a cluster: groups of f.cluster vertically adjacent tiles.
static long long num_groups(int m, int n, struct tile_fit f)
{
    return (long long)((n + f.bn - 1) / f.bn) * (((m + f.bm - 1) / f.bm + f.cluster - 1) / f.cluster);
}

// What a shared tile costs each of its clusters, in iterations (K tiles), as in 15.
static long long fixup_iters(struct tile_fit f)
{
    return (4 * f.bm * f.bn * sizeof(float) + stage_bytes(f.bm, f.bn) - 1) / stage_bytes(f.bm, f.bn);
}
// Stream-K only where the data-parallel grid leaves more than this share of its cluster-rounds
// idle: under a power cap a fuller GPU runs at a lower clock, so a few idle SMs are not worth it.
#define MIN_IDLE_SHARE 0.10

// What a block of a schedule does one after the other, for fit_tile: the K tiles it loads and
// the partial tiles it fixes up (1 in a split-K, 2 in a stream-K range: one at each end).
struct schedule_work {
    long long k_tiles;
    int fixups;
};

// The split, from the shape, the tile and the clusters that fit at once (`resident`), as in 15;
// `work`, when given, gets what a block does in it, for fit_tile. `forced` > 0 (the --split
// option, for tests): all of it stream-K over that many clusters.
static struct stream_k_schedule choose_schedule(int m, int n, int k, struct tile_fit f, int resident, int forced,
                                                struct schedule_work *work = nullptr)
{
    const long long groups = num_groups(m, n, f), k_tiles = (k + BK - 1) / BK;
    if (f.k_blocks > 1) { // whole tiles, each over a cluster of twins: no workspace, --split does not apply
        const long long rounds = (groups + resident - 1) / resident;
        if (work)
            *work = {rounds * ((k_tiles + 1) / 2), (int)rounds};
        return {(int)persistent_units(groups, resident), (int)groups, 0};
    }
    if (forced > 0) {
        const long long all = groups * k_tiles, clusters = forced < resident ? forced : resident;
        return {(int)(clusters < all ? clusters : all), 0, (int)all};
    }
    const long long rounds = (groups + resident - 1) / resident, data_parallel = rounds * k_tiles;
    const double idle = 1.0 - (double)groups / (double)(rounds * resident);
    const struct stream_k_schedule whole = {(int)persistent_units(groups, resident), (int)groups, 0};
    struct schedule_work unused;
    struct schedule_work &w = work ? *work : unused;
    w = {data_parallel, 0};
    if (idle <= MIN_IDLE_SHARE)
        return whole;
    // Every full wave whole, unless the partial wave would leave a cluster without an iteration:
    // then the last full wave goes to the split too. Whole waves run in step over the same K
    // tiles, sharing A and B in L2; split ranges start anywhere in K and share little.
    const long long full_waves = groups / resident, partial_iters = (groups - full_waves * resident) * k_tiles;
    const long long dp_waves = full_waves > 0 && partial_iters < resident ? full_waves - 1 : full_waves;
    const long long sk_groups = groups - dp_waves * resident, sk_iters = sk_groups * k_tiles;
    const long long splits = resident / sk_groups < k_tiles ? resident / sk_groups : k_tiles;
    const long long clusters = resident < sk_iters ? resident : sk_iters;
    // Split-K only below a full wave: its grid is the split groups' clusters, too few for whole waves.
    const long long split_k = splits >= 2 && dp_waves == 0 ? (k_tiles + splits - 1) / splits + fixup_iters(f)
                                                           : data_parallel,
                    stream_k = dp_waves * k_tiles + (sk_iters + clusters - 1) / clusters + 2 * fixup_iters(f);
    if (split_k < data_parallel && split_k <= stream_k) {
        w = {(k_tiles + splits - 1) / splits, 1};
        return {(int)(sk_groups * splits), 0, (int)sk_iters};
    }
    if (stream_k < data_parallel) {
        w = {dp_waves * k_tiles + (sk_iters + clusters - 1) / clusters, 2};
        return {(int)clusters, (int)(dp_waves * resident), (int)sk_iters};
    }
    return whole;
}

// fit_tile's estimate of a fit: the clocks a block of its schedule takes, with one block per SM.
// A K tile costs its load or its math, whichever is longer: per SM, L2 delivers about
// L2_BYTES_PER_CLOCK while all SMs pull at once, and the tensor cores do MMA_FLOPS_PER_CLOCK
// (dense fp16/bf16: 512 multiply-adds a clock on each of an SM's four tensor cores). 64-row
// tiles and narrow ones are load-bound, 128 x 256 is math-bound: per byte it loads, it does twice
// a 128 x 64 tile's math.
// A fix-up writes and reads partial tiles (fp32) and waits on a flag through L2. The bytes per
// clock and the wait are fitted to the H200's M = 128 suite shapes (notes/16_hgemm_small_m.md).
// Twins send half a tile's sums over the cluster, taken to go at L2's pace, and wait as long.
// `schedule`, when given, gets the schedule the estimate is of.
#define L2_BYTES_PER_CLOCK 48.0
#define MMA_FLOPS_PER_CLOCK 4096.0
#define FIXUP_WAIT_CLOCKS 1000.0
// Two fits load their K tiles faster than one figure for L2 says: 128 x 64's loop was measured at
// three quarters of the clocks its bytes give; twins' share is fitted to every fit's time over
// the surveyed shapes with M <= 128 (both in notes/16_hgemm_small_m.md).
static double load_pace(struct tile_fit f)
{
    return f.k_blocks > 1 ? 0.8 : f.bm == 128 && f.bn == 64 ? 0.75 : 1.0;
}
static double schedule_clocks(int m, int n, int k, struct tile_fit f, int sm_count,
                              struct stream_k_schedule *schedule = nullptr)
{
    struct schedule_work w;
    const struct stream_k_schedule s = choose_schedule(m, n, k, f, sm_count / (f.cluster * f.k_blocks), 0, &w);
    if (schedule)
        *schedule = s;
    const double load = stage_bytes(f.bm, f.bn) / L2_BYTES_PER_CLOCK * load_pace(f);
    const double math = 2.0 * f.bm * f.bn * BK / MMA_FLOPS_PER_CLOCK;
    const double fixup = (f.k_blocks > 1 ? parts_bytes(f.bm, f.bn, f.k_blocks) : 4.0 * f.bm * f.bn * sizeof(float)) /
                             L2_BYTES_PER_CLOCK +
                         FIXUP_WAIT_CLOCKS;
    return w.k_tiles * (load > math ? load : math) + w.fixups * fixup;
}

// The lead of a split-K schedule (--lead; -1: this rule): the K tiles the other clusters' parts
// take to store and count in, their bytes at L2's pace and the flag's wait, so that the first
// cluster finds every part in when its own range is done (fitted to leads of 3 to 8 measured at
// four of the suite's split-K shapes, notes/16_hgemm_small_m.md). None where there is no
// split-K, in 15's 128 x 256 tiles (whose 128 KB parts stream faster through the shared fix-up,
// FIXUP_BY_TMA), where the other parts would not fit the ring at once, or where it would leave a
// cluster without a K tile.
static struct stream_k_schedule with_lead(struct stream_k_schedule s, struct tile_fit f, int k, int ring_bytes,
                                          int forced)
{
    const int k_tiles = (k + BK - 1) / BK;
    const long long sk_groups = s.sk_iters / k_tiles;
    if (s.dp_groups > 0 || sk_groups == 0 || s.clusters % sk_groups != 0 || f.k_blocks > 1 || f.bm * f.bn >= 128 * 256)
        return s;
    const int parts = (int)(s.clusters / sk_groups);
    const double load = stage_bytes(f.bm, f.bn) / L2_BYTES_PER_CLOCK * load_pace(f),
                 math = 2.0 * f.bm * f.bn * BK / MMA_FLOPS_PER_CLOCK,
                 store = f.bm * f.bn * sizeof(float) / L2_BYTES_PER_CLOCK + FIXUP_WAIT_CLOCKS;
    const int lead = forced >= 0 ? forced : (int)ceil(store / (load > math ? load : math));
    if (parts < 2 || lead <= 0 || lead > k_tiles - parts || (long long)(parts - 1) * f.bm * f.bn * 4 > ring_bytes)
        return s;
    s.lead = lead;
    s.parts = parts;
    return s;
}

// Whether a schedule scatters B's rows over K: no tile whole, and ranges that start anywhere in
// a tile (stream-K), so that no two blocks read the same rows of B at once. Ranges that end
// where tiles end, or cut them into equal parts (split-K), keep the blocks in step.
static bool scattered(const struct stream_k_schedule &s, int k)
{
    const long long sk_groups = s.sk_iters / ((k + BK - 1) / BK);
    return s.dp_groups == 0 && s.sk_iters > 0 && (sk_groups == 0 || s.clusters % sk_groups != 0);
}

// Of `count` fits, the one with the shortest estimate (the first of equal ones); with
// `from_memory`, of those whose schedule does not scatter B, if any does not. `clocks` gets its
// estimate and `schedule` its schedule.
static struct tile_fit shortest(const struct tile_fit *fit, int count, int m, int n, int k, int sm_count,
                                bool from_memory, double *clocks, struct stream_k_schedule *schedule)
{
    int best = -1;
    for (int pass = from_memory ? 0 : 1; pass < 2 && best < 0; pass++)
        for (int i = 0; i < count; i++) {
            struct stream_k_schedule s;
            const double c = schedule_clocks(m, n, k, fit[i], sm_count, &s);
            if ((pass == 1 || !scattered(s, k)) && (best < 0 || c < *clocks)) {
                best = i;
                *clocks = c;
                *schedule = s;
            }
        }
    return fit[best];
}

// The tile and cluster that fit the shape. Up to M = 64: 64-row tiles alone (a 128-row tile would
// do twice the math, half of it on rows past M), 256 columns wide, or 128 wide: twice the tiles to
// stream B with, fewer K splits and half the partial bytes each; and 64 x 64 where they keep every
// tile whole and their estimate is no longer: no fix-up, whose wait the estimate only guesses;
// above M = 32 split as well, where their 16 KB parts come back by TMA at once (finish_tile):
// measured faster there, and slower at M <= 32, where A's cut box leaves each of their K tiles few
// bytes for its turn through the ring; and 64 x 128 over twins where those tiles fill no more than
// one round of clusters and their estimate is shorter still: each block does half the K tiles, and
// the halves meet in shared memory, not in L2; where B streams from memory, 64 x 256 twins where
// they keep as many blocks busy (twins_if_from_memory). Up to M = 128: one 128-row tile alone,
// which loads B once for all of M where two 64-row tiles would load it twice and a pair of 128-row
// tiles would hold an empty one; 256 columns wide where there are tiles enough, 128 or 64 where the
// wide ones would split K into short parts; 192 wide where those tiles all go whole and their
// estimate is shorter still: a third more blocks than 256-column tiles, each with three quarters of
// the bytes a K tile. Split, their fix-ups cost more than the estimate says (128 x 2112 x 7168: 11
// tiles, each in 12 parts; notes/16_hgemm_small_m.md). Where B is larger than the L2 and streams
// from memory, no fit whose schedule scatters B (scattered) if another fit does not: the memory
// serves blocks that read the same rows of B at once faster than blocks each at its own place in K,
// more than the estimate's few clocks apart weigh. Above M = 64 only 128 x 128 may replace a
// scattered fit (below). An odd few tile rows: 128-row tiles, one block each, where pairs would
// leave a block with an empty tile; and no more tiles than SMs: one round, where a pair saves L2
// traffic that nothing waits for and adds the cluster's start and lock-step. Else 15's pairs of
// 128-row tiles sharing B. Above M = 128, 128 x 192 tiles alone where they cover N with fewer
// padded columns than 256-column ones (N = 2112: none, where the ninth 256-column tile computes 192
// columns past N); alone, as they ran faster than in pairs (notes/16_hgemm_small_m.md). Not
// 128 x 128 twins (--tile 12) where B streams from memory: their time follows the SM clock, and
// at the clock the GPU settles to under that load they ran slower at most shapes measured.
static int padded(int n, int bn) { return (n + bn - 1) / bn * bn; }

// Twins of a tile in place of the fit `pick` where B streams from memory, the twins' clusters
// take one round and they keep as many blocks busy as pick's schedule: both then read B once, at
// the memory's pace, and the twins add their halves up in shared memory where pick's split
// tiles, if any, send their parts through L2.
static struct tile_fit twins_if_from_memory(int m, int n, int k, struct tile_fit twins, struct tile_fit pick,
                                            int sm_count, bool from_memory)
{
    struct stream_k_schedule s;
    schedule_clocks(m, n, k, pick, sm_count, &s);
    const long long groups = num_groups(m, n, twins);
    if (from_memory && k > BK && groups <= sm_count / 2 && 2 * groups >= (long long)s.clusters * pick.cluster)
        return twins;
    return pick;
}

static struct tile_fit fit_tile(int m, int n, int k, int sm_count, size_t l2_bytes)
{
    const int tile_rows = (m + 127) / 128;
    if (m <= 128) {
        const bool from_memory = (size_t)k * n * 2 > l2_bytes;
        const struct tile_fit to_64[] = {{64, 256, 1}, {64, 128, 1}}, to_128[] = {{128, 256, 1}, {128, 128, 1}, {128, 64, 1}};
        if (sm_count < 2)
            return m <= 64 ? to_64[0] : to_128[0]; // the shape checks, before the GPU is known: any fit, the grid is not launched
        double clocks;
        struct stream_k_schedule best_schedule;
        if (m > 64) {
            const struct tile_fit best = shortest(to_128, 3, m, n, k, sm_count, false, &clocks, &best_schedule);
            const struct tile_fit wide = {128, 192, 1}; // only with every tile whole (above)
            struct stream_k_schedule s;
            struct tile_fit pick = best;
            if (schedule_clocks(m, n, k, wide, sm_count, &s) < clocks && s.sk_iters == 0)
                pick = wide;
            else if (from_memory && scattered(best_schedule, k)) {
                // Not 128 x 64: where it would keep the blocks in step, its K loop, slower than
                // its bytes at long K, cost more than the scatter (notes/16_hgemm_small_m.md).
                schedule_clocks(m, n, k, to_128[1], sm_count, &s);
                if (!scattered(s, k))
                    pick = to_128[1];
            }
            return pick;
        }
        const struct tile_fit best = shortest(to_64, 2, m, n, k, sm_count, from_memory, &clocks, &best_schedule);
        const struct tile_fit narrow = {64, 64, 1}, twins = {64, 128, 1, 2};
        struct stream_k_schedule s;
        const double narrow_clocks = schedule_clocks(m, n, k, narrow, sm_count, &s);
        const bool whole_narrow = s.sk_iters == 0 && narrow_clocks <= clocks;
        const double pick_clocks = whole_narrow ? narrow_clocks : clocks;
        const bool one_round = num_groups(m, n, twins) <= sm_count / 2;
        if (one_round && k > BK && schedule_clocks(m, n, k, twins, sm_count) < pick_clocks)
            return twins;
        const struct tile_fit pick =
            whole_narrow || (m > 32 && narrow_clocks <= clocks && !(from_memory && scattered(s, k))) ? narrow : best;
        return twins_if_from_memory(m, n, k, {64, 256, 1, 2}, pick, sm_count, from_memory);
    }
    if (padded(n, 192) < padded(n, 256))
        return {128, 192, 1};
    if (tile_rows % 2 == 1 && tile_rows < 8)
        return {128, 256, 1};
    if (num_groups(m, n, {128, 256, 1}) <= sm_count)
        return {128, 256, 1};
    return {128, 256, 2};
}

// The fits a launch may take, in the order --tile numbers them (1..13, for tests and to measure
// one against another), and the fit of a launch: --tile's, or fit_tile's.
static const struct tile_fit fits[] = {{128, 256, 2}, {128, 256, 1}, {64, 256, 2},    {64, 256, 1},
                                       {64, 128, 2},  {64, 128, 1},  {64, 64, 1},     {128, 64, 1},
                                       {128, 128, 1}, {64, 128, 1, 2}, {128, 192, 1}, {128, 128, 1, 2}, {64, 256, 1, 2}};

// Twins need a K tile each: with one, the fit's tile alone.
static struct tile_fit fit_of(int m, int n, int k, const struct launch_opts *opts)
{
    const int forced = launch_option(opts, "tile");
    const struct tile_fit f = forced > 0 ? fits[forced - 1] : fit_tile(m, n, k, opts->sm_count, opts->l2_bytes);
    return f.k_blocks > 1 && k <= BK ? tile_fit{f.bm, f.bn, 1} : f;
}

// One fit as a type, so that a lambda can name the kernel instance of it (F::bm, F::bn,
// F::cluster, F::k_blocks).
template <int BM, int BN, int CLUSTER, int K_BLOCKS = 1>
struct fit_instance {
    static constexpr int bm = BM, bn = BN, cluster = CLUSTER, k_blocks = K_BLOCKS;
};

// Calls fn with the fit_instance of f: the one place the fits become template arguments.
template <typename F>
static cudaError_t with_fit(struct tile_fit f, F fn)
{
    if (f.k_blocks > 1)
        return f.bm == 128 ? fn(fit_instance<128, 128, 1, 2>{})
                           : (f.bn == 256 ? fn(fit_instance<64, 256, 1, 2>{}) : fn(fit_instance<64, 128, 1, 2>{}));
    if (f.bn == 64)
        return f.bm == 128 ? fn(fit_instance<128, 64, 1>{}) : fn(fit_instance<64, 64, 1>{});
    if (f.bm == 128 && f.bn == 128)
        return fn(fit_instance<128, 128, 1>{});
    if (f.bn == 192)
        return fn(fit_instance<128, 192, 1>{});
    if (f.bm == 128)
        return f.cluster == 1 ? fn(fit_instance<128, 256, 1>{}) : fn(fit_instance<128, 256, 2>{});
    if (f.bn == 256)
        return f.cluster == 1 ? fn(fit_instance<64, 256, 1>{}) : fn(fit_instance<64, 256, 2>{});
    return f.cluster == 1 ? fn(fit_instance<64, 128, 1>{}) : fn(fit_instance<64, 128, 2>{});
}

// Every block of the grid may share two tiles: two partial tiles each, and one flag.
static size_t workspace_size(const struct stream_k_schedule &s, struct tile_fit f)
{
    return s.sk_iters > 0 ? (size_t)f.cluster * s.clusters * (2 * f.bm * f.bn * sizeof(float) + sizeof(int)) : 0;
}

// The most blocks the launcher may start: one per SM (in pairs or not).
GEMM_GRID(gemm_grid)
{
    const struct tile_fit f = fit_of(m, n, k, opts);
    const int cluster = f.cluster * f.k_blocks;
    return {cluster * (opts->sm_count / cluster), 1, 1};
}

// The ring, the two C halves, the twin's part and the 1024 bytes the ring's alignment may need;
// main.c checks the largest, that of the 128 x 256 tiles.
static int smem_bytes(int stages, int bm, int bn, int k_blocks = 1)
{
    return stages * stage_bytes(bm, bn) + 2 * c_slab_bytes(bn) + parts_bytes(bm, bn, k_blocks) + 1024;
}
static int smem_bytes(int stages) { return smem_bytes(stages, 128, 256); }

// 384 threads, the ring's and C's shared memory, clusters, sm_90a only; the grid is the schedule's.
template <int STAGES, int BM, int BN, int CLUSTER, int K_BLOCKS>
static struct kernel_config config_of()
{
    return {384, smem_bytes(STAGES, BM, BN, K_BLOCKS), CLUSTER * K_BLOCKS, true, 0};
}

// The schedule of a launch of one kernel instance: the clusters of it that fit at once.
template <int STAGES, int BM, int BN, int CLUSTER, int K_BLOCKS>
static cudaError_t schedule_for(int m, int n, int k, const struct launch_opts *opts, struct stream_k_schedule *s)
{
    int resident;
    cudaError_t err = configure_kernel<hgemm_small_m<__half, STAGES, BM, BN, CLUSTER, K_BLOCKS>>(
        config_of<STAGES, BM, BN, CLUSTER, K_BLOCKS>(), opts, &resident);
    if (err == cudaSuccess)
        *s = with_lead(choose_schedule(m, n, k, {BM, BN, CLUSTER, K_BLOCKS}, resident, launch_option(opts, "split")),
                       {BM, BN, CLUSTER, K_BLOCKS}, k, STAGES * stage_bytes(BM, BN), launch_option(opts, "lead"));
    return err;
}

// The same for the --stages value and the launch's fit (--info and the workspace size, outside
// the launches).
template <int STAGES = 2>
static cudaError_t schedule_of(int stages, int m, int n, int k, const struct launch_opts *opts,
                               struct stream_k_schedule *s)
{
    if constexpr (STAGES > 4)
        return cudaErrorInvalidValue;
    else if (stages != STAGES)
        return schedule_of<STAGES + 1>(stages, m, n, k, opts, s);
    else
        return with_fit(fit_of(m, n, k, opts), [&](auto fit) {
            using F = decltype(fit);
            return schedule_for<ring_depth(STAGES, F::bm, F::bn, F::k_blocks), F::bm, F::bn, F::cluster, F::k_blocks>(
                m, n, k, opts, s);
        });
}

template <typename T, int STAGES, int BM, int BN, int CLUSTER, int K_BLOCKS>
static cudaError_t launch_fit(const void *A, const void *B, void *C, int m, int n, int k, enum dtype t,
                              const struct launch_opts *opts, cudaStream_t stream)
{
    struct stream_k_schedule s;
    cudaError_t err = schedule_for<STAGES, BM, BN, CLUSTER, K_BLOCKS>(m, n, k, opts, &s);
    if (err != cudaSuccess)
        return err;
    if (workspace_size(s, {BM, BN, CLUSTER}) > opts->workspace_bytes)
        return cudaErrorInvalidValue; // the harness allocated what workspace_bytes asked for
    // The partial tiles, two per block, then one flag per block.
    float *partials = static_cast<float *>(opts->workspace);
    int *flags = reinterpret_cast<int *>(partials + (size_t)CLUSTER * s.clusters * 2 * BM * BN);
    const struct gemm_tensor_maps maps = gemm_tensor_maps(A, B, C, t, m, n, k, a_box_rows(m, BM), 64); // C in boxes of 64 x 64
    return launch_kernel<hgemm_small_m<T, STAGES, BM, BN, CLUSTER, K_BLOCKS>>(
        config_of<STAGES, BM, BN, CLUSTER, K_BLOCKS>(), {CLUSTER * K_BLOCKS * s.clusters, 1, 1}, opts, stream, *maps.A,
        *maps.B, *maps.C, m, n, k, s, static_cast<T *>(C), partials, flags);
}

template <typename T, int STAGES>
static cudaError_t launch_stages(const void *A, const void *B, void *C, int m, int n, int k, enum dtype t,
                                 const struct launch_opts *opts, cudaStream_t stream)
{
    return with_fit(fit_of(m, n, k, opts), [&](auto fit) {
        using F = decltype(fit);
        return launch_fit<T, ring_depth(STAGES, F::bm, F::bn, F::k_blocks), F::bm, F::bn, F::cluster, F::k_blocks>(
            A, B, C, m, n, k, t, opts, stream);
    });
}

STAGED_LAUNCHERS(2, 4)

GEMM_WORKSPACE(workspace_bytes)
{
    struct stream_k_schedule s;
    return schedule_of(launch_option(opts, "stages"), m, n, k, opts, &s) == cudaSuccess
               ? workspace_size(s, fit_of(m, n, k, opts))
               : 0;
}

GEMM_SCHEDULE(schedule)
{
    struct stream_k_schedule s;
    if (schedule_of(launch_option(opts, "stages"), m, n, k, opts, &s) != cudaSuccess) {
        snprintf(text, size, "no schedule: the kernel cannot be configured on this GPU");
        return;
    }
    const struct tile_fit f = fit_of(m, n, k, opts);
    const int depth = ring_depth(launch_option(opts, "stages"), f.bm, f.bn, f.k_blocks);
    const long long groups = num_groups(m, n, f), k_tiles = (k + BK - 1) / BK;
    const long long sk_groups = s.sk_iters / k_tiles, range = s.sk_iters > 0 ? (s.sk_iters + s.clusters - 1) / s.clusters : 0;
    // Ranges end where tiles end when every group gets the same number of clusters.
    char split[96] = "stream-K";
    if (sk_groups > 0 && s.clusters % sk_groups == 0)
        snprintf(split, sizeof split, "split-K (%lld clusters a group", s.clusters / sk_groups);
    if (sk_groups > 0 && s.clusters % sk_groups == 0 && s.lead > 0)
        snprintf(split + strlen(split), sizeof split - strlen(split), ", the first %d K tiles ahead)", s.lead);
    else if (sk_groups > 0 && s.clusters % sk_groups == 0)
        snprintf(split + strlen(split), sizeof split - strlen(split), ")");
    snprintf(text, size,
             "%lld groups of %d tiles %dx%d (a ring of %d stages of %u KB), %lld K tiles each, on %d clusters of %d: %d "
             "groups whole (data-parallel%s), %lld groups %s (%lld iterations, up to %lld a cluster); workspace %zu bytes",
             groups, f.cluster, f.bm, f.bn, depth, stage_bytes(f.bm, f.bn) / 1024, k_tiles, s.clusters,
             f.cluster * f.k_blocks, s.dp_groups, f.k_blocks > 1 ? ", each over twins that halve its K tiles" : "",
             sk_groups, split, (long long)s.sk_iters, range, workspace_size(s, f));
}
