#!/usr/bin/env bash
# 16's fits where M > 128 and 128 x 256 tiles waste columns or leave a round part-full: the rule
# (--tile 0: 15's pairs, or 128 x 256 alone where the tiles take one round) against 128 x 256
# pairs (1) and alone (2), 128 x 128 (9) and 128 x 64 alone (8), at 4096 x 2112 x 7168 (N = 8.25
# tiles of 256), 2048^3 (128 tiles of 128 x 256: one round on 132 SMs) and 512 x 16384 x 16384,
# bf16, 200 runs, twice. Run from the repository root on
# an H200: bash results/nvidia-h200/variants/tile-m-large.sh. Each row: ratio to cuBLAS, largest error.
set -u
export PATH=$PATH:/usr/local/cuda/bin
log() { echo "### $(date +%T) [$SECONDS s] $*"; }
log build
make -j16 ARCH=90 build/16_hgemm_small_m >/tmp/tile-m-large-build.log 2>&1 || { tail -40 /tmp/tile-m-large-build.log; exit 1; }
B=build/16_hgemm_small_m
nvidia-smi --query-gpu=name,clocks.sm,power.draw,temperature.gpu --format=csv,noheader
for round in 1 2; do
  for shape in "4096 2112 7168" "2048 2048 2048" "512 16384 16384"; do
    set -- $shape
    for t in 0 1 2 9 8; do
      echo "r$round t$t | $1 $2 $3 | $(timeout 60 $B --m $1 --n $2 --k $3 --tile $t --dtype bf16 --iters 200 2>&1 | grep -E '^16_' | tail -1 | awk '{print $7, $9, $10}')"
    done
  done
done
log done
