// Which SMs share a GPC, and where a launch's clusters go: the blocks of a cluster sit in one GPC,
// and 200 KB of shared memory keeps one block per SM. Prints, for clusters of 16, 8, 4 and 2
// blocks (as many as fit at once), each cluster's SM numbers in launch order.
// Build: nvcc -arch=sm_90 gpc_map.cu -o gpc_map
#include <cstdio>
#include <cuda_runtime.h>
__global__ void where(int *out)
{
    unsigned smid;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(smid));
    if (threadIdx.x == 0) out[blockIdx.x] = smid;
}
int main()
{
    int *d, h[4096];
    cudaMalloc(&d, sizeof h);
    cudaFuncSetAttribute(where, cudaFuncAttributeMaxDynamicSharedMemorySize, 200 * 1024);
    cudaFuncSetAttribute(where, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
    for (int size = 16; size >= 2; size /= 2) {
        cudaLaunchAttribute a;
        a.id = cudaLaunchAttributeClusterDimension;
        a.val.clusterDim.x = size; a.val.clusterDim.y = 1; a.val.clusterDim.z = 1;
        cudaLaunchConfig_t c = {};
        c.blockDim = dim3(128); c.dynamicSmemBytes = 200 * 1024; c.attrs = &a; c.numAttrs = 1;
        c.gridDim = dim3(132 / size * size);
        int n = 0;
        if (cudaOccupancyMaxActiveClusters(&n, where, &c) != cudaSuccess) { printf("size %d: %s\n", size, cudaGetErrorString(cudaGetLastError())); continue; }
        c.gridDim = dim3(n * size);
        cudaMemset(d, 0xff, sizeof h);
        cudaError_t e = cudaLaunchKernelEx(&c, where, d);
        if (e == cudaSuccess) e = cudaDeviceSynchronize();
        if (e != cudaSuccess) { printf("size %d: %s\n", size, cudaGetErrorString(e)); continue; }
        cudaMemcpy(h, d, n * size * sizeof(int), cudaMemcpyDeviceToHost);
        printf("size %d clusters %d:", size, n);
        for (int i = 0; i < n * size; i++) printf("%s%d", i % size ? "," : " | ", h[i]);
        printf("\n");
    }
    return 0;
}
