/* The SM clock a GPU is running at right now, measured on the GPU. Under a power or thermal cap
 * (an H200 at 700 W during a large GEMM) it sits well below the maximum the header prints. */
#ifndef CLOCK_PROBE_H
#define CLOCK_PROBE_H

#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Enqueues one probe on the stream; it writes the SM clock in MHz to *mhz (device memory). */
cudaError_t launch_clock_probe(float *mhz, cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#endif
