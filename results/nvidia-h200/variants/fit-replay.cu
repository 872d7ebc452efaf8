// For fit-replay.py: for each "M N K" line on stdin, fit_tile's pick on 132 SMs (its --tile
// number) and, for every fit 1..11, the K tiles and fix-ups a block of its schedule does and
// whether the schedule splits any tile. Built on the host against the kernel.cu of the commit to
// replay (no GPU needed), from the repository root:
//   nvcc -std=c++17 -Icommon/kernel -Icommon/harness -I16_hgemm_small_m -gencode arch=compute_90,code=sm_90 \
//     --cudart static results/nvidia-h200/variants/fit-replay.cu build90/obj/common/harness/*.o \
//     build90/obj/common/kernel/tma.o -o /tmp/fit-replay -lcublas -ldl -lpthread
#include "kernel.cu"

#include <cstdio>

int main()
{
    int m, n, k;
    while (scanf("%d %d %d", &m, &n, &k) == 3) {
        const struct tile_fit pick = fit_tile(m, n, k, 132, (size_t)60 << 20);
        int tile = 0;
        for (int i = 0; i < 11; i++)
            if (fits[i].bm == pick.bm && fits[i].bn == pick.bn && fits[i].cluster == pick.cluster &&
                fits[i].k_blocks == pick.k_blocks)
                tile = i + 1;
        printf("%d %d %d pick %d", m, n, k, tile);
        for (int i = 0; i < 11; i++) {
            const struct tile_fit f = fits[i];
            struct schedule_work w;
            const struct stream_k_schedule s = choose_schedule(m, n, k, f, 132 / (f.cluster * f.k_blocks), 0, &w);
            printf(" | %d %lld %d %d", i + 1, w.k_tiles, w.fixups, s.sk_iters > 0);
        }
        printf("\n");
    }
    return 0;
}
