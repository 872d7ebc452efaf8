#!/usr/bin/env bash
# 14 and 16 at 308e7a3 (BIN_DIR/14_base, 16_base from build-16-variants.sh) against 16_dpw, the same
# 16 with 860544a's sk_begin (no 64-bit division when nothing is split: git apply the sk_begin hunk
# of 860544a's 16_hgemm_small_m/kernel.cu, make ARCH=90): 16_dpw checked at two shapes (exit
# status), then the three at 4096^3, 2048^3 and 128 x 7168 x 2048, fp16 and bf16, 200 runs, three
# times; each: ms, ratio to cuBLAS, SM MHz.
# Usage, on an H200 from anywhere: bash results/nvidia-h200/variants/sk-begin-ab.sh [BIN_DIR]
. "$(dirname "$0")/ab-common.sh"
row_mhz() { timeout 60 "$1" $2 --dtype "$3" --iters 200 --no-check --csv 2>&1 |
    awk -F, '$3 ~ /hgemm/ { printf "%s %sx %s", $8, $12, $15 }'; }
for dt in fp16 bf16; do
  $B/16_dpw --size 512 --dtype $dt --iters 3 > /dev/null 2>&1; echo "check 16_dpw 512 $dt rc=$?"
  $B/16_dpw --m 100 --n 1000 --k 1000 --split 7 --dtype $dt --iters 3 > /dev/null 2>&1; echo "check 16_dpw split $dt rc=$?"
done
for round in 1 2 3; do
  for args in "--size 4096" "--size 2048" "--m 128 --n 7168 --k 2048"; do
    for dt in fp16 bf16; do
      echo "r$round | $args $dt | 14 $(row_mhz $B/14_base "$args" $dt) | base $(row_mhz $B/16_base "$args" $dt) | dpw $(row_mhz $B/16_dpw "$args" $dt)"
    done
  done
done
