#!/usr/bin/env bash
# 16d48f2 (the slot's shuffle before the full-barrier wait) against a9fe736 (after it): where
# SHFL and the waits sit in 16's SASS, 16 at four small-M shapes and 4096^3 (--no-check), then
# make test STEP="15 16" with it. Run from the repository root on an H200 at 16d48f2 or later:
# bash results/nvidia-h200/variants/early-shuffle-ab.sh (it builds, patches, and restores).
set -u
log() { echo "### $(date +%T) [$SECONDS s] $*"; }
log start
git diff 16d48f2^ 16d48f2 -- 15_hgemm_stream_k 16_hgemm_small_m >/tmp/early.diff
git apply -R /tmp/early.diff || exit 1
make -j16 ARCH=90 >/tmp/early-build.log 2>&1 || { git apply /tmp/early.diff; tail -40 /tmp/early-build.log; exit 1; }
mkdir -p /tmp/head /tmp/early; cp build/15_hgemm_stream_k build/16_hgemm_small_m /tmp/head/
git apply /tmp/early.diff || exit 1
make -j16 ARCH=90 build/15_hgemm_stream_k build/16_hgemm_small_m >>/tmp/early-build.log 2>&1 || { tail -40 /tmp/early-build.log; exit 1; }
cp build/15_hgemm_stream_k build/16_hgemm_small_m /tmp/early/
cuobjdump -sass build/obj/16_hgemm_small_m/kernel.o | grep -E "SHFL|PHASECHK|Function" | head -30 | cut -c1-110
t() { local l=$1; shift; echo "$l: $(timeout 60 "$@" --no-check --csv 2>&1 | grep -v ',cublas_' | grep -E '^[^,]*,1' | cut -d, -f4,8,10,12 | tr '\n' ' ')"; }
log ab
for rep in 1 2; do for sh in "128 7168 2048" "128 2112 7168" "64 7168 2048" "128 4096 7168"; do
  set -- $sh
  for v in head early; do t "$sh $v" /tmp/$v/16_hgemm_small_m --m $1 --n $2 --k $3 --dtype all --iters 200 --warmup 20; done
done; done
for v in head early; do t "4096 $v" /tmp/$v/16_hgemm_small_m --size 4096 --dtype all --iters 50 --warmup 10; done
log test
( time timeout 150 make test ARCH=90 TEST_JOBS=16 STEP="15 16" ) >/tmp/early-test.log 2>&1; echo "rc $?"
grep -E "^FAIL" /tmp/early-test.log | head; grep -E "passed|^real" /tmp/early-test.log
log done
