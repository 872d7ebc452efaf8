// Step 11: step 10 warp-specialised. A third warpgroup, the producer, does nothing but keep the
// TMA ring full; the two consumer warpgroups do nothing but wgmma. Each slot has a "full" and an
// "empty" mbarrier, so producer and consumers wait only on each other's slot, never on a
// __syncthreads; setmaxnreg moves the producer's registers to the consumers.
#include "launch.h"
#include "ptx.cuh"
#include "step_launch.cuh"
#include "swizzle.h"
#include "tma.h"

#define BM 128
#define BN 256
#define BK 64 // one 128-byte row of A per tile: the widest box the 128-byte swizzle takes

// The C tile is staged as in step 07: rows of 256 bytes all start in bank 0, and the XOR gives
// the 8 rows of a warp's fragment store 8 different chunks.
#define SWIZZLE_C(row, col) swizzle_row8(row, col)

// One stage of the ring: A 128 x 64 (16 KB), then B 64 x 256 as four 64 x 64 boxes of 64
// columns each (8 KB each): the 128-byte swizzle takes boxes of at most 128-byte rows.
constexpr uint32_t A_BYTES = BM * BK * 2, B_BOX_BYTES = BK * 64 * 2, STAGE_BYTES = A_BYTES + 4 * B_BOX_BYTES;
static_assert(STAGE_BYTES % 1024 == 0, "each tile must start on a 1024-byte swizzle atom");
// C is staged per consumer warpgroup, half of its 64 x 256 slab at a time: 64 x 128 halves,
// 16 KB each, in the first 32 KB of the ring once no wgmma reads it any more.
constexpr int C_COLS = 128;
constexpr uint32_t C_SLAB_BYTES = 64 * C_COLS * 2;
static_assert(2 * C_SLAB_BYTES <= 2 * STAGE_BYTES, "the staging fits in the smallest ring, 2 stages");

// 384 threads = 3 warpgroups: warpgroup 0 produces, consumer warpgroup wg = 0, 1 (warpgroups 1
// and 2) owns rows 64wg..64wg+63 of the block's C tile, all 256 columns: one m64n256 accumulator
// of 128 fp32 registers per thread. The register cap at entry (65536 / 384 = 168) is what setmaxnreg
// redistributes: 128 x 40 + 256 x 232 registers fit the SM's 65536.
// One template serves __half and __nv_bfloat16: only the wgmma type and the output packing differ.
#define PRODUCER_REGS 40
#define CONSUMER_REGS 232

template <typename T, int STAGES>
__global__ void __launch_bounds__(384, 1)
hgemm_wgmma_ws(const __grid_constant__ CUtensorMap tmap_A, const __grid_constant__ CUtensorMap tmap_B,
            T *__restrict__ C, int M, int N, int K)
{
#if defined(__CUDA_ARCH_FEAT_SM90_ALL) // other targets compile an empty kernel: the harness never launches it there
    // The ring, rounded up to a 1024-byte boundary (the swizzle atom); the C staging of the
    // two warpgroups reuses its first 32 KB once the last tile is consumed.
    extern __shared__ unsigned char smem_raw[];
    __shared__ uint64_t full[STAGES];  // slot s holds its tile once this phase completes
    __shared__ uint64_t empty[STAGES]; // slot s is free again once this phase completes
    const uint32_t ring = (smem_addr(smem_raw) + 1023) & ~1023u, c_stage = ring;

    // warp_id from lane 0 by shuffle: the compiler then knows it is the same in all 32 lanes and
    // builds the wgmma descriptors, which depend on it, in the uniform datapath that wgmma reads
    // them from (gdesc[UR]), rather than per lane and then moved across.
    const int tid = threadIdx.x, lane = tid % 32, warp_id = __shfl_sync(0xffffffffu, tid / 32, 0);
    const int wg = warp_id / 4 - 1, warp_in_wg = warp_id % 4; // wg -1: the producer
    // Consecutive blocks walk a band of 8 tile columns down M, so the blocks resident at one
    // time share their A rows and B columns in L2.
    const struct tile_coord tile = grid_swizzle(blockIdx.y * gridDim.x + blockIdx.x, gridDim.x, gridDim.y);
    const int bx = tile.bx, by = tile.by;
    const int num_k_tiles = (K + BK - 1) / BK; // TMA zero-fills the K tail of the last tile

    if (tid == 0) {
        for (int s = 0; s < STAGES; s++) {
            mbarrier_init(smem_addr(&full[s]), 1);  // one arrival (the producer's expect_tx) + the bytes
            mbarrier_init(smem_addr(&empty[s]), 8); // one arrival from each of the 8 consumer warps
        }
        fence_mbarrier_init();
    }
    __syncthreads(); // the only block-wide barrier: the barriers are ready

    // The producer's elected thread: the five copies of K tile kt into slot s, 48 KB expected
    // on its full barrier.
    auto load_tile = [&](int s, int kt) {
        const uint32_t slot = ring + s * STAGE_BYTES, bar = smem_addr(&full[s]);
        mbarrier_arrive_expect_tx(bar, STAGE_BYTES);
        tma_load_2d(slot, &tmap_A, kt * BK, by * BM, bar);
        for (int j = 0; j < 4; j++)
            tma_load_2d(slot + A_BYTES + j * B_BOX_BYTES, &tmap_B, bx * BN + 64 * j, kt * BK, bar);
    };

    if (wg < 0) {
        // Producer: one thread walks the K tiles, waiting for each slot to come back empty. A
        // fresh barrier counts as having completed the phase before its first, so the first
        // STAGES waits (parity 1) return at once.
        setmaxnreg_dec<PRODUCER_REGS>();
        if (tid == 0)
            for (int kt = 0; kt < num_k_tiles; kt++) {
                const int s = kt % STAGES;
                mbarrier_wait_parity(smem_addr(&empty[s]), ((kt / STAGES) & 1) ^ 1);
                load_tile(s, kt);
            }
        return; // every copy it issued is waited on by the consumers before they touch the ring
    }
    setmaxnreg_inc<CONSUMER_REGS>();

    // Not zeroed: the first wgmma of the first tile ignores the accumulators (scale-d = 0), and
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

    for (int kt = 0; kt < num_k_tiles; kt++) {
        const int s = kt % STAGES;
        // Tile kt is the (kt / STAGES)-th use of slot s: wait for that phase's parity.
        mbarrier_wait_parity(smem_addr(&full[s]), (kt / STAGES) & 1);

        const uint32_t slot = ring + s * STAGE_BYTES;
        wgmma_fence(); // the accumulators were last written by the previous batch
#pragma unroll
        for (int ks = 0; ks < BK / 16; ks++)
            wgmma<T, 256>(sum, desc_a(slot, ks), desc_b(slot, ks), kt > 0 || ks > 0);
        wgmma_commit_group();
        // Keep this tile's batch in flight; once the one before it has retired, this warp no
        // longer reads slot (kt - 1) % STAGES: hand it back to the producer.
        wgmma_wait_group<1>();
        if (kt > 0 && lane == 0)
            mbarrier_arrive(smem_addr(&empty[(kt - 1) % STAGES]));
    }
    wgmma_wait_group<0>(); // the last batch
    // Both consumer warpgroups are done with the ring (the producer issues nothing more): its
    // memory becomes Cs. Barrier 3 counts the 256 consumer threads only (1 and 2 are each
    // warpgroup's own).
    named_barrier_sync(3, 256);

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
            int c_row = by * BM + wg * 64 + p.row, c_col = bx * BN + h * C_COLS + p.col;
            if (c_row < M && c_col < N)
                *reinterpret_cast<uint4 *>(&C[c_row * N + c_col]) =
                    *reinterpret_cast<const uint4 *>(&Cs[p.row][SWIZZLE_C(p.row, p.col)]);
        }
    }
#endif
}

// One block per 128 x 256 tile of C; the edge tiles are partial.
GEMM_GRID(gemm_grid)
{
    (void)k;
    (void)opts;
    return {(n + BN - 1) / BN, (m + BM - 1) / BM, 1};
}

// The ring and the 1024 bytes its alignment may need.
static int smem_bytes(int stages) { return stages * STAGE_BYTES + 1024; }

template <typename T, int STAGES>
static cudaError_t launch_stages(const void *A, const void *B, void *C, int m, int n, int k, enum dtype t,
                                 const struct launch_opts *opts, cudaStream_t stream)
{
    // 384 threads, the ring's shared memory, no cluster, sm_90a only, one block per tile
    const struct kernel_config config = {384, smem_bytes(STAGES), 1, true, 0};
    const struct gemm_tensor_maps maps = gemm_tensor_maps(A, B, C, t, m, n, k, BM, 0);
    return launch_kernel<hgemm_wgmma_ws<T, STAGES>>(
        config, gemm_grid(m, n, k, opts), opts, stream, *maps.A, *maps.B, static_cast<T *>(C), m, n, k);
}

STAGED_LAUNCHERS(2, 4)
