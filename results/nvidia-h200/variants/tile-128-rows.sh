#!/usr/bin/env bash
# 16's 128-row fits for M <= 128, 128 x 64 (--tile 8) and 128 x 128 (--tile 9), checked at six
# shapes and under racecheck, then timed against the rule (--tile 0), 128 x 256 alone (2), 64 x 256
# pairs (3) and 64 x 128 pairs (5) at the suite's six M = 128 shapes, bf16, twice. Run from the
# repository root on an H200: bash results/nvidia-h200/variants/tile-128-rows.sh. Its log
# (tile-128-rows-1edcc78.log) was made on the tree of 1edcc78 before its fit_tile change, so that
# --tile 0 is a56f5ab's rule. Each timing row: ratio to cuBLAS, largest error.
set -u
export PATH=$PATH:/usr/local/cuda/bin
log() { echo "### $(date +%T) [$SECONDS s] $*"; }
log build
make -j16 ARCH=90 build/16_hgemm_small_m >/tmp/tile-128-rows-build.log 2>&1 || { tail -40 /tmp/tile-128-rows-build.log; exit 1; }
B=build/16_hgemm_small_m
nvidia-smi --query-gpu=name,clocks.sm,power.draw,temperature.gpu --format=csv,noheader
for t in 8 9; do
  log check --tile $t
  for a in "--m 129 --n 1000 --k 1000 --split 7" "--m 100 --n 1000 --k 4104" "--m 128 --n 7168 --k 2048" "--m 1 --n 8 --k 8" \
           "--m 300 --n 1000 --k 1000 --split 1024" "--m 128 --n 2112 --k 7168"; do
    timeout 60 $B $a --tile $t --iters 2 > /tmp/t.txt 2>&1; echo "rc $? | $a | $(grep -cE ' ok ' /tmp/t.txt) ok"
  done
  timeout 120 compute-sanitizer --tool racecheck --error-exitcode 99 $B --m 100 --n 1000 --k 1000 --split 7 --tile $t --dtype bf16 --iters 1 --warmup 0 2>&1 | grep SUMMARY
done
log timing
for round in 1 2; do
  while read -r m n k; do
    for t in 0 2 3 5 8 9; do
      echo "r$round t$t | $m $n $k | $(timeout 60 $B --m $m --n $n --k $k --tile $t --dtype bf16 --iters 200 2>&1 | grep -E '^16_' | tail -1 | awk '{print $7, $9, $10}')"
    done
  done < <(grep -E '^ *128 ' shapes/llm.txt)
done
log done
