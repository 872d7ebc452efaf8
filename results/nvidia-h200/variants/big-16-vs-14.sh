#!/usr/bin/env bash
# 16 against 14 where both run whole 128 x 256 tiles (2048^3: one round of tiles alone; 4096^3:
# pairs, four rounds): ROUNDS interleaved rounds of one process each (bf16, 100 timed runs), the
# kernel's median ms and its ratio to cuBLAS; then the median of each. Run from the repository
# root on an H200 with the build in BUILD: bash results/nvidia-h200/variants/big-16-vs-14.sh [BUILD] [ROUNDS]
source "$(dirname "${BASH_SOURCE[0]}")/ab-common.sh"
build=${1:-build90} rounds=${2:-5}
for r in $(seq "$rounds"); do
    for size in 2048 4096; do
        for step in 14_hgemm_wgmma_tma_store 16_hgemm_small_m; do
            echo "size $size ${step%%_*} $(row "$build/$step" "--size $size --warmup-ms 300")" | tee -a "$OUT/big-rows.txt"
        done
    done
done
for key in "2048 14" "2048 16" "4096 14" "4096 16"; do
    grep "^size $key " "$OUT/big-rows.txt" | awk '{print $4, $5}' | sort -n |
        awk -v key="$key" '{v[NR] = $0} END {printf "median of %d, size %s: %s\n", NR, key, v[int((NR + 1) / 2)]}'
done
log done
