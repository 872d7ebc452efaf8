#!/usr/bin/env bash
# 16 in each of its fits (--tile 0, the rule's, then 1..6) at every shape of shapes/llm.txt with
# M <= 128, bf16, 100 runs after 10 (--no-check): per fit the ms of 16, of cuBLAS, and the ratio.
# Run from the repository root on an H200 with the commit to measure checked out:
# bash results/nvidia-h200/variants/fit-survey.sh
set -u
log() { echo "### $(date +%T) [$SECONDS s] $*"; }
log start
make -j16 ARCH=90 >/tmp/fit-survey-build.log 2>&1 || { tail -40 /tmp/fit-survey-build.log; exit 1; }
t() { timeout 60 "$@" --no-check --csv 2>&1 | grep -v ',cublas_' | grep -E '^[^,]*,1' | cut -d, -f8,10,12 | tr '\n' ' '; }
grep -v '^#' shapes/llm.txt | awk '$1 <= 128' | while read -r m n k; do
  line="$m $n $k:"
  for tile in 0 1 2 3 4 5 6; do line="$line | $tile $(t build/16_hgemm_small_m --m $m --n $n --k $k --dtype bf16 --iters 100 --warmup 10 --tile $tile)"; done
  echo "$line"
done
log done
