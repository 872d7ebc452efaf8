// One thread counts SM cycles (clock64) across 20 us of wall time (%globaltimer, in ns). Power
// and thermal limits move the clock over milliseconds, so a probe enqueued right after a timed
// GEMM reads the clock that GEMM ran at, without running inside its timed window.
#include "clock_probe.h"

__global__ void clock_probe(float *mhz)
{
    unsigned long long t0, t1;
    long long c0 = clock64();
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
    do
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t1));
    while (t1 - t0 < 20000);
    long long c1 = clock64();
    *mhz = (float)(c1 - c0) * 1e3f / (float)(t1 - t0); // cycles per ns, times 1000
}

extern "C" cudaError_t launch_clock_probe(float *mhz, cudaStream_t stream)
{
    clock_probe<<<1, 1, 0, stream>>>(mhz);
    return cudaGetLastError();
}
