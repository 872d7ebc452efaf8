#!/usr/bin/env bash
# One device call: 16 at two rules, timed at the settled clock (settled-fits.sh), then make test
# of the new one. buildold/16_hgemm_small_m and buildnew/ (make ARCH=90 BUILD=buildnew STEP=16)
# are built here and carried. Run from the repository root on the H200:
# OUT=DIR bash results/nvidia-h200/variants/settled-call.sh
set -u
export PATH=$PATH:/usr/local/cuda/bin
v=results/nvidia-h200/variants
log() { echo "### $(date +%T) [$SECONDS s] $*"; }
{
echo "# bash results/nvidia-h200/variants/settled-call.sh on the H200 ($(date -u +%F)): buildold/16_hgemm_small_m (3ae21bf) and buildnew/ (STEP=16) with the rule without 128 x 128 twins, both built on the dev machine; $v/settled-fits.sh buildold buildnew 2 (timeout 170), make test ARCH=90 STEP=16 BUILD=buildnew TEST_JOBS=12 (timeout 110)"
nvidia-smi --query-gpu=name,clocks.sm,power.draw,temperature.gpu --format=csv,noheader
make -j16 ARCH=90 BUILD=buildnew STEP=16 >"$OUT/build.txt" 2>&1 || { tail -20 "$OUT/build.txt"; exit 1; }
log "buildnew up to date, $(grep -c nvcc "$OUT/build.txt") nvcc lines; SASS: HGMMA $(cuobjdump -sass buildnew/16_hgemm_small_m | grep -c HGMMA), STL/LDL $(cuobjdump -sass buildnew/16_hgemm_small_m | grep -c -E 'STL|LDL')"
OUT=$OUT timeout 170 bash $v/settled-fits.sh buildold buildnew 2 >"$OUT/settled-fits.log" 2>&1
echo "settled-fits exit $?"; cat "$OUT/settled-fits.log"
log "make test STEP=16 BUILD=buildnew"
timeout 110 make test ARCH=90 STEP=16 BUILD=buildnew TEST_JOBS=12 >"$OUT/test.txt" 2>&1
echo "make test exit $?"; tail -3 "$OUT/test.txt"; grep -E '^FAIL' "$OUT/test.txt" | head
log "done"
} 2>&1 | tee "$OUT/final.log"
