#!/usr/bin/env bash
# 16's 64 x 64 fit (--tile 7) against the rule's fit (--tile 0) at the suite's 16 shapes with
# M <= 128, after a check at eight shapes and the sanitizers at one. Run from the repository root
# on an H200: bash results/nvidia-h200/variants/tile-64x64.sh. Its log (tile-64x64-d878ba4.log)
# was made on the tree of d878ba4 before its fit_tile change, so that --tile 0 is 67da060's rule.
set -u
export PATH=$PATH:/usr/local/cuda/bin
log() { echo "### $(date +%T) [$SECONDS s] $*"; }
log build
make -j16 ARCH=90 build/16_hgemm_small_m >/tmp/tile-64x64-build.log 2>&1 || { tail -40 /tmp/tile-64x64-build.log; exit 1; }
B=build/16_hgemm_small_m
log check
for a in "--m 129 --n 1000 --k 1000 --split 7" "--m 100 --n 1000 --k 4104" "--m 64 --n 7168 --k 2048" "--m 1 --n 8 --k 8" \
         "--m 37 --n 136 --k 4104 --stages 2" "--m 64 --n 2112 --k 7168" "--m 16 --n 18432 --k 16384" "--m 300 --n 1000 --k 1000 --split 1024"; do
  timeout 60 $B $a --tile 7 --iters 2 > /tmp/t.txt 2>&1; echo "rc $? | $a | $(grep -cE ' ok ' /tmp/t.txt) ok | $(grep -E 'FAIL|wrong|error' /tmp/t.txt | head -2)"
done
timeout 60 $B --m 64 --n 7168 --k 2048 --tile 7 --dtype bf16 --info | tail -1
log sanitize
for tool in racecheck synccheck memcheck; do
  timeout 120 compute-sanitizer --tool $tool --error-exitcode 99 $B --m 40 --n 1000 --k 1000 --split 7 --tile 7 --dtype all --iters 1 --warmup 0 2>&1 | grep -E "SUMMARY" | tail -1; echo "$tool rc ${PIPESTATUS[0]}"
done
log timing
for round in 1 2; do
  while read -r m n k; do
    for t in 0 7; do
      timeout 60 $B --m $m --n $n --k $k --tile $t --dtype bf16 --iters 200 > /tmp/t.txt 2>&1; rc=$?
      echo "r$round t$t | $m $n $k | rc $rc | $(grep -E '^16_' /tmp/t.txt | tail -1 | awk '{print $4, $5, $6, $7, $8}')"
    done
  done < <(grep -E '^ *(64|128|16) ' shapes/llm.txt)
done
log done
