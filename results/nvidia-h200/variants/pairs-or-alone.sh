#!/usr/bin/env bash
# 64 x 128 tiles in pairs (--tile 5) against alone (--tile 6, what the rule takes since 67da060)
# at shapes off the suite where the rule changed from one to the other: split-K 2 to 8 and whole
# tiles, B from 4 to 34 MB; fp16 and bf16, 200 runs after 20 (--no-check), twice.
# Run from the repository root on an H200 with 67da060 or later checked out:
# bash results/nvidia-h200/variants/pairs-or-alone.sh
set -u
make -j16 ARCH=90 >/tmp/pairs-build.log 2>&1 || { tail -40 /tmp/pairs-build.log; exit 1; }
t() { timeout 60 "$@" --no-check --csv 2>&1 | grep -v ',cublas_' | grep -E '^[^,]*,1' | cut -d, -f4,8,10,12 | tr '\n' ' '; }
for rep in 1 2; do
  for sh in "128 1024 4096" "96 2048 2048" "128 2112 2048" "128 4096 2048" "96 5120 1024" "128 8192 2048"; do
    set -- $sh
    echo "$sh | $(build/16_hgemm_small_m --m $1 --n $2 --k $3 --info | tail -n 1 | sed 's/.*: \([0-9]* groups of [0-9]* tiles [0-9x]*\).*\(groups whole[^,]*\), \(.*\)(.*/\1, \2, \3/')"
    for tile in 5 6; do echo "  tile $tile: $(t build/16_hgemm_small_m --m $1 --n $2 --k $3 --dtype all --iters 200 --warmup 20 --tile $tile)"; done
  done
done
