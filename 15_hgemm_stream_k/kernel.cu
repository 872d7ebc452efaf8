// Step 15: step 14 with stream-K. The work is counted in MAC-loop iterations (one group of
// tiles times one K tile) and the clusters share it out evenly: the full waves of groups stay
// whole (data-parallel, as in 14), and what is left is cut into equal, contiguous ranges of
// iterations: ranges that end where tiles end when each tile is cut into equal parts (split-K),
// and that may start and end inside a tile otherwise. A block that does only part of a tile's
// K tiles writes its fp32 sums to a workspace slot and counts itself in on the tile's flag; once
// its range is done, every block that shared the tile adds up its own share of the tile from
// all their slots, in a fixed order (so the result is the same, bit for bit, on every run), and
// stores it. The launcher plans the split once a shape, by a rule from the shape and the SMs
// (plan_for, in common/kernel/schedule.h beside the walk), and hands the plan to the workspace,
// the launch and --info alike (plan_of). The whole waves are priced as sharing A and B in L2, so
// they are kept in step: no block starts its tile of a wave before all have nearly finished the
// wave before (wave_step).
#include "launch.h"
#include "ptx.cuh"
#include "schedule.h"
#include "step_launch.cuh"
#include "swizzle.h"
#include "tma.h"

#include <stdio.h>

#define BM 128
#define BN 256
#define BK 64 // one 128-byte row of A per tile: the widest box the 128-byte swizzle takes
#ifndef CLUSTER
#define CLUSTER 2 // blocks of a cluster: tile rows CLUSTER p .. CLUSTER p + CLUSTER - 1 of one tile column
#endif

// One stage of the ring: A 128 x 64 (16 KB), then B 64 x 256 as four 64 x 64 boxes of 64
// columns each (8 KB each): the 128-byte swizzle takes boxes of at most 128-byte rows.
constexpr uint32_t A_BYTES = BM * BK * 2, B_BOX_BYTES = BK * 64 * 2, STAGE_BYTES = A_BYTES + 4 * B_BOX_BYTES;
static_assert(STAGE_BYTES % 1024 == 0, "each tile must start on a 1024-byte swizzle atom");
static_assert(CLUSTER >= 1 && 4 % CLUSTER == 0, "the four B boxes split evenly over the cluster");
// C is staged per consumer warpgroup, half of its 64 x 256 slab at a time: 64 x 128 halves,
// 16 KB, as two 64 x 64 boxes (8 KB each) swizzled as the C tensor map's 128-byte swizzle
// expects, so that the TMA store reads them back as they are. Two of them beside four 48 KB
// stages still fit the 227 KB a block may have.
constexpr int C_COLS = 128;
constexpr uint32_t C_BOX_BYTES = 64 * 64 * 2, C_SLAB_BYTES = C_COLS / 64 * C_BOX_BYTES;

// 384 threads = 3 warpgroups: warpgroup 0 produces, consumer warpgroup wg = 0, 1 (warpgroups 1
// and 2) owns rows 64wg..64wg+63 of the block's C tile, all 256 columns: two m64n128
// accumulators of 64 fp32 registers each per thread. The register cap at entry (65536 / 384 =
// 168) is what setmaxnreg redistributes: 128 x 40 + 256 x 232 registers fit the SM's 65536.
// One template serves __half and __nv_bfloat16: only the wgmma type and the output packing differ.
#define PRODUCER_REGS 40
#define CONSUMER_REGS 232

template <typename T, int STAGES>
__global__ void __launch_bounds__(384, 1)
hgemm_stream_k(const __grid_constant__ CUtensorMap tmap_A, const __grid_constant__ CUtensorMap tmap_B,
            const __grid_constant__ CUtensorMap tmap_C, int M, int N, int K, const struct plan plan,
            T *C, float *partials, int *flags, int *wave_count)
{
#if defined(__CUDA_ARCH_FEAT_SM90_ALL) // other targets compile an empty kernel: the harness never launches it there
    // The ring, rounded up to a 1024-byte boundary (the swizzle atom), then the C staging of the
    // two consumer warpgroups. The offsets are the same in every block of the cluster, so a
    // multicast lands at its twins.
    extern __shared__ unsigned char smem_raw[];
    __shared__ uint64_t full[STAGES];  // slot s holds its tile once this phase completes
    __shared__ uint64_t empty[STAGES]; // slot s is free in every block once this phase completes
    const uint32_t ring = (smem_addr(smem_raw) + 1023) & ~1023u, c_stage = ring + STAGES * STAGE_BYTES;

    // warp_id from lane 0 by shuffle: the compiler then knows it is the same in all 32 lanes and
    // builds the wgmma descriptors, which depend on it, in the uniform datapath that wgmma reads
    // them from (gdesc[UR]), rather than per lane and then moved across.
    const int tid = threadIdx.x, lane = tid % 32, warp_id = __shfl_sync(0xffffffffu, tid / 32, 0);
    const int wg = warp_id / 4 - 1, warp_in_wg = warp_id % 4; // wg -1: the producer
    const uint32_t rank = cluster_ctarank();
    // The work is counted in groups of CLUSTER vertically adjacent tiles, one per cluster at a
    // time: groups_m rows of groups by tiles_n columns. The cluster takes the units of its
    // walk (plan), each group in grouped rows (swizzle.h), and its block of rank r the tile row
    // CLUSTER p + r of group row p.
    const int tiles_n = (N + BN - 1) / BN, groups_m = ((M + BM - 1) / BM + CLUSTER - 1) / CLUSTER;
    const int cluster = blockIdx.x / CLUSTER;
    const int num_k_tiles = (K + BK - 1) / BK; // TMA zero-fills the K tail of the last tile

    if (tid == 0) {
        for (int s = 0; s < STAGES; s++) {
            mbarrier_init(smem_addr(&full[s]), 1); // one arrival (the producer's expect_tx) + the bytes
            // one arrival from each of the 8 consumer warps of every block: each producer
            // multicasts into the other blocks' slots too, so all must have let go of it
            mbarrier_init(smem_addr(&empty[s]), 8 * CLUSTER);
        }
        fence_mbarrier_init();
    }
    cluster_sync(); // every block's barriers are ready before any copy or remote arrival reaches them

    // The producer's elected thread: the copies of K tile kt of tile (bx, by) into slot s. 48 KB
    // land there: this block's A, and all four B boxes, B_BOXES_PER_RANK multicast by each
    // block. Another block's boxes may land before this expect_tx: the barrier's byte count then
    // runs below zero for a while, and the phase cannot complete before this arrival all the same.
    auto load_tile = [&](int s, int kt, int bx, int by) {
        constexpr int B_BOXES_PER_RANK = 4 / CLUSTER;
        const uint32_t slot = ring + s * STAGE_BYTES, bar = smem_addr(&full[s]);
        mbarrier_arrive_expect_tx(bar, STAGE_BYTES);
        tma_load_2d(slot, &tmap_A, kt * BK, by * BM, bar);
        for (int j = rank * B_BOXES_PER_RANK; j < (rank + 1) * B_BOXES_PER_RANK; j++)
            tma_load_2d_multicast(slot + A_BYTES + j * B_BOX_BYTES, &tmap_B, bx * BN + 64 * j, kt * BK, bar,
                                  (1u << CLUSTER) - 1);
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
            struct work_walk walk = walk_of(plan, cluster, num_k_tiles);
            struct work_unit w;
            const struct wave_step waves = wave_step_of(plan, wave_count, gridDim.x, STAGES);
            while (walk.next(w)) {
                const struct tile_coord c = grouped_rows(w.group, groups_m, tiles_n);
                waves.wait(w.group);
                const int arrival = waves.arrival(w.group, num_k_tiles);
                for (int kt = w.k_begin; kt < w.k_end; kt++, it++) {
                    const int s = it % STAGES;
                    mbarrier_wait_parity(smem_addr(&empty[s]), ((it / STAGES) & 1) ^ 1);
                    if (kt == arrival)
                        waves.arrive();
                    load_tile(s, kt, c.bx, CLUSTER * c.by + rank);
                }
            }
            waves.leave();
        }
        // Waits for the consumers' last remote arrivals, as they wait at the end of the kernel.
        cluster_sync();
        return;
    }
    setmaxnreg_inc<CONSUMER_REGS>();

    // This warpgroup's 64 x 256 slab as two halves, columns 0..127 and 128..255, each its own
    // m64n128 accumulator and its own wgmma group: one half can leave for shared memory while
    // the tensor cores still work on the other. Not zeroed: the first wgmma of each tile ignores
    // the accumulators (scale-d = 0), and zeroing them would be a non-wgmma write that makes
    // ptxas serialise every wgmma.
    float sum[2][64];
    const uint32_t c_slab = c_stage + wg * C_SLAB_BYTES;
    const bool c_issuer = tid % 128 == 0; // one thread per consumer warpgroup issues its TMA stores

    // Descriptors of k-step ks (16 of the tile's 64). A, K-major: this warpgroup's 64 rows
    // start 64 x 128 bytes in; the 16 k of step ks are 32 bytes along each row (the hardware
    // swizzles the final address, so a start inside the atom reads the right chunks); the
    // 8-row groups are 1024 bytes apart. B, MN-major: k rows 16ks.. start 16ks x 128 bytes in;
    // half h is boxes 2h and 2h + 1, 8 KB apart (leading offset), its 8-row groups 1024 bytes.
    // Both are built once, for slot 0 and k-step 0, and moved on to a slot and a k-step by the
    // bytes between (the slot's once per K tile, the k-step's a constant of the unrolled loop).
    const uint64_t desc_a0 = wgmma_desc_sw128(ring + wg * 64 * 128, 16, 1024);
    const uint64_t desc_b0 = wgmma_desc_sw128(ring + A_BYTES, B_BOX_BYTES, 1024);
    auto desc_a = [&](uint32_t slot, int ks) { return wgmma_desc_add(wgmma_desc_add(desc_a0, slot - ring), ks * 32); };
    auto desc_b = [&](uint32_t slot, int ks, int h) {
        return wgmma_desc_add(wgmma_desc_add(desc_b0, slot - ring), 2 * h * B_BOX_BYTES + ks * 16 * 128);
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
    // Slot s of K tile `it` once its copies have landed: the (it / STAGES)-th use of slot s. Its
    // address from lane 0, as warp_id: `it` runs over the walk's ranges, which come out of
    // divisions the compiler cannot see are the same in every lane, and the descriptors built
    // from a per-lane address would be moved to the uniform registers before every wgmma. The
    // shuffle before the wait, so that its latency is not added to the wait's.
    auto wait_full = [&](int it) {
        const int s = it % STAGES;
        const uint32_t slot = __shfl_sync(0xffffffffu, ring + s * STAGE_BYTES, 0);
        mbarrier_wait_parity(smem_addr(&full[s]), (it / STAGES) & 1);
        return slot;
    };
    // Half h of the slab over one K tile: four k-steps, one wgmma each.
    auto mma_half = [&](float (&acc)[64], uint32_t slot, int h, bool accumulate) {
#pragma unroll
        for (int ks = 0; ks < BK / 16; ks++)
            wgmma<T, 128>(acc, desc_a(slot, ks), desc_b(slot, ks, h), accumulate || ks > 0);
    };

    // A tile this block does part of: its sums go to one of its two workspace slots, laid out as
    // the tile's rows in C (kind 1: the part from the tile's first K tile, where the range ends;
    // kind 0: a part further in, where the range starts), then it counts itself in on the tile's
    // flag, that of the tile's first cluster (it is the first of one such tile at most). Each
    // store of a warp is 8 rows x 32 bytes: whole sectors.
    const int ct = tid - 128; // 0..255: the consumer threads
    auto slot_of = [&](int from, int kind) { return partials + ((size_t)(from * CLUSTER + rank) * 2 + kind) * BM * BN; };
    auto flag_of = [&](struct tile_share sh) { return &flags[sh.first * CLUSTER + rank]; };
    auto send_partial = [&](int group, int kind) {
        float *slot = slot_of(cluster, kind);
#pragma unroll
        for (int h = 0; h < 2; h++)
#pragma unroll
            for (int j = 0; j < 16; j++) {
                const struct smem_pos d = wgmma_d(warp_in_wg, j, lane);
                float *p = slot + (size_t)(wg * 64 + d.row) * BN + h * 128 + d.col;
                __stcg(reinterpret_cast<float2 *>(p), make_float2(sum[h][4 * j], sum[h][4 * j + 1]));
                __stcg(reinterpret_cast<float2 *>(p + 8 * BN), make_float2(sum[h][4 * j + 2], sum[h][4 * j + 3]));
            }
        // Every consumer thread's sums are written before the count goes up (release is
        // cumulative over the writes the barrier ordered before it).
        named_barrier_sync(3, 256);
        if (ct == 0)
            flag_arrive(flag_of(sharers_of(plan, group - plan.dp_groups, num_k_tiles)));
    };
    // Once the range is done, a tile this block did part of: when all of the tile's `parts`
    // clusters have counted in, each adds up its own 1/parts of the tile (its rows in C, 4
    // columns at a time) over all their slots in cluster order, a fixed order: the same bits on
    // every run. Each reads one tile's worth, where a lone finisher would read them all. The
    // last to count out clears the flag for the next launch.
    auto finish_tile = [&](int group) {
        const struct tile_coord c = grouped_rows(group, groups_m, tiles_n);
        const int by = CLUSTER * c.by + rank;
        const struct tile_share sh = sharers_of(plan, group - plan.dp_groups, num_k_tiles);
        const int parts = sh.last - sh.first + 1;
        int *flag = flag_of(sh);
        if (ct == 0)
            while (flag_acquire(flag) < parts) {
            }
        named_barrier_sync(3, 256); // what the acquire made visible, for all consumer threads
        // This block's share of the tile: quads i = begin, begin + 256, ... below end for thread
        // ct, taken 8 at a time. All 8 loads from one part are issued before their adds, and
        // four parts at a time: the adds wait for L2 a few times, not once per part and quad.
        const int rows = min(BM, M - by * BM), quads = min(BN, N - c.bx * BN) / 4; // N is a multiple of 8
        const int total = rows > 0 ? rows * quads : 0, share = cluster - sh.first;
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
        if (ct == 0 && atomicAdd(flag, 1) == 2 * parts - 1)
            *flag = 0;
    };

    // Half h of tile (bx, by) to C: registers -> the staging slab -> one TMA store per box. Each
    // stmatrix.x4 stores 16 columns of the D fragment; in the 128-byte swizzle the 8 rows of each
    // of its 8 x 8 matrices get chunks c ^ 0..7: all 32 banks, no conflict.
    auto store_half = [&](const float (&acc)[64], int h, int bx, int by) {
        const int c_row = by * BM + wg * 64;
        // The slab may still be read by this warpgroup's previous TMA store.
        if (c_issuer)
            bulk_wait_group_read<0>();
        named_barrier_sync(1 + wg, 128);
#pragma unroll
        for (int j = 0; j < C_COLS / 16; j++) {
            const struct smem_pos p = stmatrix_d(warp_in_wg, j, lane);
            stmatrix_x4(c_slab + tma_box_offset(p.row, p.col, 64), pack2_rn<T>(acc[8 * j], acc[8 * j + 1]),
                        pack2_rn<T>(acc[8 * j + 2], acc[8 * j + 3]), pack2_rn<T>(acc[8 * j + 4], acc[8 * j + 5]),
                        pack2_rn<T>(acc[8 * j + 6], acc[8 * j + 7]));
        }
        fence_proxy_async_shared(); // these generic-proxy writes are read next by the TMA store
        named_barrier_sync(1 + wg, 128);
        // Committed and not waited for here; TMA writes only what lies inside C.
        if (c_issuer && c_row < M) {
            for (int b = 0; b < C_COLS / 64; b++)
                if (bx * BN + h * C_COLS + 64 * b < N)
                    tma_store_2d(&tmap_C, bx * BN + h * C_COLS + 64 * b, c_row, c_slab + b * C_BOX_BYTES);
            bulk_commit_group();
        }
    };

    // The consumers count K tiles as the producer does: `it` runs on across this block's tiles.
    // The tile whose right half is still in registers, once there is one (held_bx >= 0); the
    // groups this block did the first part and a later part of, to finish at the end.
    int it = 0, held_bx = -1, held_by = 0, first_part = -1, later_part = -1;
    struct work_walk walk = walk_of(plan, cluster, num_k_tiles);
    struct work_unit w;
    while (walk.next(w)) {
        const struct tile_coord c = grouped_rows(w.group, groups_m, tiles_n);
        const int by = CLUSTER * c.by + rank; // may lie past M, when the tile rows are fewer: then nothing is stored
        // The unit's first K tile: the previous tile's right half leaves while this tile's left half is computed.
        uint32_t slot = wait_full(it);
        wgmma_fence(); // the accumulators were last read by the epilogue
        mma_half(sum[0], slot, 0, false);
        wgmma_commit_group();
        if (held_bx >= 0) {
            // Returns at once: only the group above is in flight, all before it retired at the
            // previous tile's end. Without it ptxas would make the stores below wait for that group.
            wgmma_wait_group<1>();
            store_half(sum[1], 1, held_bx, held_by);
        }
        wgmma_fence(); // the stores above read the registers the next wgmma overwrite
        mma_half(sum[1], slot, 1, false);
        wgmma_commit_group();
        for (int kt = w.k_begin + 1; kt < w.k_end; kt++) {
            slot = wait_full(++it);
            wgmma_fence();
            mma_half(sum[0], slot, 0, true);
            wgmma_commit_group();
            mma_half(sum[1], slot, 1, true);
            wgmma_commit_group();
            // Keep this K tile's two groups in flight; once the two before them have retired,
            // the previous slot is free.
            wgmma_wait_group<2>();
            release((it - 1) % STAGES);
        }
        // A whole tile, as in 14: the left half is final while the right half's last group may
        // still run: store it, then hand the last slot back and keep the right half for the next
        // unit's first K tile. A part of a tile: all of it goes to the workspace, and the last
        // slot goes back.
        const bool whole = w.k_begin == 0 && w.k_end == num_k_tiles;
        wgmma_wait_group<1>(); // unconditional: ptxas serialises every wgmma when it cannot see the group retired
        if (whole)
            store_half(sum[0], 0, c.bx, by);
        wgmma_wait_group<0>();
        release(it % STAGES);
        it++;
        if (!whole) { // its other parts come from the clusters beside this one
            send_partial(w.group, w.k_begin == 0);
            (w.k_begin == 0 ? first_part : later_part) = w.group;
            held_bx = -1;
            continue;
        }
        held_bx = c.bx;
        held_by = by;
    }
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
    // No block leaves while another of its cluster may still multicast into it or arrive on its
    // barriers.
    cluster_sync();
#endif
}

// The work of a cluster: groups of CLUSTER vertically adjacent tiles.
static long long num_groups(int m, int n)
{
    return (long long)((n + BN - 1) / BN) * (((m + BM - 1) / BM + CLUSTER - 1) / CLUSTER);
}

// What a part of a shared tile costs its cluster, in iterations (K tiles): a tile of fp32 sums
// crosses L2 twice (the part written, then the cluster's share of every part read back), and
// the cluster waits for the tile's slowest part: costed as loading four times the tile's fp32
// bytes of stages.
constexpr int FIXUP_ITERS = (4 * BM * BN * sizeof(float) + STAGE_BYTES - 1) / STAGE_BYTES;

// The blocks that may share two tiles: under stream-K every block of the grid, else none.
static size_t sharing_blocks(const struct plan &p) { return p.sk_iters > 0 ? (size_t)CLUSTER * p.clusters : 0; }

// Two partial tiles and one flag for each sharing block, then the counter that keeps the whole
// waves in step (wave_step).
static size_t workspace_size(const struct plan &p)
{
    return sharing_blocks(p) * (2 * BM * BN * sizeof(float) + sizeof(int)) + sizeof(int);
}

// The most blocks the launcher may start: one per SM, in clusters of CLUSTER.
GEMM_GRID(gemm_grid)
{
    (void)m;
    (void)n;
    (void)k;
    return {CLUSTER * (opts->sm_count / CLUSTER), 1, 1};
}

// The ring, the two C halves and the 1024 bytes the ring's alignment may need.
static int smem_bytes(int stages) { return stages * STAGE_BYTES + 2 * C_SLAB_BYTES + 1024; }

// 384 threads, the ring's and C's shared memory, clusters, sm_90a only; the grid is the plan's.
template <int STAGES>
static struct kernel_config config_of() { return {384, smem_bytes(STAGES), CLUSTER, true, 0}; }

// The plan of a launch of one kernel instance, on the clusters of it that fit at once.
template <int STAGES>
static cudaError_t plan_of_instance(int m, int n, int k, const struct launch_opts *opts, struct plan *p)
{
    int resident;
    cudaError_t err = configure_kernel<hgemm_stream_k<__half, STAGES>>(config_of<STAGES>(), opts, &resident);
    if (err == cudaErrorInsufficientDriver || err == cudaErrorNoDevice) { // --info with no GPU: a block an SM
        resident = opts->sm_count / CLUSTER;
        err = cudaSuccess;
    }
    if (err == cudaSuccess)
        *p = plan_for(num_groups(m, n), (k + BK - 1) / BK, resident, FIXUP_ITERS, launch_option(opts, "split"));
    return err;
}

// The one hook: the plan for the --stages value, which the launch, the workspace and --info take.
template <int STAGES = 2>
static cudaError_t plan_of(int stages, int m, int n, int k, const struct launch_opts *opts, struct plan *p)
{
    if constexpr (STAGES > 4)
        return cudaErrorInvalidValue;
    else if (stages != STAGES)
        return plan_of<STAGES + 1>(stages, m, n, k, opts, p);
    else
        return plan_of_instance<STAGES>(m, n, k, opts, p);
}

template <typename T, int STAGES>
static cudaError_t launch_stages(const void *A, const void *B, void *C, int m, int n, int k, enum dtype t,
                                 const struct launch_opts *opts, cudaStream_t stream)
{
    struct plan p;
    cudaError_t err = plan_of(STAGES, m, n, k, opts, &p);
    if (err != cudaSuccess)
        return err;
    if (workspace_size(p) > opts->workspace_bytes)
        return cudaErrorInvalidValue; // the harness allocated what workspace_bytes asked for
    // The partial tiles, two per block, then one flag per block (none without stream-K), then the
    // waves' counter.
    const size_t sharing = sharing_blocks(p);
    float *partials = static_cast<float *>(opts->workspace);
    int *flags = reinterpret_cast<int *>(partials + sharing * 2 * BM * BN);
    const struct gemm_tensor_maps maps = gemm_tensor_maps(A, B, C, t, m, n, k, BM, 64); // C in boxes of 64 x 64
    return launch_kernel<hgemm_stream_k<T, STAGES>>(config_of<STAGES>(), {CLUSTER * p.clusters, 1, 1}, opts,
                                                    stream, *maps.A, *maps.B, *maps.C, m, n, k, p, static_cast<T *>(C),
                                                    partials, flags, flags + sharing);
}

STAGED_LAUNCHERS(2, 4)

GEMM_WORKSPACE(workspace_bytes)
{
    struct plan p;
    return plan_of(launch_option(opts, "stages"), m, n, k, opts, &p) == cudaSuccess ? workspace_size(p) : 0;
}

GEMM_SCHEDULE(schedule)
{
    struct plan p;
    if (plan_of(launch_option(opts, "stages"), m, n, k, opts, &p) != cudaSuccess) {
        snprintf(text, size, "no schedule: the kernel cannot be configured on this GPU");
        return;
    }
    const long long groups = num_groups(m, n), k_tiles = (k + BK - 1) / BK;
    const long long sk_groups = p.sk_iters / k_tiles, range = p.sk_iters > 0 ? (p.sk_iters + p.clusters - 1) / p.clusters : 0;
    char split[48] = "stream-K";
    if (p.mode == SPLIT_K)
        snprintf(split, sizeof split, "split-K (%lld clusters a group)", p.clusters / sk_groups);
    snprintf(text, size,
             "%s: %lld groups of %d tiles %dx%d, %lld K tiles each, on %d clusters of %d: %d groups whole "
             "(data-parallel), %lld groups %s (%lld iterations, up to %lld a cluster); workspace %zu bytes",
             decomposition_name(p.mode), groups, CLUSTER, BM, BN, k_tiles, p.clusters, CLUSTER, p.dp_groups, sk_groups,
             split, (long long)p.sk_iters, range, workspace_size(p));
}
