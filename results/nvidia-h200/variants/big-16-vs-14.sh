#!/usr/bin/env bash
# 16 against 14 where both run whole 128 x 256 tiles (2048^3: one round of tiles alone; 4096^3 and
# up: pairs, four rounds and more): ROUNDS interleaved rounds of one process each (bf16, 100 timed
# runs), the kernel's median ms and its ratio to cuBLAS; then the median of each. SIZES (default
# "2048 4096") the cube sizes. Run from the repository root on an H200 with the build in BUILD:
# [SIZES="8192 12288"] bash results/nvidia-h200/variants/big-16-vs-14.sh [BUILD] [ROUNDS]
source "$(dirname "${BASH_SOURCE[0]}")/ab-common.sh"
build=${1:-build90} rounds=${2:-5} sizes=${SIZES:-2048 4096}
for r in $(seq "$rounds"); do
    for size in $sizes; do
        for step in 14_hgemm_wgmma_tma_store 16_hgemm_small_m; do
            echo "size $size ${step%%_*} $(row "$build/$step" "--size $size --warmup-ms 300")" | tee -a "$OUT/big-rows.txt"
        done
    done
done
for size in $sizes; do
    for key in "$size 14" "$size 16"; do
        ms=$(grep "^size $key " "$OUT/big-rows.txt" | awk '{print $4}' | sort -n | awk '{v[NR] = $0} END {print v[int((NR + 1) / 2)]}')
        ratio=$(grep "^size $key " "$OUT/big-rows.txt" | awk '{print $5}' | sort -n | awk '{v[NR] = $0} END {print v[int((NR + 1) / 2)], "over", NR}')
        echo "median, size $key: $ms ms, $ratio rounds"
    done
done
log "done"
