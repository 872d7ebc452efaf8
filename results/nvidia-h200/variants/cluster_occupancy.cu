// max active clusters of 384-thread blocks with 12's shared memory, for cluster sizes 1, 2, 4
#include <cstdio>
#include <cuda_runtime.h>
__global__ void __launch_bounds__(384, 1) k(int *p) { extern __shared__ int s[]; if (p) p[threadIdx.x] = s[threadIdx.x]; }
int main()
{
    int smem = 4 * 49152 + 2 * 16384 + 1024;
    cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
    cudaFuncSetAttribute(k, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
    int dims[][2] = {{1, 1}, {2, 1}, {4, 1}, {2, 2}, {8, 1}};
    for (auto &d : dims) {
        cudaLaunchAttribute a; a.id = cudaLaunchAttributeClusterDimension; a.val.clusterDim.x = d[0]; a.val.clusterDim.y = d[1]; a.val.clusterDim.z = 1;
        cudaLaunchConfig_t c = {}; c.gridDim = dim3(d[0] * 32, d[1]); c.blockDim = dim3(384); c.dynamicSmemBytes = smem; c.attrs = &a; c.numAttrs = 1;
        int n = -1; cudaError_t e = cudaOccupancyMaxActiveClusters(&n, k, &c);
        printf("cluster %dx%d: max active clusters %d (%d SMs) %s\n", d[0], d[1], n, n * d[0] * d[1], cudaGetErrorString(e));
    }
}
