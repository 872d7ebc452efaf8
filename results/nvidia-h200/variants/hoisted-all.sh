#!/usr/bin/env bash
# The wgmma descriptors built once in 10-16 (wgmma_desc_add), on the H200: the tree with the change
# built here (BUILD, carried in) and the commit before built into .device/bin/old_NN. In order:
# HGMMA count and local memory of each step's kernels; make test of 10-16; each step, new against
# old, at 4096^3 and 8192^3 in both precisions, then 16 at four small shapes in bf16 (100 runs,
# median ms and ratio to cuBLAS), twice; 16's fits at the suite's M = 64 and M = 128 shapes;
# make sanitize of 16 (log hoisted-all-<commit>.log). From the repository root.
set -u
BUILD=${BUILD:-build90}
OUT=${OUT:-.}
B=.device/bin
log() { echo "### $(date +%T) [$SECONDS s] $*"; }
nvidia-smi --query-gpu=name,clocks.sm,power.draw,temperature.gpu,driver_version --format=csv,noheader
now=$(date +%s)
find "$BUILD" -type f -exec touch -d @"$now" {} +
steps="10_hgemm_wgmma 11_hgemm_wgmma_ws 12_hgemm_wgmma_persistent 13_hgemm_wgmma_multicast 14_hgemm_wgmma_tma_store 15_hgemm_stream_k 16_hgemm_small_m"
log "SASS"
for s in $steps; do
    echo "$s: HGMMA $(cuobjdump -sass "$BUILD/$s" | grep -c HGMMA), kernels with local memory: $(cuobjdump -res-usage "$BUILD/$s" 2>&1 | grep -c 'LOCAL:[1-9]')"
done
log "make test"
timeout 300 make test ARCH=90 BUILD="$BUILD" TEST_JOBS=8 STEP="10 11 12 13 14 15 16" >"$OUT/test.log" 2>&1
echo "rc $?"
grep -E "^FAIL" "$OUT/test.log" | head -10
tail -2 "$OUT/test.log"
row() { # BINARY DTYPE OPTIONS: median ms and ratio
    # shellcheck disable=SC2086 # OPTIONS is a list
    timeout 60 "$1" $3 --dtype "$2" --iters 100 --no-check --csv 2>&1 | awk -F, '$3 ~ /hgemm/ { printf "%s %sx", $8, $12 }'
}
log "new against old"
for rep in 1 2; do
    for n in 10 11 12 13 14 15 16; do
        s=$(echo $steps | tr ' ' '\n' | grep "^${n}_")
        for size in 4096 8192; do
            for dt in fp16 bf16; do
                echo "$n $size $dt | old $(row $B/old_$n $dt "--size $size") new $(row "$BUILD/$s" $dt "--size $size")"
            done
        done
    done
    for shape in "--m 128 --n 7168 --k 2048" "--m 64 --n 7168 --k 2048" "--m 128 --n 2112 --k 7168" "--m 64 --n 2112 --k 7168"; do
        echo "16 $shape bf16 | old $(row $B/old_16 bf16 "$shape") new $(row "$BUILD/16_hgemm_small_m" bf16 "$shape")"
    done
done
log "fits"
grep -v '^#' shapes/llm.txt | awk '$1 == 64 || $1 == 128' | while read -r m n k; do
    if [ "$m" = 64 ]; then tiles="0 4 6 7 10"; else tiles="0 2 8 9 11"; fi
    line="$m $n $k:"
    for t in $tiles; do line="$line | $t $(row "$BUILD/16_hgemm_small_m" bf16 "--m $m --n $n --k $k --tile $t")"; done
    echo "$line"
done
log "make sanitize STEP=16"
timeout 150 make sanitize ARCH=90 BUILD="$BUILD" STEP=16 >"$OUT/sanitize.log" 2>&1
echo "rc $?"
tail -3 "$OUT/sanitize.log"
log done
