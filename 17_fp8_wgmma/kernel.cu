// Step 17: step 16 on e4m3, the FP8 of Hopper's tensor cores: A (M x K) and B (N x K) are one
// byte an element with an fp32 scale each, C = scale_a scale_b A B^T in bf16. A K tile is still
// 128 bytes of a row, now 128 elements, and FP8 wgmma (m64nNk32) reads both operands K-major, so
// B comes in as A does, in boxes of 128-byte rows (TN, as cuBLASLt and DeepGEMM take it). The
// tensor cores add FP8 products with fewer bits than fp32: each pair of K tiles' wgmmas
// accumulate afresh, and the warpgroup then adds them into its fp32 sums (the promotion, as
// DeepGEMM does for each K tile).
// The sums are no longer wgmma's registers, so a tile's epilogue overlaps the next tile's first
// wgmmas, and the scales multiply the sums as they leave. The scheduler, the candidates and the
// cost are 16's (fit.h), in K tiles of 128 bytes.
#include "fit.h"
#include "launch.h"
#include "ptx.cuh"
#include "schedule.h"
#include "step_launch.cuh"
#include "swizzle.h"
#include "tma.h"

#include <stdio.h>

#include <utility>

// 384 threads = 3 warpgroups: warpgroup 0 produces, consumer warpgroups wg = 0, 1 (warpgroups 1
// and 2) each own parts of the block's C tile (fit.h's part_of). The register cap at entry
// (65536 / 384 = 168) is what setmaxnreg redistributes: 128 x 40 + 256 x 232 registers fit the
// SM's 65536.
// T is C's type, __nv_bfloat16; A and B are __nv_fp8_e4m3.
#define PRODUCER_REGS 40
#define CONSUMER_REGS 232

template <typename T, int BM, int BN, int CLUSTER, int SWAP, int ALONG_N>
__global__ void __launch_bounds__(384, 1)
fp8_wgmma(const __grid_constant__ CUtensorMap tmap_A, const __grid_constant__ CUtensorMap tmap_B,
            const __grid_constant__ CUtensorMap tmap_C, int M, int N, int K, const struct plan plan,
            T *C, float *partials, int *flags, int *wave_count, const float *scale_a, const float *scale_b)
{
#if defined(__CUDA_ARCH_FEAT_SM90_ALL) // other targets compile an empty kernel: the harness never launches it there
    constexpr struct tile_fit F = {BM, BN, CLUSTER, SWAP, ALONG_N};
    constexpr int STAGES = ring_depth(F), B_ROWS_PER_RANK = BN / CLUSTER, PARTS = parts(F);
    constexpr int WN = part_cols(F); // the columns of a part, one wgmma's n
    constexpr uint32_t A_BYTES = BM * BK, STAGE_BYTES = stage_bytes(F), C_PART_BYTES = c_part_bytes(F);
    static_assert(STAGE_BYTES % 1024 == 0, "each tile must start on a 1024-byte swizzle atom");
    static_assert(buildable(F), "64 or 128 wgmma rows, parts of 64 columns unswapped, sums and two accumulators in 192 registers");
    // The ring, rounded up to a 1024-byte boundary (the swizzle atom), then the C staging of the
    // two consumer warpgroups. The offsets are the same in every block of the cluster, so a
    // multicast lands in each at the same place.
    extern __shared__ unsigned char smem_raw[];
    __shared__ uint64_t full[STAGES];  // slot s holds its tile once this phase completes
    __shared__ uint64_t empty[STAGES]; // slot s is free in every block once this phase completes
    const uint32_t ring = (smem_addr(smem_raw) + 1023) & ~1023u, c_stage = ring + STAGES * STAGE_BYTES;

    // warp_id from lane 0 by shuffle: the compiler then knows it is the same in all 32 lanes and
    // builds the wgmma descriptors, which depend on it, in the uniform datapath that wgmma reads
    // them from (gdesc[UR]), rather than per lane and then moved across.
    const int tid = threadIdx.x, lane = tid % 32, warp_id = __shfl_sync(0xffffffffu, tid / 32, 0);
    const int wg = warp_id / 4 - 1, warp_in_wg = warp_id % 4; // wg -1: the producer
    const uint32_t rank = CLUSTER > 1 ? cluster_ctarank() : 0;
    // The work is counted in groups of CLUSTER adjacent tiles, one per cluster at a time: groups_m
    // rows of groups by groups_n columns (fit.h). The cluster takes the units of its walk (plan),
    // each group in grouped rows (swizzle.h), and its block of rank r the tile row CLUSTER p + r
    // of group row p, or, along N, the tile column CLUSTER q + r of group column q. A tile may
    // lie past M or N, where the tiles are fewer: then nothing of it is stored.
    const int cluster = blockIdx.x / CLUSTER;
    auto tile_of = [&](int group) {
        const struct tile_coord c = grouped_rows(group, groups_m(M, F), groups_n(N, F));
        return ALONG_N ? tile_coord{CLUSTER * c.bx + (int)rank, c.by} : tile_coord{c.bx, CLUSTER * c.by + (int)rank};
    };
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
    // Every block's barriers are ready before any copy or remote arrival reaches them; a block
    // alone (CLUSTER 1, launched without a cluster) needs only its own threads to see them.
    if constexpr (CLUSTER > 1)
        cluster_sync();
    else
        __syncthreads();

    // The producer's elected thread: the copies of K tile kt of tile t into slot s. landed_bytes
    // land there: A's rows and B's BN rows. Along M, each block copies its own A and multicasts
    // B_ROWS_PER_RANK of B's rows; along N, it copies all of B and multicasts its share of A's
    // rows, a_copy_rows from row rank x a_copy_rows. Another block's rows may land before this
    // expect_tx: the barrier's byte count then runs below zero for a while, and the phase cannot
    // complete before this arrival all the same.
    auto load_tile = [&](int s, int kt, struct tile_coord t) {
        const uint32_t slot = ring + s * STAGE_BYTES, bar = smem_addr(&full[s]), all = (1u << CLUSTER) - 1;
        mbarrier_arrive_expect_tx(bar, landed_bytes(F, M));
        if constexpr (ALONG_N) {
            const int rows = a_copy_rows(F, M);
            tma_load_2d_multicast(slot + rank * rows * 128, &tmap_A, kt * BK, t.by * BM + rank * rows, bar, all);
            tma_load_2d(slot + A_BYTES, &tmap_B, kt * BK, t.bx * BN, bar);
        } else {
            const uint32_t b_rows = slot + A_BYTES + rank * B_ROWS_PER_RANK * 128;
            tma_load_2d(slot, &tmap_A, kt * BK, t.by * BM, bar);
            if constexpr (CLUSTER > 1)
                tma_load_2d_multicast(b_rows, &tmap_B, kt * BK, t.bx * BN + rank * B_ROWS_PER_RANK, bar, all);
            else
                tma_load_2d(b_rows, &tmap_B, kt * BK, t.bx * BN, bar);
        }
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
                const struct tile_coord t = tile_of(w.group);
                waves.wait(w.group);
                const int arrival = waves.arrival(w.group, num_k_tiles);
                for (int kt = w.k_begin; kt < w.k_end; kt++, it++) {
                    const int s = it % STAGES;
                    mbarrier_wait_parity(smem_addr(&empty[s]), ((it / STAGES) & 1) ^ 1);
                    if (kt == arrival)
                        waves.arrive();
                    load_tile(s, kt, t);
                }
            }
            waves.leave();
        }
        // Waits for the consumers' last remote arrivals, as they wait at the end of the kernel.
        if constexpr (CLUSTER > 1)
            cluster_sync();
        return;
    }
    setmaxnreg_inc<CONSUMER_REGS>();

    // This warpgroup's part of the tile, 64 wgmma rows by WN columns from part_of(F, wg, 0): its
    // fp32 sums, and two m64nWN accumulators that pairs of K tiles fill in turn, so that one
    // pair's wgmmas run while the other's FP8 sums are added into the fp32 ones. Not zeroed: the
    // first wgmma of each pair ignores its accumulator (scale-d = 0), and zeroing it would be a
    // non-wgmma write that makes ptxas serialise every wgmma.
    static_assert(PARTS == 1, "one part a warpgroup: its sums and two accumulators fill the registers");
    float sum[PARTS][WN / 2], acc0[WN / 2], acc1[WN / 2];
    const float scale = *scale_a * *scale_b; // per tensor: one product for the whole of C
    const uint32_t c_slab = c_stage + wg * C_PART_BYTES;
    const bool c_issuer = tid % 128 == 0; // one thread per consumer warpgroup issues its TMA stores

    // Descriptors of k-step ks (32 of the tile's 128) over the two halves of a slot, both K-major:
    // row r of A's, or of B's after A_BYTES, starts r x 128 bytes in; the 32 k of step ks are 32
    // bytes along each row (the hardware swizzles the final address, so a start inside the atom
    // reads the right chunks); the 8-row groups are 1024 bytes apart. Unswapped, part h is
    // wgmma's A from A's rows and B from B's; swapped, wgmma's A is B's rows and its B A's.
    // Both are built once, for slot 0, k-step 0 and this warpgroup's first part, and moved on to
    // a slot, a k-step and a part by the bytes between (the slot's once per K tile, the others
    // constants of the unrolled loops: part h lies as far from part 0 in every warpgroup).
    auto a_rows_at = [&](int r) { return wgmma_desc_sw128(ring + r * 128, 16, 1024); };
    auto b_rows_at = [&](int r) { return wgmma_desc_sw128(ring + A_BYTES + r * 128, 16, 1024); };
    const struct part_pos q0 = part_of(F, wg, 0);
    const uint64_t desc_a0 = SWAP ? b_rows_at(q0.row) : a_rows_at(q0.row), desc_b0 = SWAP ? a_rows_at(q0.col) : b_rows_at(q0.col);
    auto rows_bytes = [](int r, int ks) { return r * 128 + ks * 32; };
    auto desc_a = [&](uint32_t slot, int ks, int h) {
        const int r = part_of(F, 0, h).row - part_of(F, 0, 0).row;
        return wgmma_desc_add(wgmma_desc_add(desc_a0, slot - ring), rows_bytes(r, ks));
    };
    auto desc_b = [&](uint32_t slot, int ks, int h) {
        const int c = part_of(F, 0, h).col - part_of(F, 0, 0).col;
        return wgmma_desc_add(wgmma_desc_add(desc_b0, slot - ring), rows_bytes(c, ks));
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
    // The ring position of the consumers' next K tile: its slot, and the parity of the slot's
    // use, kept as counters (a K tile here takes half the clocks of 16's, and `it % STAGES` is a
    // multiply-high a tile), and the slot of the tile whose wgmmas were issued last.
    int slot_at = 0, last_slot = STAGES - 1;
    uint32_t parity = 0;
    const uint32_t full0 = smem_addr(&full[0]);
    // The next K tile's slot once its copies have landed. Its address from lane 0, as warp_id:
    // the counters run over the walk's ranges, which come out of divisions the compiler cannot
    // see are the same in every lane, and the descriptors built from a per-lane address would be
    // moved to the uniform registers before every wgmma. The shuffle before the wait, so that
    // its latency is not added to the wait's.
    auto wait_full = [&]() {
        const uint32_t slot = __shfl_sync(0xffffffffu, ring + slot_at * STAGE_BYTES, 0);
        mbarrier_wait_parity(full0 + slot_at * 8, parity);
        last_slot = slot_at;
        if (++slot_at == STAGES) {
            slot_at = 0;
            parity ^= 1;
        }
        return slot;
    };
    // One K tile into an accumulator: four k-steps, one wgmma each, then their group. The first
    // ignores what the accumulator holds unless `more` (the pair's second tile adds to its first).
    auto mma_into = [&](float (&acc)[WN / 2], uint32_t slot, bool more) {
        wgmma_fence(); // the promotion read the accumulator these wgmma overwrite
#pragma unroll
        for (int ks = 0; ks < BK / 32; ks++)
            wgmma<__nv_fp8_e4m3, WN, 0, 0>(acc, desc_a(slot, ks, 0), desc_b(slot, ks, 0), more || ks > 0);
        wgmma_commit_group();
    };
    // The promotion: an accumulator's pair of K tiles, 256 FP8 products an element, into the fp32
    // sums once its groups have retired; the unit's first pair's become them. One FFMA an element
    // either way: sum x 0 + acc is acc, the sums being finite (zeroed here, then sums of e4m3
    // products far below fp32's range), where a select would add an instruction to every element.
    // A pair, not a tile, so that the FFMAs take half the issue slots (the tile's error table is
    // in the notes).
#pragma unroll
    for (int i = 0; i < WN / 2; i++)
        sum[0][i] = 0.0f;
    float keep = 0.0f;
    auto promote = [&](const float (&acc)[WN / 2]) {
#pragma unroll
        for (int i = 0; i < WN / 2; i++)
            sum[0][i] = fmaf(sum[0][i], keep, acc[i]);
        keep = 1.0f;
    };

    // A tile this block does part of: its sums go to one of its two workspace slots, laid out as
    // the tile's rows in C (kind 1: the part from the tile's first K tile, where the range ends;
    // kind 0: a part further in, where the range starts), then it counts itself in on the tile's
    // flag, that of the tile's first cluster (it is the first of one such tile at most). Each
    // store of a warp is whole sectors: 8 rows x 32 bytes, or, swapped, where an accumulator row
    // is a column of C, 4 rows x 8 consecutive floats.
    const int ct = tid - 128; // 0..255: the consumer threads
    auto slot_of = [&](int from, int kind) { return partials + ((size_t)(from * CLUSTER + rank) * 2 + kind) * BM * BN; };
    auto flag_of = [&](struct tile_share sh) { return &flags[sh.first * CLUSTER + rank]; };
    auto send_partial = [&](int group, int kind) {
        float *slot = slot_of(cluster, kind);
#pragma unroll
        for (int h = 0; h < PARTS; h++)
#pragma unroll
            for (int j = 0; j < WN / 8; j++) {
                const struct part_pos q = part_of(F, wg, h);
                const struct smem_pos d = wgmma_d(warp_in_wg, j, lane);
                const float *v = &sum[h][4 * j];
                if constexpr (SWAP) {
                    float *p = slot + (size_t)(q.col + d.col) * BN + q.row + d.row;
                    __stcg(p, v[0]);
                    __stcg(p + BN, v[1]);
                    __stcg(p + 8, v[2]);
                    __stcg(p + BN + 8, v[3]);
                } else {
                    // A float2 is stored from an aligned register pair. Made of the sums, it would
                    // put sum[4j] in an even register as wgmma puts acc[4j], and then half the
                    // promotion's FFMAs read three registers of one parity, which ncu shows
                    // stalling at dispatch (the register file's bank conflict). Copies (x 1, which
                    // ptxas keeps) take the pair instead, and the sums go where ptxas likes.
                    auto pair = [](float x, float y) { return make_float2(__fmul_rn(x, 1.0f), __fmul_rn(y, 1.0f)); };
                    float *p = slot + (size_t)(q.row + d.row) * BN + q.col + d.col;
                    __stcg(reinterpret_cast<float2 *>(p), pair(v[0], v[1]));
                    __stcg(reinterpret_cast<float2 *>(p + 8 * BN), pair(v[2], v[3]));
                }
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
        const struct tile_coord c = tile_of(group);
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
        const int rows = min(BM, M - c.by * BM), quads = min(BN, N - c.bx * BN) / 4; // N is a multiple of 8
        const int total = rows > 0 && quads > 0 ? rows * quads : 0, share = cluster - sh.first;
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
                    *reinterpret_cast<uint2 *>(C + (size_t)(c.by * BM + i / quads) * N + c.bx * BN + 4 * (i % quads)) =
                        make_uint2(pack2_rn<T>(scale * v[q].x, scale * v[q].y), pack2_rn<T>(scale * v[q].z, scale * v[q].w));
            }
        }
        if (ct == 0 && atomicAdd(flag, 1) == 2 * parts - 1)
            *flag = 0;
    };

    // Part h of tile (bx, by) to C: registers -> the staging slab -> TMA stores. Each
    // stmatrix.x4 stores 16 columns of the D fragment; in the 128-byte swizzle the 8 rows of each
    // of its 8 x 8 matrices get chunks c ^ 0..7: all 32 banks, no conflict. Unswapped, the part
    // is 64 rows of C by WN columns, staged as WN / 64 boxes of 64 x 64. Swapped, its rows are
    // columns of C: stmatrix .trans writes each 8 x 8 matrix transposed, so the slab holds WN
    // rows of C by 64 columns, one box, whose rows are again 8 consecutive rows of one chunk.
    auto store_part = [&](const float (&part)[WN / 2], int h, int bx, int by) {
        const struct part_pos q = part_of(F, wg, h);
        const int c_row = by * BM + (SWAP ? q.col : q.row), c_col = bx * BN + (SWAP ? q.row : q.col);
        // The slab may still be read by this warpgroup's previous TMA store.
        if (c_issuer)
            bulk_wait_group_read<0>();
        named_barrier_sync(1 + wg, 128);
#pragma unroll
        for (int j = 0; j < WN / 16; j++) {
            const uint32_t r0 = pack2_rn<T>(scale * part[8 * j], scale * part[8 * j + 1]);
            const uint32_t r1 = pack2_rn<T>(scale * part[8 * j + 2], scale * part[8 * j + 3]);
            const uint32_t r2 = pack2_rn<T>(scale * part[8 * j + 4], scale * part[8 * j + 5]);
            const uint32_t r3 = pack2_rn<T>(scale * part[8 * j + 6], scale * part[8 * j + 7]);
            if constexpr (SWAP) {
                const struct smem_pos p = stmatrix_d_trans(warp_in_wg, j, lane);
                stmatrix_x4_trans(c_slab + tma_box_offset(p.row, p.col, WN), r0, r1, r2, r3);
            } else {
                const struct smem_pos p = stmatrix_d(warp_in_wg, j, lane);
                stmatrix_x4(c_slab + tma_box_offset(p.row, p.col, 64), r0, r1, r2, r3);
            }
        }
        if constexpr (WN % 16 == 8) { // swapped: the last 8 columns, two matrices
            const struct smem_pos p = stmatrix_d_trans(warp_in_wg, WN / 16, lane);
            stmatrix_x2_trans(c_slab + tma_box_offset(p.row, p.col, WN),
                              pack2_rn<T>(scale * part[WN / 2 - 4], scale * part[WN / 2 - 3]),
                              pack2_rn<T>(scale * part[WN / 2 - 2], scale * part[WN / 2 - 1]));
        }
        fence_proxy_async_shared(); // these generic-proxy writes are read next by the TMA store
        named_barrier_sync(1 + wg, 128);
        // Committed and not waited for here; TMA writes only what lies inside C.
        if (c_issuer && c_row < M) {
            if constexpr (SWAP) {
                if (c_col < N)
                    tma_store_2d(&tmap_C, c_col, c_row, c_slab);
            } else {
                for (int b = 0; b < WN / 64; b++)
                    if (c_col + 64 * b < N)
                        tma_store_2d(&tmap_C, c_col + 64 * b, c_row, c_slab + b * C_BOX_BYTES);
            }
            bulk_commit_group();
        }
    };

    // The consumers' ring position runs on across this block's tiles, as the producer's `it`
    // does. The whole tile whose sums wait to be stored, once there is one (pending_bx >= 0); the
    // groups this block did the first part and a later part of, to finish at the end.
    int pending_bx = -1, pending_by = 0, first_part = -1, later_part = -1;
    struct work_walk walk = walk_of(plan, cluster, num_k_tiles);
    struct work_unit w;
    while (walk.next(w)) {
        const struct tile_coord c = tile_of(w.group);
        // The unit's K tiles go to acc0 and acc1 in pairs: 0 and 1 to acc0, 2 and 3 to acc1, and
        // so on. Once a tile's wgmmas are issued, wait_group 1 retires the tile before, whose slot
        // is released; a pair is promoted once the next pair's first tile is issued, while the
        // tensor cores work on it. The unit's last tile retires with wait_group 0, and its pair is
        // promoted then.
        int left = w.k_end - w.k_begin - 1; // K tiles after the one issued
        auto retire = [&]() {
            wgmma_wait_group<1>();
            release(last_slot == 0 ? STAGES - 1 : last_slot - 1);
        };
        // The rest of a's pair, then b's first tile and a's promotion; true once the unit is done.
        auto pair = [&](float (&a)[WN / 2], float (&b)[WN / 2]) {
            if (left > 0) {
                mma_into(a, wait_full(), true);
                retire();
                if (--left > 0) {
                    mma_into(b, wait_full(), false);
                    retire();
                    promote(a);
                    --left;
                    return false;
                }
            }
            wgmma_wait_group<0>();
            release(last_slot);
            promote(a);
            return true;
        };
        keep = 0.0f;
        mma_into(acc0, wait_full(), false);
        // The previous tile leaves while the tensor cores work on this one's first K tile: its
        // sums are final, and only the promotion below overwrites them.
        if (pending_bx >= 0) {
            store_part(sum[0], 0, pending_bx, pending_by);
            pending_bx = -1;
        }
        while (!pair(acc0, acc1) && !pair(acc1, acc0)) {
        }
        if (w.k_begin > 0 || w.k_end < num_k_tiles) { // a part of a tile: its other parts come from the clusters beside this one
            send_partial(w.group, w.k_begin == 0);
            (w.k_begin == 0 ? first_part : later_part) = w.group;
            continue;
        }
        pending_bx = c.bx;
        pending_by = c.by;
    }
    if (pending_bx >= 0)
#pragma unroll
        for (int p = 0; p < PARTS; p++)
            store_part(sum[p], p, pending_bx, pending_by);
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
    if constexpr (CLUSTER > 1)
        cluster_sync();
#endif
}

// Candidate I as a type, so that a lambda can name its kernel instance (F::kernel<T>) and its
// tile (F::tile).
template <int I>
struct fit_instance {
    static constexpr struct tile_fit tile = candidates[I];
    template <typename T>
    static constexpr auto kernel = fp8_wgmma<T, tile.bm, tile.bn, tile.cluster, tile.swap, tile.along_n>;
};

// Calls fn with the fit_instance of candidate i: the one place the list becomes kernel instances,
// one for each of its entries.
template <typename F, int... I>
static cudaError_t with_candidate(int i, F fn, std::integer_sequence<int, I...>)
{
    cudaError_t err = cudaErrorInvalidValue;
    (void)((i == I && ((err = fn(fit_instance<I>{})), true)) || ...);
    return err;
}

template <typename F>
static cudaError_t with_candidate(int i, F fn)
{
    return with_candidate(i, fn, std::make_integer_sequence<int, NUM_CANDIDATES>{});
}

// 384 threads, the ring's and C's shared memory, clusters, sm_90a only; the grid is the plan's.
static struct kernel_config config_of(struct tile_fit f) { return {384, smem_bytes(f), f.cluster, true, 0}; }

// The one hook: the candidate and plan of a launch at this shape, which the launch, the
// workspace and --info take (costs, when given, gets every candidate's, and the pick is made
// afresh; else the last shapes' picks are kept).
static cudaError_t plan_of(int m, int n, int k, const struct launch_opts *opts, int *fit, struct plan *p,
                           struct plan *plans = nullptr, double *costs = nullptr)
{
    static struct pick_cache cache;
    const int forced = launch_option(opts, "tile"), forced_split = launch_option(opts, "split");
    const struct pick_cache::entry *e = costs ? nullptr : cache.find(m, n, k, forced, forced_split);
    if (e) {
        *fit = e->fit;
        *p = e->p;
        return cudaSuccess;
    }
    int resident[MAX_CANDIDATES];
    struct plan all[MAX_CANDIDATES];
    double cost[MAX_CANDIDATES];
    for (int i = 0; i < NUM_CANDIDATES; i++) {
        cudaError_t err = with_candidate(i, [&](auto c) {
            using F = decltype(c);
            return configure_kernel<F::template kernel<__nv_bfloat16>>(config_of(F::tile), opts, &resident[i]);
        });
        if (err == cudaErrorInsufficientDriver || err == cudaErrorNoDevice) // --info with no GPU: a block an SM
            resident[i] = opts->sm_count / candidates[i].cluster;
        else if (err != cudaSuccess)
            return err;
    }
    *fit = pick(m, n, k, resident, forced, forced_split, (double)opts->l2_bytes, plans ? plans : all,
                costs ? costs : cost);
    *p = (plans ? plans : all)[*fit];
    cache.keep(m, n, k, forced, forced_split, *fit, *p);
    return cudaSuccess;
}

// The most blocks the launcher may start: one per SM.
GEMM_GRID(gemm_grid)
{
    (void)m;
    (void)n;
    (void)k;
    return {opts->sm_count, 1, 1};
}

template <typename T>
static cudaError_t launch_fit(const void *A, const void *B, void *C, int m, int n, int k, enum dtype t,
                              const struct launch_opts *opts, cudaStream_t stream)
{
    int fit;
    struct plan p;
    cudaError_t err = plan_of(m, n, k, opts, &fit, &p);
    if (err != cudaSuccess)
        return err;
    if (workspace_size(p, candidates[fit]) > opts->workspace_bytes)
        return cudaErrorInvalidValue; // the harness allocated what workspace_bytes asked for
    return with_candidate(fit, [&](auto c) {
        using F = decltype(c);
        constexpr struct tile_fit f = F::tile;
        // The partial tiles, two per block, then one flag per block (none without stream-K), then
        // the waves' counter.
        const size_t sharing = sharing_blocks(p, f);
        float *partials = static_cast<float *>(opts->workspace);
        int *flags = reinterpret_cast<int *>(partials + sharing * 2 * f.bm * f.bn);
        const struct gemm_tensor_maps maps =
            gemm_tensor_maps_tn(A, B, C, t, m, n, k, a_copy_rows(f, m), f.along_n ? f.bn : f.bn / f.cluster, c_box_rows(f));
        return launch_kernel<F::template kernel<T>>(config_of(f), {f.cluster * p.clusters, 1, 1}, opts, stream,
                                                    *maps.A, *maps.B, *maps.C, m, n, k, p, static_cast<T *>(C),
                                                    partials, flags, flags + sharing, opts->scale_a, opts->scale_b);
    });
}

GEMM_LAUNCHER(launch_e4m3) { return launch_fit<__nv_bfloat16>(A, B, C, m, n, k, DTYPE_E4M3, opts, stream); }

GEMM_WORKSPACE(workspace_bytes)
{
    int fit;
    struct plan p;
    return plan_of(m, n, k, opts, &fit, &p) == cudaSuccess ? workspace_size(p, candidates[fit]) : 0;
}

// Every candidate's plan and cost, and the pick's plan in full.
GEMM_SCHEDULE(schedule)
{
    int fit;
    struct plan p, plans[MAX_CANDIDATES];
    double costs[MAX_CANDIDATES];
    if (plan_of(m, n, k, opts, &fit, &p, plans, costs) != cudaSuccess) {
        snprintf(text, size, "no schedule: the kernels cannot be configured on this GPU");
        return;
    }
    fit_text(m, n, k, fit, plans, costs, text, size);
}

GEMM_TILES(list_tiles) { return tiles_text(text, size); }
