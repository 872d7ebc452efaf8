// Inline-PTX wrappers for the instructions the ladder teaches, grouped by topic in the order
// the steps meet them (PTX ISA 8.x):
//   1. shared addresses                 5. mbarrier (09 on)
//   2. cp.async and L2 prefetch (01-08) 6. TMA: tensor copies, multicast, stores, bulk groups (09 on)
//   3. ldmatrix and stmatrix            7. fences, named barriers and clusters (11 on)
//   4. mma.sync and output packing      8. wgmma and setmaxnreg (10 on, sm_90a)
//                                       9. flags between blocks, in global memory (15 on)
// Fragments are passed as 32-bit registers, exactly as the ISA's tables lay them out; shared
// addresses as 32-bit .shared window addresses (smem_addr).
#ifndef PTX_CUH
#define PTX_CUH

#include <cstdint>
#include <type_traits>
#include <cuda.h> // CUtensorMap (a type only: nothing links libcuda)
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda_fp8.h>


// ---- 1. Shared addresses

__device__ __forceinline__ uint32_t smem_addr(const void *p)
{
    return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

// ---- 2. cp.async and L2 prefetch

// 16 bytes global -> shared, bypassing L1 (.cg). The .L2::128B / .L2::256B hint lets L2 fetch
// the whole aligned block from DRAM, so the next K tiles of a row arrive along with this one.
// The shared side is a .shared window address (smem_addr), so a kernel can keep it in one
// 32-bit register and add constant offsets.
template <int L2_PREFETCH_BYTES = 128>
__device__ __forceinline__ void cp_async_cg16(uint32_t smem, const void *gmem)
{
    static_assert(L2_PREFETCH_BYTES == 128 || L2_PREFETCH_BYTES == 256, "PTX offers 128B and 256B");
    if constexpr (L2_PREFETCH_BYTES == 256)
        asm volatile("cp.async.cg.shared.global.L2::256B [%0], [%1], 16;\n" :: "r"(smem), "l"(gmem) : "memory");
    else
        asm volatile("cp.async.cg.shared.global.L2::128B [%0], [%1], 16;\n" :: "r"(smem), "l"(gmem) : "memory");
}

template <int L2_PREFETCH_BYTES = 128>
__device__ __forceinline__ void cp_async_cg16(void *smem, const void *gmem)
{
    cp_async_cg16<L2_PREFETCH_BYTES>(smem_addr(smem), gmem);
}

__device__ __forceinline__ void cp_async_commit() { asm volatile("cp.async.commit_group;\n" ::: "memory"); }

// Waits until at most N of this thread's committed groups are still in flight.
template <int N>
__device__ __forceinline__ void cp_async_wait_group()
{
    asm volatile("cp.async.wait_group %0;\n" :: "n"(N) : "memory");
}

// Fetches the 128-byte line holding p into L2 and returns at once: nothing waits on it.
__device__ __forceinline__ void prefetch_l2(const void *p) { asm volatile("prefetch.global.L2 [%0];\n" :: "l"(p)); }

// ---- 3. ldmatrix and stmatrix

// ldmatrix: lane i supplies the address of row i%8 of matrix i/8; each lane receives, per
// matrix, the 32-bit word (i%4) of row i/4.
__device__ __forceinline__ void ldmatrix_x2(uint32_t (&r)[2], uint32_t addr)
{
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];\n"
                 : "=r"(r[0]), "=r"(r[1]) : "r"(addr));
}

__device__ __forceinline__ void ldmatrix_x2(uint32_t (&r)[2], const void *p) { ldmatrix_x2(r, smem_addr(p)); }

__device__ __forceinline__ void ldmatrix_x4(uint32_t (&r)[4], uint32_t addr)
{
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(addr));
}

__device__ __forceinline__ void ldmatrix_x4(uint32_t (&r)[4], const void *p) { ldmatrix_x4(r, smem_addr(p)); }

// .trans: lane i receives the two 16-bit elements of column i/4, rows 2(i%4) and 2(i%4)+1.
__device__ __forceinline__ void ldmatrix_x2_trans(uint32_t (&r)[2], uint32_t addr)
{
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];\n"
                 : "=r"(r[0]), "=r"(r[1]) : "r"(addr));
}

__device__ __forceinline__ void ldmatrix_x2_trans(uint32_t (&r)[2], const void *p) { ldmatrix_x2_trans(r, smem_addr(p)); }

// The lane's index, read from %laneid where it is called: a volatile asm is not hoisted, so
// addresses made from it there are made there, not held in registers from the kernel's start.
__device__ __forceinline__ int lane_id()
{
    int lane;
    asm volatile("mov.u32 %0, %%laneid;\n" : "=r"(lane));
    return lane;
}

// stmatrix (sm_90): the inverse of ldmatrix.x4. Lane i supplies the address of row i%8 of
// matrix i/8; each lane gives, per matrix, the 32-bit word (i%4) of row i/4, which is exactly
// how an mma or wgmma accumulator pair sits in a lane.
__device__ __forceinline__ void stmatrix_x4(uint32_t addr, uint32_t r0, uint32_t r1, uint32_t r2, uint32_t r3)
{
    asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};\n"
                 :: "r"(addr), "r"(r0), "r"(r1), "r"(r2), "r"(r3) : "memory");
}

// .trans: each 8 x 8 matrix is stored transposed, the row lane i addresses receiving column i%8
// of matrix i/8 (its eight 16-bit elements, one from each of the lanes 4r + (i%8)/2).
__device__ __forceinline__ void stmatrix_x4_trans(uint32_t addr, uint32_t r0, uint32_t r1, uint32_t r2, uint32_t r3)
{
    asm volatile("stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%0], {%1, %2, %3, %4};\n"
                 :: "r"(addr), "r"(r0), "r"(r1), "r"(r2), "r"(r3) : "memory");
}

// The same for two matrices: lanes 0-15 supply the addresses (16's swapped parts whose width is
// an odd multiple of 8 end with one).
__device__ __forceinline__ void stmatrix_x2_trans(uint32_t addr, uint32_t r0, uint32_t r1)
{
    asm volatile("stmatrix.sync.aligned.m8n8.x2.trans.shared.b16 [%0], {%1, %2};\n"
                 :: "r"(addr), "r"(r0), "r"(r1) : "memory");
}

// ---- 4. mma.sync and output packing

// D = A*B + D, m16n8k8, tf32 operands given as raw fp32 bit patterns, fp32 accumulators.
__device__ __forceinline__ void mma_m16n8k8_tf32(float (&d)[4], const uint32_t (&a)[4], const uint32_t (&b)[2])
{
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 "
                 "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}

// D = A*B + D, m16n8k16, fp16 or bf16 operands, fp32 accumulators.
template <typename T>
__device__ __forceinline__ void mma_m16n8k16(float (&d)[4], const uint32_t (&a)[4], const uint32_t (&b)[2]);

template <>
__device__ __forceinline__ void mma_m16n8k16<__half>(float (&d)[4], const uint32_t (&a)[4], const uint32_t (&b)[2])
{
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                 "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}

template <>
__device__ __forceinline__ void mma_m16n8k16<__nv_bfloat16>(float (&d)[4], const uint32_t (&a)[4], const uint32_t (&b)[2])
{
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 "
                 "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}

// D = A*B + D, m16n8k16, fp16 operands and fp16 accumulators (two half2 registers).
__device__ __forceinline__ void mma_m16n8k16_f16acc(uint32_t (&d)[2], const uint32_t (&a)[4], const uint32_t (&b)[2])
{
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 "
                 "{%0, %1}, {%2, %3, %4, %5}, {%6, %7}, {%0, %1};\n"
                 : "+r"(d[0]), "+r"(d[1])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}

// Two fp32 accumulators -> one packed pair of T, round-to-nearest-even.
template <typename T>
__device__ __forceinline__ uint32_t pack2_rn(float lo, float hi);

template <>
__device__ __forceinline__ uint32_t pack2_rn<__half>(float lo, float hi)
{
    __half2 h = __floats2half2_rn(lo, hi);
    return *reinterpret_cast<uint32_t *>(&h);
}

template <>
__device__ __forceinline__ uint32_t pack2_rn<__nv_bfloat16>(float lo, float hi)
{
    __nv_bfloat162 h = __floats2bfloat162_rn(lo, hi);
    return *reinterpret_cast<uint32_t *>(&h);
}

// ---- 5. mbarrier

// mbarrier (sm_80+; the transaction count, expect_tx, and TMA need sm_90). A barrier completes
// a phase when its pending arrivals reach zero and the bytes it was told to expect have landed;
// waiting on a phase's parity (0, 1, 0, ...) returns once that phase has completed.
__device__ __forceinline__ void mbarrier_init(uint32_t bar, uint32_t arrivals)
{
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;\n" :: "r"(bar), "r"(arrivals) : "memory");
}

// Makes the initialised barriers visible to the other threads and to the async proxy (TMA)
// before anyone waits on them or a copy signals them.
__device__ __forceinline__ void fence_mbarrier_init()
{
    asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
}

// One arrival, and bytes more to expect in this phase (the TMA copies that complete on it).
__device__ __forceinline__ void mbarrier_arrive_expect_tx(uint32_t bar, uint32_t bytes)
{
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" :: "r"(bar), "r"(bytes) : "memory");
}

// Spins until the phase of the given parity has completed. try_wait may itself suspend the
// thread for a while, so the loop is not a busy spin on the shared-memory pipe. SEM is what the
// wait orders: "" (.acquire at CTA scope) or ".acquire.cluster" (mbarrier_wait_parity_cluster).
#define MBARRIER_TRY_WAIT_LOOP(SEM)                                                              \
    do {                                                                                         \
        uint32_t done;                                                                           \
        do {                                                                                     \
            asm volatile("{\n"                                                                   \
                         ".reg .pred p;\n"                                                       \
                         "mbarrier.try_wait.parity" SEM ".shared::cta.b64 p, [%1], %2;\n"        \
                         "selp.u32 %0, 1, 0, p;\n"                                               \
                         "}\n"                                                                   \
                         : "=r"(done) : "r"(bar), "r"(parity) : "memory");                       \
        } while (!done);                                                                         \
    } while (0)

__device__ __forceinline__ void mbarrier_wait_parity(uint32_t bar, uint32_t parity) { MBARRIER_TRY_WAIT_LOOP(""); }

// One arrival on the barrier (no bytes): a consumer hands a slot back to the producer.
__device__ __forceinline__ void mbarrier_arrive(uint32_t bar)
{
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];\n" :: "r"(bar) : "memory");
}

// One arrival on a barrier of another block of the cluster (addr from mapa_shared). Its default
// .release.cta order is enough for a slot whose reads were wgmma, retired by wgmma.wait_group; a
// .release.cluster arrival fences at cluster scope and stalls the consumer for it.
__device__ __forceinline__ void mbarrier_arrive_cluster(uint32_t remote_bar)
{
    asm volatile("mbarrier.arrive.shared::cluster.b64 _, [%0];\n" :: "r"(remote_bar) : "memory");
}

// ---- 6. TMA

// TMA: the box of the tensor map at coordinates (c0 innermost, c1) lands in shared memory at
// dst (laid out and swizzled as the map says); its bytes complete_tx on the barrier bar.
// Elements past the tensor's edge arrive as zeros and count as bytes all the same.
__device__ __forceinline__ void tma_load_2d(uint32_t dst, const CUtensorMap *map, int c0, int c1, uint32_t bar)
{
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];\n"
                 :: "r"(dst), "l"(reinterpret_cast<uint64_t>(map)), "r"(c0), "r"(c1), "r"(bar) : "memory");
}

// tma_load_2d into every block of the cluster named in cta_mask (bit i: rank i), at the same
// shared offset dst in each, its bytes completing on the barrier at offset bar in each.
__device__ __forceinline__ void tma_load_2d_multicast(uint32_t dst, const CUtensorMap *map, int c0, int c1,
                                                      uint32_t bar, uint16_t cta_mask)
{
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster"
                 " [%0], [%1, {%2, %3}], [%4], %5;\n"
                 :: "r"(dst), "l"(reinterpret_cast<uint64_t>(map)), "r"(c0), "r"(c1), "r"(bar), "h"(cta_mask)
                 : "memory");
}

// TMA store: the box at src (laid out and swizzled as the map says) goes to the tensor at
// (c0, c1); elements past the tensor's edge are not written. The copy joins this thread's
// current bulk group.
__device__ __forceinline__ void tma_store_2d(const CUtensorMap *map, int c0, int c1, uint32_t src)
{
    asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%0, {%1, %2}], [%3];\n"
                 :: "l"(reinterpret_cast<uint64_t>(map)), "r"(c0), "r"(c1), "r"(src) : "memory");
}

// A bulk copy without a tensor map: `bytes` (a multiple of 16) from global src to shared dst,
// both 16-byte aligned, one contiguous run; its bytes complete_tx on the barrier bar.
__device__ __forceinline__ void bulk_load(uint32_t dst, const void *src, uint32_t bytes, uint32_t bar)
{
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];\n"
                 :: "r"(dst), "l"(reinterpret_cast<uint64_t>(src)), "r"(bytes), "r"(bar) : "memory");
}

__device__ __forceinline__ void bulk_commit_group() { asm volatile("cp.async.bulk.commit_group;\n" ::: "memory"); }

// Waits until at most N of this thread's bulk groups still read their shared-memory source:
// the staging buffer may be written again (the global writes may still be in flight).
template <int N>
__device__ __forceinline__ void bulk_wait_group_read()
{
    asm volatile("cp.async.bulk.wait_group.read %0;\n" :: "n"(N) : "memory");
}

// Waits until at most N of this thread's bulk groups are still in flight at all.
template <int N>
__device__ __forceinline__ void bulk_wait_group()
{
    asm volatile("cp.async.bulk.wait_group %0;\n" :: "n"(N) : "memory");
}

// ---- 7. Fences, named barriers and clusters

// Orders this thread's earlier generic-proxy shared-memory accesses before later async-proxy
// ones (TMA, wgmma) that touch the same memory.
__device__ __forceinline__ void fence_proxy_async_shared()
{
    asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
}

// Orders global memory this thread wrote, or acquired from other threads (flag_acquire), before
// its later async-proxy accesses to it: the bulk copies then read what the generic stores wrote.
__device__ __forceinline__ void fence_proxy_async_global()
{
    asm volatile("fence.proxy.async.global;\n" ::: "memory");
}

// A barrier among `threads` threads (a multiple of 32) of the block, numbered id (1..15; 0 is
// __syncthreads): the consumer warpgroups synchronise without waiting for the producer. bar.sync
// is .aligned: each warp must reach it converged, which __syncwarp makes sure of after a branch
// that one lane took alone (a flag's spin, a TMA store's wait).
__device__ __forceinline__ void named_barrier_sync(int id, int threads)
{
    __syncwarp();
    asm volatile("bar.sync %0, %1;\n" :: "r"(id), "r"(threads) : "memory");
}

// Thread-block clusters (sm_90). This block's rank in its cluster (0 .. cluster size - 1).
__device__ __forceinline__ uint32_t cluster_ctarank()
{
    uint32_t r;
    asm volatile("mov.u32 %0, %%cluster_ctarank;\n" : "=r"(r));
    return r;
}

// The address of the same shared variable in the block of rank `rank` of this cluster (a
// .shared::cluster address: only cluster-scoped instructions take it).
__device__ __forceinline__ uint32_t mapa_shared(uint32_t addr, uint32_t rank)
{
    uint32_t r;
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;\n" : "=r"(r) : "r"(addr), "r"(rank));
    return r;
}

// The cluster barrier in its two halves, for a block with work to do between them: arrive, then,
// later, wait for the rest of the cluster to have arrived. Each thread arrives once before it
// waits once. Not .aligned: the threads of a warp may reach it apart.
__device__ __forceinline__ void cluster_arrive() { asm volatile("barrier.cluster.arrive.release;\n" ::: "memory"); }
__device__ __forceinline__ void cluster_wait() { asm volatile("barrier.cluster.wait.acquire;\n" ::: "memory"); }
// An arrival that orders nothing: for a barrier that only keeps the blocks alive, once what they
// wrote to each other was released through an mbarrier.
__device__ __forceinline__ void cluster_arrive_relaxed() { asm volatile("barrier.cluster.arrive.relaxed;\n" ::: "memory"); }

// Every thread of every block of the cluster arrives, then waits for all the others: what one
// block did before it (its barriers initialised, its last remote arrival) is then visible to all.
__device__ __forceinline__ void cluster_sync()
{
    cluster_arrive();
    cluster_wait();
}

// A 16-byte store into another block's shared memory (addr from mapa_shared, 16-byte aligned)
// that does not wait to be seen: its bytes complete_tx on that block's barrier remote_bar (also
// from mapa_shared), so the threads waiting there see them with no fence or arrival here.
__device__ __forceinline__ void st_async_v4(uint32_t remote_addr, float x, float y, float z, float w,
                                            uint32_t remote_bar)
{
    asm volatile("st.async.shared::cluster.mbarrier::complete_tx::bytes.v4.b32 [%0], {%1, %2, %3, %4}, [%5];\n" ::"r"(
                     remote_addr),
                 "r"(__float_as_uint(x)), "r"(__float_as_uint(y)), "r"(__float_as_uint(z)), "r"(__float_as_uint(w)),
                 "r"(remote_bar)
                 : "memory");
}

// An arrival on another block's barrier with .release at cluster scope: this thread's accesses
// before it (its stores into that block's shared memory, say) are visible to, or done before,
// whatever the waiting threads do after mbarrier_wait_parity_cluster returns.
__device__ __forceinline__ void mbarrier_arrive_release_cluster(uint32_t remote_bar)
{
    asm volatile("mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%0];\n" :: "r"(remote_bar) : "memory");
}

// mbarrier_wait_parity with .acquire at cluster scope, the other side of
// mbarrier_arrive_release_cluster.
__device__ __forceinline__ void mbarrier_wait_parity_cluster(uint32_t bar, uint32_t parity)
{
    MBARRIER_TRY_WAIT_LOOP(".acquire.cluster");
}

// ---- 8. wgmma and setmaxnreg (sm_90a)

// wgmma (sm_90a only). A warpgroup is 4 consecutive warps starting at a warp index divisible by
// 4; its 128 threads issue each wgmma together, and the tensor cores read A and B straight from
// shared memory through 64-bit matrix descriptors:
//   bits 0-13 start address >> 4, 16-29 leading-dimension byte offset >> 4, 32-45 stride-
//   dimension byte offset >> 4, 62-63 swizzle (1: 128-byte).
// With the 128-byte swizzle an operand is made of 8-row x 128-byte atoms (1024-byte aligned).
// K-major (rows along M or N, K contiguous, like A here): the stride offset steps from one
// 8-row group to the next; the leading offset is unused. MN-major (K rows, M or N contiguous,
// like B here, read with the transpose bit): the leading offset steps from one 64-element
// (128-byte) column group to the next, the stride offset from one 8-row group of K to the next.
__device__ __forceinline__ uint64_t wgmma_desc_sw128(uint32_t smem, uint32_t leading_bytes, uint32_t stride_bytes)
{
    return (uint64_t)((smem & 0x3FFFF) >> 4) | (uint64_t)((leading_bytes >> 4) & 0x3FFF) << 16 |
           (uint64_t)((stride_bytes >> 4) & 0x3FFF) << 32 | 1ull << 62;
}

// desc moved on by `bytes` (a multiple of 16) in shared memory: one 32-bit add to the start
// field, where rebuilding every field is a chain of them. No carry leaves the field: it holds
// address >> 4, and shared addresses lie below 256 KB (14 bits).
__device__ __forceinline__ uint64_t wgmma_desc_add(uint64_t desc, uint32_t bytes)
{
    return (desc & 0xFFFFFFFF00000000ull) | (uint32_t)((uint32_t)desc + (bytes >> 4));
}

// Orders this warpgroup's register accesses (the accumulators) before the wgmma that follow.
__device__ __forceinline__ void wgmma_fence() { asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory"); }

// Closes the wgmma issued since the last commit into one group.
__device__ __forceinline__ void wgmma_commit_group() { asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory"); }

// Waits until at most N of this warpgroup's committed groups are still in flight: their
// accumulators are then final and their shared-memory operands free.
template <int N>
__device__ __forceinline__ void wgmma_wait_group()
{
    asm volatile("wgmma.wait_group.sync.aligned %0;\n" :: "n"(N) : "memory");
}

// D(64 x N, fp32) = A(64 x 16) * B(16 x N) + (accumulate ? D : 0), N a multiple of 8 up to 256,
// one wgmma.mma_async.m64nNk16; for e4m3 (17 on) A(64 x 32) * B(32 x N), one m64nNk32, 32 bytes
// of K as fp16's 16 are, both operands K-major (FP8 wgmma has no transpose). TRANS_A = 0: A is K-major (its rows along M, K contiguous);
// 1: MN-major, read with the transpose bit (K rows, M contiguous). TRANS_B likewise for B, whose
// rows are N: 1 is the steps' B, K x N row-major; 0 is 16's swapped operands, where A's rows are
// wgmma's N. In the D layout, warp w of the warpgroup holds rows 16w..16w+15; lane l holds rows
// 16w + l/4 and +8, columns 8j + 2(l%4) + {0, 1}: d[4j], d[4j+1] the first row, d[4j+2],
// d[4j+3] the second, j = 0..N/8-1.
template <int N>
struct wgmma_shape; // the asm of m64nNk16, one specialization for each N below

// The asm operands: the N/2 accumulators first (%0 .. %(N/2 - 1), WGMMA_REGS_n and WGMMA_ACCS_n,
// n = N/2, grown 4 at a time), then the two descriptors, scale-d's predicate and the two
// transpose immediates, whose numbers WGMMA_SHAPES gives for each N.
#define WGMMA_ACC4(a, b, c, d) "+f"(d_[a]), "+f"(d_[b]), "+f"(d_[c]), "+f"(d_[d])
#define WGMMA_REGS_4 "%0, %1, %2, %3"
#define WGMMA_ACCS_4 WGMMA_ACC4(0, 1, 2, 3)
#define WGMMA_REGS_8 WGMMA_REGS_4 ", %4, %5, %6, %7"
#define WGMMA_ACCS_8 WGMMA_ACCS_4, WGMMA_ACC4(4, 5, 6, 7)
#define WGMMA_REGS_12 WGMMA_REGS_8 ", %8, %9, %10, %11"
#define WGMMA_ACCS_12 WGMMA_ACCS_8, WGMMA_ACC4(8, 9, 10, 11)
#define WGMMA_REGS_16 WGMMA_REGS_12 ", %12, %13, %14, %15"
#define WGMMA_ACCS_16 WGMMA_ACCS_12, WGMMA_ACC4(12, 13, 14, 15)
#define WGMMA_REGS_20 WGMMA_REGS_16 ", %16, %17, %18, %19"
#define WGMMA_ACCS_20 WGMMA_ACCS_16, WGMMA_ACC4(16, 17, 18, 19)
#define WGMMA_REGS_24 WGMMA_REGS_20 ", %20, %21, %22, %23"
#define WGMMA_ACCS_24 WGMMA_ACCS_20, WGMMA_ACC4(20, 21, 22, 23)
#define WGMMA_REGS_28 WGMMA_REGS_24 ", %24, %25, %26, %27"
#define WGMMA_ACCS_28 WGMMA_ACCS_24, WGMMA_ACC4(24, 25, 26, 27)
#define WGMMA_REGS_32 WGMMA_REGS_28 ", %28, %29, %30, %31"
#define WGMMA_ACCS_32 WGMMA_ACCS_28, WGMMA_ACC4(28, 29, 30, 31)
#define WGMMA_REGS_36 WGMMA_REGS_32 ", %32, %33, %34, %35"
#define WGMMA_ACCS_36 WGMMA_ACCS_32, WGMMA_ACC4(32, 33, 34, 35)
#define WGMMA_REGS_40 WGMMA_REGS_36 ", %36, %37, %38, %39"
#define WGMMA_ACCS_40 WGMMA_ACCS_36, WGMMA_ACC4(36, 37, 38, 39)
#define WGMMA_REGS_44 WGMMA_REGS_40 ", %40, %41, %42, %43"
#define WGMMA_ACCS_44 WGMMA_ACCS_40, WGMMA_ACC4(40, 41, 42, 43)
#define WGMMA_REGS_48 WGMMA_REGS_44 ", %44, %45, %46, %47"
#define WGMMA_ACCS_48 WGMMA_ACCS_44, WGMMA_ACC4(44, 45, 46, 47)
#define WGMMA_REGS_52 WGMMA_REGS_48 ", %48, %49, %50, %51"
#define WGMMA_ACCS_52 WGMMA_ACCS_48, WGMMA_ACC4(48, 49, 50, 51)
#define WGMMA_REGS_56 WGMMA_REGS_52 ", %52, %53, %54, %55"
#define WGMMA_ACCS_56 WGMMA_ACCS_52, WGMMA_ACC4(52, 53, 54, 55)
#define WGMMA_REGS_60 WGMMA_REGS_56 ", %56, %57, %58, %59"
#define WGMMA_ACCS_60 WGMMA_ACCS_56, WGMMA_ACC4(56, 57, 58, 59)
#define WGMMA_REGS_64 WGMMA_REGS_60 ", %60, %61, %62, %63"
#define WGMMA_ACCS_64 WGMMA_ACCS_60, WGMMA_ACC4(60, 61, 62, 63)
#define WGMMA_REGS_68 WGMMA_REGS_64 ", %64, %65, %66, %67"
#define WGMMA_ACCS_68 WGMMA_ACCS_64, WGMMA_ACC4(64, 65, 66, 67)
#define WGMMA_REGS_72 WGMMA_REGS_68 ", %68, %69, %70, %71"
#define WGMMA_ACCS_72 WGMMA_ACCS_68, WGMMA_ACC4(68, 69, 70, 71)
#define WGMMA_REGS_76 WGMMA_REGS_72 ", %72, %73, %74, %75"
#define WGMMA_ACCS_76 WGMMA_ACCS_72, WGMMA_ACC4(72, 73, 74, 75)
#define WGMMA_REGS_80 WGMMA_REGS_76 ", %76, %77, %78, %79"
#define WGMMA_ACCS_80 WGMMA_ACCS_76, WGMMA_ACC4(76, 77, 78, 79)
#define WGMMA_REGS_84 WGMMA_REGS_80 ", %80, %81, %82, %83"
#define WGMMA_ACCS_84 WGMMA_ACCS_80, WGMMA_ACC4(80, 81, 82, 83)
#define WGMMA_REGS_88 WGMMA_REGS_84 ", %84, %85, %86, %87"
#define WGMMA_ACCS_88 WGMMA_ACCS_84, WGMMA_ACC4(84, 85, 86, 87)
#define WGMMA_REGS_92 WGMMA_REGS_88 ", %88, %89, %90, %91"
#define WGMMA_ACCS_92 WGMMA_ACCS_88, WGMMA_ACC4(88, 89, 90, 91)
#define WGMMA_REGS_96 WGMMA_REGS_92 ", %92, %93, %94, %95"
#define WGMMA_ACCS_96 WGMMA_ACCS_92, WGMMA_ACC4(92, 93, 94, 95)
#define WGMMA_REGS_100 WGMMA_REGS_96 ", %96, %97, %98, %99"
#define WGMMA_ACCS_100 WGMMA_ACCS_96, WGMMA_ACC4(96, 97, 98, 99)
#define WGMMA_REGS_104 WGMMA_REGS_100 ", %100, %101, %102, %103"
#define WGMMA_ACCS_104 WGMMA_ACCS_100, WGMMA_ACC4(100, 101, 102, 103)
#define WGMMA_REGS_108 WGMMA_REGS_104 ", %104, %105, %106, %107"
#define WGMMA_ACCS_108 WGMMA_ACCS_104, WGMMA_ACC4(104, 105, 106, 107)
#define WGMMA_REGS_112 WGMMA_REGS_108 ", %108, %109, %110, %111"
#define WGMMA_ACCS_112 WGMMA_ACCS_108, WGMMA_ACC4(108, 109, 110, 111)
#define WGMMA_REGS_116 WGMMA_REGS_112 ", %112, %113, %114, %115"
#define WGMMA_ACCS_116 WGMMA_ACCS_112, WGMMA_ACC4(112, 113, 114, 115)
#define WGMMA_REGS_120 WGMMA_REGS_116 ", %116, %117, %118, %119"
#define WGMMA_ACCS_120 WGMMA_ACCS_116, WGMMA_ACC4(116, 117, 118, 119)
#define WGMMA_REGS_124 WGMMA_REGS_120 ", %120, %121, %122, %123"
#define WGMMA_ACCS_124 WGMMA_ACCS_120, WGMMA_ACC4(120, 121, 122, 123)
#define WGMMA_REGS_128 WGMMA_REGS_124 ", %124, %125, %126, %127"
#define WGMMA_ACCS_128 WGMMA_ACCS_124, WGMMA_ACC4(124, 125, 126, 127)

// X(N, N/2, the numbers of desc_a, desc_b, accumulate, TRANS_A, TRANS_B) for each N.
#define WGMMA_SHAPES(X) \
    X(8, 4, 4, 5, 6, 7, 8) \
    X(16, 8, 8, 9, 10, 11, 12) \
    X(24, 12, 12, 13, 14, 15, 16) \
    X(32, 16, 16, 17, 18, 19, 20) \
    X(40, 20, 20, 21, 22, 23, 24) \
    X(48, 24, 24, 25, 26, 27, 28) \
    X(56, 28, 28, 29, 30, 31, 32) \
    X(64, 32, 32, 33, 34, 35, 36) \
    X(72, 36, 36, 37, 38, 39, 40) \
    X(80, 40, 40, 41, 42, 43, 44) \
    X(88, 44, 44, 45, 46, 47, 48) \
    X(96, 48, 48, 49, 50, 51, 52) \
    X(104, 52, 52, 53, 54, 55, 56) \
    X(112, 56, 56, 57, 58, 59, 60) \
    X(120, 60, 60, 61, 62, 63, 64) \
    X(128, 64, 64, 65, 66, 67, 68) \
    X(136, 68, 68, 69, 70, 71, 72) \
    X(144, 72, 72, 73, 74, 75, 76) \
    X(152, 76, 76, 77, 78, 79, 80) \
    X(160, 80, 80, 81, 82, 83, 84) \
    X(168, 84, 84, 85, 86, 87, 88) \
    X(176, 88, 88, 89, 90, 91, 92) \
    X(184, 92, 92, 93, 94, 95, 96) \
    X(192, 96, 96, 97, 98, 99, 100) \
    X(200, 100, 100, 101, 102, 103, 104) \
    X(208, 104, 104, 105, 106, 107, 108) \
    X(216, 108, 108, 109, 110, 111, 112) \
    X(224, 112, 112, 113, 114, 115, 116) \
    X(232, 116, 116, 117, 118, 119, 120) \
    X(240, 120, 120, 121, 122, 123, 124) \
    X(248, 124, 124, 125, 126, 127, 128) \
    X(256, 128, 128, 129, 130, 131, 132)

// One m64nNk16 for operand type TYPE ("f16" or "bf16"), scale-d as a predicate set from accumulate.
#define WGMMA_ASM(TYPE, N, R, DA, DB, P, TA, TB)                                                             \
    asm volatile("{\n"                                                                                       \
                 ".reg .pred p;\n"                                                                           \
                 "setp.ne.b32 p, %" #P ", 0;\n"                                                              \
                 "wgmma.mma_async.sync.aligned.m64n" #N "k16.f32." TYPE "." TYPE " {" WGMMA_REGS_##R "}, %" #DA \
                 ", %" #DB ", p, 1, 1, %" #TA ", %" #TB ";\n"                                                \
                 "}\n"                                                                                       \
                 : WGMMA_ACCS_##R                                                                           \
                 : "l"(desc_a), "l"(desc_b), "r"(accumulate), "n"(TRANS_A), "n"(TRANS_B))
// One m64nNk32 on e4m3: the same operands but the transposes, which FP8 does not take.
#define WGMMA_ASM_E4M3(N, R, DA, DB, P)                                                                      \
    asm volatile("{\n"                                                                                       \
                 ".reg .pred p;\n"                                                                           \
                 "setp.ne.b32 p, %" #P ", 0;\n"                                                              \
                 "wgmma.mma_async.sync.aligned.m64n" #N "k32.f32.e4m3.e4m3 {" WGMMA_REGS_##R "}, %" #DA       \
                 ", %" #DB ", p, 1, 1;\n"                                                                     \
                 "}\n"                                                                                       \
                 : WGMMA_ACCS_##R                                                                           \
                 : "l"(desc_a), "l"(desc_b), "r"(accumulate))
#define WGMMA_SHAPE(N, R, DA, DB, P, TA, TB)                                                                \
    template <>                                                                                              \
    struct wgmma_shape<N> {                                                                                  \
        template <typename T, int TRANS_A, int TRANS_B>                                                      \
        static __device__ __forceinline__ void run(float (&d_)[R], uint64_t desc_a, uint64_t desc_b, int accumulate) \
        {                                                                                                    \
            static_assert(std::is_same<T, __half>::value || std::is_same<T, __nv_bfloat16>::value ||         \
                              (std::is_same<T, __nv_fp8_e4m3>::value && TRANS_A == 0 && TRANS_B == 0),        \
                          "fp16 or bf16, or e4m3 with both operands K-major");                               \
            if constexpr (std::is_same<T, __half>::value)                                                    \
                WGMMA_ASM("f16", N, R, DA, DB, P, TA, TB);                                                   \
            else if constexpr (std::is_same<T, __nv_bfloat16>::value)                                        \
                WGMMA_ASM("bf16", N, R, DA, DB, P, TA, TB);                                                  \
            else                                                                                             \
                WGMMA_ASM_E4M3(N, R, DA, DB, P);                                                             \
        }                                                                                                    \
    };
WGMMA_SHAPES(WGMMA_SHAPE)

template <typename T, int N, int TRANS_A = 0, int TRANS_B = 1>
__device__ __forceinline__ void wgmma(float (&d)[N / 2], uint64_t desc_a, uint64_t desc_b, int accumulate)
{
    static_assert(N % 8 == 0 && N >= 8 && N <= 256, "wgmma takes N = 8, 16, .., 256");
    wgmma_shape<N>::template run<T, TRANS_A, TRANS_B>(d, desc_a, desc_b, accumulate);
}

// setmaxnreg (sm_90a): a warpgroup gives registers back to the SM's pool (dec) or takes them
// (inc); the kernel must start under a register cap (__launch_bounds__(threads, 1)).
template <int NREGS>
__device__ __forceinline__ void setmaxnreg_dec() { asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;\n" :: "n"(NREGS)); }
template <int NREGS>
__device__ __forceinline__ void setmaxnreg_inc() { asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;\n" :: "n"(NREGS)); }

// ---- 9. Flags between blocks, in global memory (15 on)

// Adds 1 with .release at GPU scope: whoever reads the sum with flag_acquire then sees every
// write this thread made before it, and those of the threads it synchronised with at a barrier
// before it (release is cumulative). A reduction: nothing comes back, nothing waits for it.
__device__ __forceinline__ void flag_arrive(int *flag)
{
    asm volatile("red.release.gpu.global.add.s32 [%0], 1;\n" :: "l"(flag) : "memory");
}

// Loads with .acquire at GPU scope: what the arriving blocks wrote before their flag_arrive is
// visible to this thread's later loads, and to its block's after a barrier.
__device__ __forceinline__ int flag_acquire(const int *flag)
{
    int v;
    asm volatile("ld.acquire.gpu.global.b32 %0, [%1];\n" : "=r"(v) : "l"(flag) : "memory");
    return v;
}

#endif
