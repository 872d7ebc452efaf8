#!/usr/bin/env bash
# Where 16 and cuBLAS differ at the K = 2048 rows: in what a launch costs whatever its K (the
# intercept), or in what each K tile adds (the slope)? 16 as it is (16_base) and cuBLAS in the
# same process at M = 128 and 64, N = 7168, K = 512 .. 4096, 16's fit forced (--tile 8: 128 x 64
# over the whole K; --tile 10: 64 x 128 twins; --tile 7: 64 x 64 over the whole K), so that only
# K moves; two rounds of bf16 rows (ab-common.sh's row: 16's median ms and its ratio, from which
# cuBLAS's ms). From the repository root:
# OUT=$OUT bash results/nvidia-h200/variants/k-slope.sh .device/bin
source "$(dirname "$0")/ab-common.sh" "$1"
for r in 1 2; do
    log "round $r"
    for k in 512 1024 2048 3072 4096; do
        echo "128 x 7168 x $k: tile 8 $(row "$B/16_base" "--m 128 --n 7168 --k $k --tile 8")" \
            "| 64 x 7168 x $k: tile 10 $(row "$B/16_base" "--m 64 --n 7168 --k $k --tile 10")" \
            "| tile 7 $(row "$B/16_base" "--m 64 --n 7168 --k $k --tile 7")"
    done
done
log "done"
