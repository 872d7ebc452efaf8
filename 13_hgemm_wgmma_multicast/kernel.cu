// Step 13: step 12 in clusters of CLUSTER blocks with TMA multicast. The blocks of a cluster
// compute vertically adjacent tiles, which need the same B tile: each block fetches its share of
// it with one multicast copy that lands in every block of the cluster, so B crosses from L2 once
// per cluster instead of once per block. A slot is free again only when the consumers of every
// block have let go of it.
#include "launch.h"
#include "ptx.cuh"
#include "step_launch.cuh"
#include "swizzle.h"
#include "tma.h"

#define BM 128
#define BN 256
#define BK 64 // one 128-byte row of A per tile: the widest box the 128-byte swizzle takes
#ifndef CLUSTER
#define CLUSTER 2 // blocks of a cluster: tile rows CLUSTER p .. CLUSTER p + CLUSTER - 1 of one tile column
#endif

// The C tile is staged as in step 07: rows of 256 bytes all start in bank 0, and the XOR gives
// the 8 rows of a warp's fragment store 8 different chunks.
#define SWIZZLE_C(row, col) swizzle_row8(row, col)

// One stage of the ring: A 128 x 64 (16 KB), then B 64 x 256 as four 64 x 64 boxes of 64
// columns each (8 KB each): the 128-byte swizzle takes boxes of at most 128-byte rows.
constexpr uint32_t A_BYTES = BM * BK * 2, B_BOX_BYTES = BK * 64 * 2, STAGE_BYTES = A_BYTES + 4 * B_BOX_BYTES;
static_assert(STAGE_BYTES % 1024 == 0, "each tile must start on a 1024-byte swizzle atom");
static_assert(CLUSTER >= 1 && 4 % CLUSTER == 0, "the four B boxes split evenly over the cluster");
// C is staged per consumer warpgroup, half of its 64 x 256 slab at a time: 64 x 128 halves,
// 16 KB. Two of them beside four 48 KB stages still fit the 227 KB a block may have.
constexpr int C_COLS = 128;
constexpr uint32_t C_SLAB_BYTES = 64 * C_COLS * 2;

// 384 threads = 3 warpgroups: warpgroup 0 produces, consumer warpgroup wg = 0, 1 (warpgroups 1
// and 2) owns rows 64wg..64wg+63 of the block's C tile, all 256 columns: one m64n256 accumulator
// of 128 fp32 registers per thread. The register cap at entry (65536 / 384 = 168) is what setmaxnreg
// redistributes: 128 x 40 + 256 x 232 registers fit the SM's 65536.
// One template serves __half and __nv_bfloat16: only the wgmma type and the output packing differ.
#define PRODUCER_REGS 40
#define CONSUMER_REGS 232

template <typename T, int STAGES>
__global__ void __launch_bounds__(384, 1)
hgemm_wgmma_multicast(const __grid_constant__ CUtensorMap tmap_A, const __grid_constant__ CUtensorMap tmap_B,
            T *__restrict__ C, int M, int N, int K)
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
    // time: groups_m rows of groups by tiles_n columns. Cluster c takes groups c, c + clusters,
    // ... in grouped rows (swizzle.h), and its block of rank r the tile row CLUSTER p + r of group
    // row p.
    const int tiles_n = (N + BN - 1) / BN, groups_m = ((M + BM - 1) / BM + CLUSTER - 1) / CLUSTER;
    const int num_groups = groups_m * tiles_n, first_group = blockIdx.x / CLUSTER, clusters = gridDim.x / CLUSTER;
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
            for (int group = first_group; group < num_groups; group += clusters) {
                const struct tile_coord c = grouped_rows(group, groups_m, tiles_n);
                for (int kt = 0; kt < num_k_tiles; kt++, it++) {
                    const int s = it % STAGES;
                    mbarrier_wait_parity(smem_addr(&empty[s]), ((it / STAGES) & 1) ^ 1);
                    load_tile(s, kt, c.bx, CLUSTER * c.by + rank);
                }
            }
        }
        // Waits for the consumers' last remote arrivals, as they wait at the end of the kernel.
        cluster_sync();
        return;
    }
    setmaxnreg_inc<CONSUMER_REGS>();

    // Not zeroed: the first wgmma of each tile ignores the accumulators (scale-d = 0), and
    // zeroing them here would be a non-wgmma write that makes ptxas serialise every wgmma.
    float sum[128];
    // This warpgroup's staging: rows 0..63 of its slab, one half (128 columns) at a time.
    T (*Cs)[C_COLS] = reinterpret_cast<T (*)[C_COLS]>(smem_raw + (c_stage + wg * C_SLAB_BYTES - smem_addr(smem_raw)));

    // Descriptors of k-step ks (16 of the tile's 64). A, K-major: this warpgroup's 64 rows
    // start 64 x 128 bytes in; the 16 k of step ks are 32 bytes along each row (the hardware
    // swizzles the final address, so a start inside the atom reads the right chunks); the
    // 8-row groups are 1024 bytes apart. B, MN-major: k rows 16ks.. start 16ks x 128 bytes in;
    // its four 64-column boxes are 8 KB apart (leading offset), its 8-row groups 1024 bytes.
    // Both are built once, for slot 0 and k-step 0, and moved on to a slot and a k-step by the
    // bytes between (the slot's once per K tile, the k-step's a constant of the unrolled loop).
    const uint64_t desc_a0 = wgmma_desc_sw128(ring + wg * 64 * 128, 16, 1024);
    const uint64_t desc_b0 = wgmma_desc_sw128(ring + A_BYTES, B_BOX_BYTES, 1024);
    auto desc_a = [&](uint32_t slot, int ks) { return wgmma_desc_add(wgmma_desc_add(desc_a0, slot - ring), ks * 32); };
    auto desc_b = [&](uint32_t slot, int ks) {
        return wgmma_desc_add(wgmma_desc_add(desc_b0, slot - ring), ks * 16 * 128);
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

    // The consumers count K tiles as the producer does: `it` runs on across this block's tiles.
    int it = 0;
    for (int group = first_group; group < num_groups; group += clusters) {
        const struct tile_coord c = grouped_rows(group, groups_m, tiles_n);
        const int by = CLUSTER * c.by + rank; // may lie past M, when the tile rows are fewer: then nothing is stored
        for (int kt = 0; kt < num_k_tiles; kt++, it++) {
            const int s = it % STAGES;
            // K tile `it` is the (it / STAGES)-th use of slot s: wait for that phase's parity.
            mbarrier_wait_parity(smem_addr(&full[s]), (it / STAGES) & 1);

            const uint32_t slot = ring + s * STAGE_BYTES;
            wgmma_fence(); // the accumulators were last written by the previous batch or read by the epilogue
#pragma unroll
            for (int ks = 0; ks < BK / 16; ks++)
                wgmma<T, 256>(sum, desc_a(slot, ks), desc_b(slot, ks), kt > 0 || ks > 0);
            wgmma_commit_group();
            // Keep this tile's batch in flight; once the one before it has retired, this warp no
            // longer reads slot (it - 1) % STAGES: hand it back to the producers.
            wgmma_wait_group<1>();
            if (kt > 0)
                release((it - 1) % STAGES);
        }
        wgmma_wait_group<0>(); // the last batch
        // Its slot goes back now: the producers refill it with the next tile's copies while this
        // one is stored.
        release((it - 1) % STAGES);

        // D fragment of warp w of warpgroup wg: rows 16w + g and g + 8 (g = lane/4) of the slab,
        // columns 8j + t, t + 1 (t = 2(lane%4)). Each pair is rounded to nearest and parked in
        // Cs at its swizzled column (pairs never straddle a chunk), half h at a time.
#pragma unroll
        for (int h = 0; h < 2; h++) {
            named_barrier_sync(1 + wg, 128); // this warpgroup has copied the previous half out of Cs
#pragma unroll
            for (int j = 0; j < C_COLS / 8; j++) {
                const struct smem_pos d = wgmma_d(warp_in_wg, j, lane);
                const int a = 64 * h + 4 * j; // column 8j + t of half h is column 8(16h + j) + t of the slab
                *reinterpret_cast<uint32_t *>(&Cs[d.row][SWIZZLE_C(d.row, d.col)]) = pack2_rn<T>(sum[a], sum[a + 1]);
                *reinterpret_cast<uint32_t *>(&Cs[d.row + 8][SWIZZLE_C(d.row + 8, d.col)]) = pack2_rn<T>(sum[a + 2], sum[a + 3]);
            }
            named_barrier_sync(1 + wg, 128); // the whole half is in Cs

            // 64 rows x 16 chunks of 16 bytes = 8 rounds of the warpgroup's 128 threads. A warp
            // copies two whole 256-byte rows: full 128-byte lines to global memory, conflict-free
            // reads. N is a multiple of 8, so a chunk lies wholly inside C or wholly past its edge.
#pragma unroll 4
            for (int i = 0; i < 8; i++) {
                const struct smem_pos p = row_copy(tid % 128, i, 128, C_COLS / 8, 8);
                int c_row = by * BM + wg * 64 + p.row, c_col = c.bx * BN + h * C_COLS + p.col;
                if (c_row < M && c_col < N)
                    *reinterpret_cast<uint4 *>(&C[c_row * N + c_col]) =
                        *reinterpret_cast<const uint4 *>(&Cs[p.row][SWIZZLE_C(p.row, p.col)]);
            }
        }
    }
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

// A persistent grid: one block per SM (in clusters of CLUSTER), or fewer when there are fewer
// groups. The launcher lowers it to the clusters the GPU holds at once and to what the rounds
// of groups need (step_launch.cuh).
GEMM_GRID(gemm_grid)
{
    (void)k;
    long long groups = num_groups(m, n), clusters = opts->sm_count / CLUSTER;
    return {CLUSTER * (groups < clusters ? groups : clusters), 1, 1};
}

// The ring, the two C halves and the 1024 bytes the ring's alignment may need.
static int smem_bytes(int stages) { return stages * STAGE_BYTES + 2 * C_SLAB_BYTES + 1024; }

template <typename T, int STAGES>
static cudaError_t launch_stages(const void *A, const void *B, void *C, int m, int n, int k, enum dtype t,
                                 const struct launch_opts *opts, cudaStream_t stream)
{
    // 384 threads, the ring's and C's shared memory, clusters, sm_90a only, persistent over the groups
    const struct kernel_config config = {384, smem_bytes(STAGES), CLUSTER, true, num_groups(m, n)};
    const struct gemm_tensor_maps maps = gemm_tensor_maps(A, B, C, t, m, n, k, BM, 0);
    return launch_kernel<hgemm_wgmma_multicast<T, STAGES>>(
        config, gemm_grid(m, n, k, opts), opts, stream, *maps.A, *maps.B, static_cast<T *>(C), m, n, k);
}

STAGED_LAUNCHERS(2, 4)
