// tests/stream_k_check.h on step 15's plan and walk (schedule.h), and its rule on an H200's 66
// clusters of 2.
#include "../15_hgemm_stream_k/kernel.cu"

#include <string>

#define STEP_NAME "15_hgemm_stream_k"
typedef struct plan schedule_t;

static struct plan schedule_at(int m, int n, int k, int sm_count, int forced, long long *groups, int *k_tiles)
{
    *groups = num_groups(m, n);
    *k_tiles = (k + BK - 1) / BK;
    return plan_for(*groups, *k_tiles, sm_count / CLUSTER, FIXUP_ITERS, forced);
}

#include "stream_k_check.h"

int main()
{
    run_checks();
    long long g;
    int kt;
    const struct plan big = schedule_at(4096, 4096, 4096, 132, 0, &g, &kt),
                                   huge = schedule_at(8192, 8192, 8192, 132, 0, &g, &kt),
                                   few = schedule_at(64, 2112, 7168, 132, 0, &g, &kt),
                                   hybrid = schedule_at(2560, 3584, 2000, 132, 0, &g, &kt),
                                   thin = schedule_at(256, 17152, 2048, 132, 0, &g, &kt);
    report(big.mode == DATA_PARALLEL && big.sk_iters == 0 && huge.mode == DATA_PARALLEL && huge.sk_iters == 0 &&
               few.mode == SPLIT_K && few.dp_groups == 0 && few.sk_iters > 0 && few.clusters == 63 &&
               hybrid.mode == STREAM_K && hybrid.dp_groups == 132 && hybrid.sk_iters == 8 * 32 &&
               thin.mode == STREAM_K && thin.dp_groups == 0 && thin.sk_iters == 67 * 32,
           "the rule on 66 clusters: 4096^3 and 8192^3 DATA_PARALLEL (3% idle), 64x2112x7168 SPLIT_K, 7 parts a "
           "group on 63 clusters, 2560x3584x2000 STREAM_K with its two full waves whole, 256x17152x2048 "
           "(67 groups: a partial wave of 32 iterations, fewer than the clusters) STREAM_K over all of it",
           "another choice");
    return failures ? 1 : 0;
}
