#!/usr/bin/env bash
# The tests of one commit in one device call, the build carried (as make-results-call.sh): 15 and
# 16's SASS counts, the whole make test, and make sanitize STEP="15 16". Run from the repository
# root on the H200: OUT=DIR bash results/nvidia-h200/variants/tests-call.sh COMMIT
set -u
export PATH=$PATH:/usr/local/cuda/bin
c=${1:?commit}
log() { echo "### $(date +%T) [$SECONDS s] $*"; }
{
echo "# bash results/nvidia-h200/variants/tests-call.sh $c on the H200 ($(date -u +%F)), the tree of $c, build/ carried from the dev machine: make -j16 ARCH=90, SASS counts, make test ARCH=90 TEST_JOBS=12 (timeout 300), make sanitize ARCH=90 STEP=\"15 16\" (timeout 200)"
nvidia-smi --query-gpu=name,clocks.sm,power.draw,temperature.gpu,driver_version --format=csv,noheader
make -j16 ARCH=90 >"$OUT/build.txt" 2>&1 || { tail -20 "$OUT/build.txt"; exit 1; }
log "built, $(grep -c nvcc "$OUT/build.txt") nvcc lines"
for step in 15_hgemm_stream_k 16_hgemm_small_m; do
    sass=$(cuobjdump -sass "build/$step")
    echo "${step%%_*}: HGMMA $(grep -c HGMMA <<<"$sass"), STL/LDL $(grep -c -E 'STL|LDL' <<<"$sass")"
done
log "make test ARCH=90 TEST_JOBS=12"
timeout 300 make test ARCH=90 TEST_JOBS=12 >"$OUT/test-$c.log" 2>&1
echo "make test exit $?"
tail -3 "$OUT/test-$c.log"
grep -E '^FAIL' "$OUT/test-$c.log" | head -20
log "make sanitize ARCH=90 STEP=\"15 16\""
timeout 200 make sanitize ARCH=90 STEP="15 16" >"$OUT/sanitize-15-16-$c.log" 2>&1
echo "make sanitize exit $?"
tail -2 "$OUT/sanitize-15-16-$c.log"
grep -c '^clean' "$OUT/sanitize-15-16-$c.log"
log "done"
} 2>&1 | tee "$OUT/tests-$c.log"
