#!/usr/bin/env bash
# 12, 13, 14 and 16 at 8192^3 in both precisions, each in its own process with make's settled
# warm-up (--warmup-ms 300), in five rounds: a line per kernel with its TFLOPS, ratio to cuBLAS,
# cuBLAS's TFLOPS and the two SM clocks (log settled-8192-c55a761.log). Run from the repository
# root after `make ARCH=90`; BUILD names another build folder.
set -u
BUILD=${BUILD:-build}
for round in 1 2 3 4 5; do
    for s in 12_hgemm_wgmma_persistent 13_hgemm_wgmma_multicast 14_hgemm_wgmma_tma_store 16_hgemm_small_m; do
        timeout 60 "$BUILD/$s" --size 8192 --dtype all --iters 20 --warmup 5 --warmup-ms 300 --no-check --csv 2>&1 | grep -v '^gpu,' |
            awk -F, -v r=$round '$3 !~ /^cublas_/ {printf "r%s %s %s %.1f %s cub %.1f mhz %s/%s\n", r, $2, $4, $9, $12, $11, $15, $16}'
    done
done
