// Inline-PTX wrappers for the instructions the ladder teaches (PTX ISA: cp.async, ldmatrix,
// mma.sync; from step 09 on mbarrier and cp.async.bulk.tensor). Fragments are passed as 32-bit
// registers, exactly as the ISA's tables lay them out; shared addresses as 32-bit .shared
// window addresses (smem_addr).
#ifndef PTX_CUH
#define PTX_CUH

#include <cstdint>
#include <cuda.h> // CUtensorMap (a type only: nothing links libcuda)
#include <cuda_fp16.h>
#include <cuda_bf16.h>

__device__ __forceinline__ uint32_t smem_addr(const void *p)
{
    return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

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

// Fetches the 128-byte line holding p into L2 and returns at once: nothing waits on it.
__device__ __forceinline__ void prefetch_l2(const void *p) { asm volatile("prefetch.global.L2 [%0];\n" :: "l"(p)); }

__device__ __forceinline__ void cp_async_commit() { asm volatile("cp.async.commit_group;\n" ::: "memory"); }

// Waits until at most N of this thread's committed groups are still in flight.
template <int N>
__device__ __forceinline__ void cp_async_wait_group()
{
    asm volatile("cp.async.wait_group %0;\n" :: "n"(N) : "memory");
}

// ldmatrix: lane i supplies the address of row i%8 of matrix i/8; each lane receives, per
// matrix, the 32-bit word (i%4) of row i/4.
__device__ __forceinline__ void ldmatrix_x1(uint32_t (&r)[1], const void *p)
{
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];\n"
                 : "=r"(r[0]) : "r"(smem_addr(p)));
}

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
__device__ __forceinline__ void ldmatrix_x1_trans(uint32_t (&r)[1], const void *p)
{
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16 {%0}, [%1];\n"
                 : "=r"(r[0]) : "r"(smem_addr(p)));
}

__device__ __forceinline__ void ldmatrix_x2_trans(uint32_t (&r)[2], uint32_t addr)
{
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];\n"
                 : "=r"(r[0]), "=r"(r[1]) : "r"(addr));
}

__device__ __forceinline__ void ldmatrix_x2_trans(uint32_t (&r)[2], const void *p) { ldmatrix_x2_trans(r, smem_addr(p)); }

__device__ __forceinline__ void ldmatrix_x4_trans(uint32_t (&r)[4], const void *p)
{
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(smem_addr(p)));
}

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

// Orders this thread's earlier generic-proxy shared-memory accesses before later async-proxy
// ones (TMA, wgmma) that touch the same memory.
__device__ __forceinline__ void fence_proxy_async_shared()
{
    asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
}

// One arrival, and bytes more to expect in this phase (the TMA copies that complete on it).
__device__ __forceinline__ void mbarrier_arrive_expect_tx(uint32_t bar, uint32_t bytes)
{
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" :: "r"(bar), "r"(bytes) : "memory");
}

// Spins until the phase of the given parity has completed. try_wait may itself suspend the
// thread for a while, so the loop is not a busy spin on the shared-memory pipe.
__device__ __forceinline__ void mbarrier_wait_parity(uint32_t bar, uint32_t parity)
{
    uint32_t done;
    do {
        asm volatile("{\n"
                     ".reg .pred p;\n"
                     "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"
                     "selp.u32 %0, 1, 0, p;\n"
                     "}\n"
                     : "=r"(done) : "r"(bar), "r"(parity) : "memory");
    } while (!done);
}

// TMA: the box of the tensor map at coordinates (c0 innermost, c1) lands in shared memory at
// dst (laid out and swizzled as the map says); its bytes complete_tx on the barrier bar.
// Elements past the tensor's edge arrive as zeros and count as bytes all the same.
__device__ __forceinline__ void tma_load_2d(uint32_t dst, const CUtensorMap *map, int c0, int c1, uint32_t bar)
{
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];\n"
                 :: "r"(dst), "l"(reinterpret_cast<uint64_t>(map)), "r"(c0), "r"(c1), "r"(bar) : "memory");
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

#endif
