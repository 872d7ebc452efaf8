#!/usr/bin/env bash
# 11-14 at 8192^3 in both precisions, each in its own process as make sweep runs them, after 5,
# 100 and 400 warm-up runs (--warmup), twice: a line per kernel with its TFLOPS, ratio to cuBLAS,
# cuBLAS's TFLOPS and the two SM clocks (log warmup-8192-b641a61.log). Run from the repository
# root after `make ARCH=90`.
set -u
for round in 1 2; do
    for w in 5 100 400; do
        for s in 11_hgemm_wgmma_ws 12_hgemm_wgmma_persistent 13_hgemm_wgmma_multicast 14_hgemm_wgmma_tma_store; do
            timeout 60 build/$s --size 8192 --dtype all --iters 20 --warmup $w --csv 2>&1 | grep -v '^gpu,' |
                awk -F, -v r=$round -v w=$w '$3 !~ /^cublas_/ {printf "r%s w%-3s %s %s %.1f %s cub %.1f mhz %s/%s\n", r, w, $2, $4, $9, $12, $11, $15, $16}'
        done
    done
done
