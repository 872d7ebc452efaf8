// Step 12: step 11 made persistent and clustered. One block per SM walks output tiles until none
// is left, its producer running ahead into the next tile while the consumers finish this one; two
// blocks of a cluster compute vertically adjacent tiles and fetch their common B tile once, by
// TMA multicast; C leaves through shared memory by TMA store, waited on only when its staging
// buffer is needed again, one half of it while the tensor cores work on the other.
#include "launch.h"
#include "ptx.cuh"
#include "swizzle.h"
#include "tma.h"

#define BM 128
#define BN 256
#define BK 64 // one 128-byte row of A per tile: the widest box the 128-byte swizzle takes
#define CLUSTER 2 // blocks of a cluster: tile rows 2p and 2p + 1 of one tile column

// One stage of the ring: A 128 x 64 (16 KB), then B 64 x 256 as four 64 x 64 boxes of 64
// columns each (8 KB each): the 128-byte swizzle takes boxes of at most 128-byte rows.
constexpr uint32_t A_BYTES = BM * BK * 2, B_BOX_BYTES = BK * 64 * 2, STAGE_BYTES = A_BYTES + 4 * B_BOX_BYTES;
static_assert(STAGE_BYTES % 1024 == 0, "each tile must start on a 1024-byte swizzle atom");
// C is staged per consumer warpgroup in halves of its 64 x 256 slab, 64 x 128 as two 64 x 64
// boxes (8 KB each) swizzled as the C tensor map's 128-byte swizzle expects, so that the TMA
// store reads them back as they are. Halves, not whole slabs, leave room for a fourth stage.
constexpr int C_COLS = 128;
constexpr uint32_t C_BOX_BYTES = 64 * 64 * 2, C_SLAB_BYTES = C_COLS / 64 * C_BOX_BYTES;

// 384 threads = 3 warpgroups: warpgroup 0 produces, consumer warpgroup wg = 0, 1 (warpgroups 1
// and 2) owns rows 64wg..64wg+63 of the block's C tile, all 256 columns: two m64n128
// accumulators of 64 fp32 registers each per thread. The register cap at entry (65536 / 384 = 168) is what setmaxnreg
// redistributes: 128 x 40 + 256 x 232 registers fit the SM's 65536.
// One template serves __half and __nv_bfloat16: only the wgmma type and the output packing differ.
#define PRODUCER_REGS 40
#define CONSUMER_REGS 232

// Pair `pair` of the walk: bx its tile column, by its row of pairs.
__device__ __forceinline__ struct tile_coord pair_coord(int pair, int tiles_n, int pairs_m)
{
    const struct tile_coord t = grid_swizzle(pair, pairs_m, tiles_n);
    return {t.by, t.bx};
}

template <typename T, int STAGES>
__global__ void __launch_bounds__(384, 1)
hgemm_wgmma_persistent(const __grid_constant__ CUtensorMap tmap_A, const __grid_constant__ CUtensorMap tmap_B,
                       const __grid_constant__ CUtensorMap tmap_C, int M, int N, int K)
{
#if defined(__CUDA_ARCH_FEAT_SM90_ALL) // other targets compile an empty kernel: the harness never launches it there
    // The ring, rounded up to a 1024-byte boundary (the swizzle atom), then the two C halves. The
    // offsets are the same in both blocks of the cluster, so a multicast lands at its twin.
    extern __shared__ unsigned char smem_raw[];
    __shared__ uint64_t full[STAGES];  // slot s holds its tile once this phase completes
    __shared__ uint64_t empty[STAGES]; // slot s is free in both blocks once this phase completes
    const uint32_t ring = (smem_addr(smem_raw) + 1023) & ~1023u, c_stage = ring + STAGES * STAGE_BYTES;

    // warp_id from lane 0 by shuffle: the compiler then knows it is the same in all 32 lanes and
    // builds the wgmma descriptors, which depend on it, in the uniform datapath that wgmma reads
    // them from (gdesc[UR]), rather than per lane and then moved across.
    const int tid = threadIdx.x, lane = tid % 32, warp_id = __shfl_sync(0xffffffffu, tid / 32, 0);
    const int wg = warp_id / 4 - 1, warp_in_wg = warp_id % 4; // wg -1: the producer
    const uint32_t rank = cluster_ctarank(), peer = rank ^ 1;
    // The work is counted in tile pairs, one per cluster at a time: pairs_m rows of pairs by
    // tiles_n columns. Cluster c takes pairs c, c + clusters, ... in grouped rows: bands of
    // GRID_BAND pair rows, each walked down its column, column after column (02-11's band walk
    // on the transposed grid), which measured faster here than bands of columns.
    const int tiles_n = (N + BN - 1) / BN, pairs_m = ((M + BM - 1) / BM + 1) / 2, num_pairs = tiles_n * pairs_m;
    const int first_pair = blockIdx.x / CLUSTER, clusters = gridDim.x / CLUSTER;
    const int num_k_tiles = (K + BK - 1) / BK; // TMA zero-fills the K tail of the last tile

    if (tid == 0) {
        for (int s = 0; s < STAGES; s++) {
            mbarrier_init(smem_addr(&full[s]), 1); // one arrival (the producer's expect_tx) + the bytes
            // one arrival from each of the 8 consumer warps of both blocks: the producer
            // multicasts into the peer's slot too, so both must have let go of it
            mbarrier_init(smem_addr(&empty[s]), 8 * CLUSTER);
        }
        fence_mbarrier_init();
    }
    cluster_sync(); // both blocks' barriers are ready before any copy or remote arrival reaches them

    // The producer's elected thread: the copies of K tile kt of tile (bx, by) into slot s. 48 KB
    // land there: this block's A, and all four B boxes, two multicast by each block. The peer's
    // boxes may land before this expect_tx: the barrier's byte count then runs below zero for a
    // while, and the phase cannot complete before this arrival all the same.
    auto load_tile = [&](int s, int kt, int bx, int by) {
        const uint32_t slot = ring + s * STAGE_BYTES, bar = smem_addr(&full[s]);
        mbarrier_arrive_expect_tx(bar, STAGE_BYTES);
        tma_load_2d(slot, &tmap_A, kt * BK, by * BM, bar);
        for (int j = 2 * rank; j < 2 * rank + 2; j++)
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
            for (int pair = first_pair; pair < num_pairs; pair += clusters) {
                const struct tile_coord p = pair_coord(pair, tiles_n, pairs_m);
                for (int kt = 0; kt < num_k_tiles; kt++, it++) {
                    const int s = it % STAGES;
                    mbarrier_wait_parity(smem_addr(&empty[s]), ((it / STAGES) & 1) ^ 1);
                    load_tile(s, kt, p.bx, 2 * p.by + rank);
                }
            }
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
    auto desc_a = [&](uint32_t slot, int ks) { return wgmma_desc_sw128(slot + wg * 64 * 128 + ks * 32, 16, 1024); };
    auto desc_b = [&](uint32_t slot, int ks, int h) {
        return wgmma_desc_sw128(slot + A_BYTES + 2 * h * B_BOX_BYTES + ks * 16 * 128, B_BOX_BYTES, 1024);
    };
    // Slot s of K tile `it` once its copies have landed.
    auto wait_full = [&](int it) {
        const int s = it % STAGES;
        mbarrier_wait_parity(smem_addr(&full[s]), (it / STAGES) & 1); // the (it / STAGES)-th use of slot s
        return ring + s * STAGE_BYTES;
    };
    // Half h of the slab over one K tile: four k-steps, one wgmma each.
    auto mma_half = [&](float (&acc)[64], uint32_t slot, int h, bool accumulate) {
#pragma unroll
        for (int ks = 0; ks < BK / 16; ks++)
            wgmma_m64n128k16<T>(acc, desc_a(slot, ks), desc_b(slot, ks, h), accumulate || ks > 0);
    };
    // This warp no longer reads slot s: tell this block's producer and the peer's, whose
    // multicast writes here too.
    auto release = [&](int s) {
        if (lane == 0) {
            mbarrier_arrive(smem_addr(&empty[s]));
            mbarrier_arrive_cluster(mapa_shared(smem_addr(&empty[s]), peer));
        }
    };

    // D fragment of warp w: rows 16w + g and g + 8 (g = lane/4), columns 8j + t, t + 1
    // (t = 2(lane%4)): for 16 columns at a time that is four 8 x 8 matrices, which one
    // stmatrix.x4 stores. Lane l addresses row l%8 of matrix l/8: rows +8 for odd
    // matrices, columns +8 for the upper two. In the 128-byte swizzle the 8 rows of a
    // matrix get chunks c ^ 0..7: all 32 banks, no conflict.
    const int row = warp_in_wg * 16 + (lane % 8) + 8 * ((lane / 8) % 2), col_in_16 = 8 * (lane / 16);
    // Half h of tile (bx, by) to C: registers -> the staging slab -> one TMA store per box.
    auto store_half = [&](const float (&acc)[64], int h, int bx, int by) {
        const int c_row = by * BM + wg * 64;
        // The slab may still be read by this warpgroup's previous TMA store.
        if (c_issuer)
            bulk_wait_group_read<0>();
        named_barrier_sync(1 + wg, 128);
#pragma unroll
        for (int j = 0; j < C_COLS / 16; j++) {
            const int col = 16 * j + col_in_16, box = col / 64, chunk = (col % 64) / 8;
            const uint32_t addr = c_slab + box * C_BOX_BYTES + row * 128 + ((chunk ^ (row % 8)) << 4);
            stmatrix_x4(addr, pack2_rn<T>(acc[8 * j], acc[8 * j + 1]), pack2_rn<T>(acc[8 * j + 2], acc[8 * j + 3]),
                        pack2_rn<T>(acc[8 * j + 4], acc[8 * j + 5]), pack2_rn<T>(acc[8 * j + 6], acc[8 * j + 7]));
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

    // The tile whose right half is still in registers, once there is one (held_bx >= 0).
    int it = 0, held_bx = -1, held_by = 0;
    for (int pair = first_pair; pair < num_pairs; pair += clusters) {
        const struct tile_coord p = pair_coord(pair, tiles_n, pairs_m);
        const int bx = p.bx, by = 2 * p.by + rank;
        // K tile 0: the previous tile's right half leaves while this tile's left half is computed.
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
        for (int kt = 1; kt < num_k_tiles; kt++) {
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
        // The left half is final while the right half's last group may still run: store it, then
        // hand the last slot back and keep the right half for the next tile's first K tile.
        wgmma_wait_group<1>();
        store_half(sum[0], 0, bx, by);
        wgmma_wait_group<0>();
        release(it % STAGES);
        it++;
        held_bx = bx;
        held_by = by;
    }
    if (held_bx >= 0)
        store_half(sum[1], 1, held_bx, held_by);
    if (c_issuer)
        bulk_wait_group<0>(); // the last stores have landed before the block's memory goes
    // No block leaves while its peer may still multicast into it or arrive on its barriers.
    cluster_sync();
#endif
}

// The work of a cluster: pairs of vertically adjacent tiles.
static long long tile_pairs(int m, int n) { return (long long)((n + BN - 1) / BN) * (((m + BM - 1) / BM + 1) / 2); }

// A persistent grid: one block per SM (in clusters of 2), or fewer when there are fewer tile
// pairs. The launcher lowers it further to the clusters the GPU can hold at once.
GEMM_GRID(gemm_grid)
{
    (void)k;
    long long pairs = tile_pairs(m, n), clusters = opts->sm_count / CLUSTER;
    return {CLUSTER * (pairs < clusters ? pairs : clusters), 1, 1};
}

// The ring, the two C halves and the 1024 bytes the ring's alignment may need.
static int smem_bytes(int stages) { return stages * STAGE_BYTES + 2 * C_SLAB_BYTES + 1024; }

// A launch of 384-thread blocks in clusters of CLUSTER along x: the cluster shape is a launch
// attribute (cudaLaunchKernelEx), which the occupancy query takes as well.
static cudaLaunchConfig_t cluster_launch(dim3 grid, int smem, cudaStream_t stream)
{
    static cudaLaunchAttribute cluster; // static: the returned config points at it
    cluster.id = cudaLaunchAttributeClusterDimension;
    cluster.val.clusterDim.x = CLUSTER;
    cluster.val.clusterDim.y = 1;
    cluster.val.clusterDim.z = 1;
    cudaLaunchConfig_t config = {};
    config.gridDim = grid;
    config.blockDim = dim3(384);
    config.dynamicSmemBytes = smem;
    config.stream = stream;
    config.attrs = &cluster;
    config.numAttrs = 1;
    return config;
}

template <typename T, int STAGES>
static cudaError_t launch_stages(const void *A, const void *B, void *C, int m, int n, int k, enum dtype t,
                                 const struct launch_opts *opts, cudaStream_t stream)
{
    static int max_clusters = 0; // raise the dynamic limit and ask the occupancy once, outside the timed launches
    if (max_clusters == 0) {
        cudaError_t err = require_sm90a_code((const void *)hgemm_wgmma_persistent<T, STAGES>);
        if (err == cudaSuccess)
            err = cudaFuncSetAttribute(hgemm_wgmma_persistent<T, STAGES>,
                                       cudaFuncAttributeMaxDynamicSharedMemorySize, smem_bytes(STAGES));
        // Clusters need their two SMs in one GPC, so the GPU may hold fewer than sm_count / 2.
        cudaLaunchConfig_t config = cluster_launch(dim3(opts->sm_count / CLUSTER * CLUSTER), smem_bytes(STAGES), 0);
        if (err == cudaSuccess)
            err = cudaOccupancyMaxActiveClusters(&max_clusters, hgemm_wgmma_persistent<T, STAGES>, &config);
        if (err == cudaSuccess && max_clusters < 1)
            err = cudaErrorInvalidConfiguration;
        if (err != cudaSuccess) {
            max_clusters = 0;
            return err;
        }
    }
    // The maps describe the matrices, not the launch: built once per matrix and shape.
    static struct tensor_map_cache map_A, map_B, map_C;
    const CUtensorMap *tmap_A = tensor_map_2d_cached(&map_A, A, t, m, k, BM, BK); // rows of K, boxes of 128 rows x 64
    const CUtensorMap *tmap_B = tensor_map_2d_cached(&map_B, B, t, k, n, BK, 64); // rows of N, boxes of 64 k x 64 n
    const CUtensorMap *tmap_C = tensor_map_2d_cached(&map_C, C, t, m, n, 64, 64); // rows of N, boxes of 64 rows x 64
    struct grid_dims grid = gemm_grid(m, n, k, opts);
    if (grid.x > CLUSTER * max_clusters)
        grid.x = CLUSTER * max_clusters;
    // Then no more clusters than the rounds need: 256 pairs take 4 rounds on 66 clusters as on 64,
    // but on 64 each cluster takes exactly 4 and each round is whole rows of one band of the order.
    const long long pairs = tile_pairs(m, n), rounds = (pairs + grid.x / CLUSTER - 1) / (grid.x / CLUSTER);
    grid.x = CLUSTER * ((pairs + rounds - 1) / rounds);
    cudaLaunchConfig_t config = cluster_launch(grid_of(grid), smem_bytes(STAGES), stream);
    return cudaLaunchKernelEx(&config, hgemm_wgmma_persistent<T, STAGES>, *tmap_A, *tmap_B, *tmap_C, m, n, k);
}

STAGED_LAUNCHERS(launch_hgemm_wgmma_persistent_fp16, launch_hgemm_wgmma_persistent_bf16)

// The shared memory a block of this depth asks for, for main.c's checks.
LAUNCH_EXTERN_C int wgmma_persistent_smem_bytes(int stages) { return smem_bytes(stages); }
