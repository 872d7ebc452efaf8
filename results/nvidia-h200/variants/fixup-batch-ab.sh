#!/usr/bin/env bash
# The fix-up's reads in batches (fixup-batch-2x8.diff, fixup-batch-4x4.diff) against 16 without
# them: checks at ten shapes and at tiles shared by more than 8 parts, then each binary's row
# (ms, ratio to cuBLAS; bf16, 100 runs) at the shapes whose fits split K or run stream-K, two
# rounds, the binaries interleaved. Binaries from build-fixup-variants.sh. Run from the
# repository root on an H200: bash results/nvidia-h200/variants/fixup-batch-ab.sh [DIR]
source "$(dirname "${BASH_SOURCE[0]}")/ab-common.sh"
log "checks"
check_shapes 16_fix2x8 16_fix4x4
for bin in 16_fix2x8 16_fix4x4; do
    check_configs "$B/$bin" "--m 64 --n 256 --k 8192 --split 40" "--m 200 --n 520 --k 3000 --split 37" \
        "--m 64 --n 2112 --k 7168 --tile 6" "--m 128 --n 2112 --k 7168 --tile 9" "--m 16 --n 18432 --k 16384" |
        sed "s|^|$bin |"
done 2>&1 | awk '{print} !/rc=0 / {bad++} END {print "bad lines:", bad+0}'
for round in 1 2; do
    log "round $round"
    for cfg in "64 2112 7168 0" "128 2112 7168 0" "128 2112 7168 8" "64 7168 16384 0" "128 4096 7168 0" \
        "64 4096 7168 0" "16 18432 16384 0" "16 16384 53248 0" "128 7168 16384 0" "4096 2112 7168 0" "2048 2048 2048 0"; do
        set -- $cfg
        o="--m $1 --n $2 --k $3 --tile $4"
        echo "$cfg | base $(row "$B/16_base" "$o") | 2x8 $(row "$B/16_fix2x8" "$o") | 4x4 $(row "$B/16_fix4x4" "$o")"
    done
done
log done
