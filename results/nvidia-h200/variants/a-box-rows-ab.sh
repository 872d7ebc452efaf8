#!/usr/bin/env bash
# A's box cut to the rows A has where M < BM (a-box-rows.diff), against 16 without it: checks at
# ten shapes and at M = 1, 16, 40, 100 in every fit (--tile 1..11), sanitizers at two small-M
# configurations, then each binary's row (ms, ratio to cuBLAS; bf16, 100 runs) at small-M shapes
# in the fits the survey weighs there, two rounds, the binaries interleaved. Binaries from
# build-abox-variants.sh. Run from the repository root on an H200:
# bash results/nvidia-h200/variants/a-box-rows-ab.sh [DIR]
source "$(dirname "${BASH_SOURCE[0]}")/ab-common.sh"
log "checks"
check_shapes 16_abox
for m in 1 16 40 100; do
    for t in 1 2 3 4 5 6 7 8 9 10 11; do check_configs "$B/16_abox" "--m $m --n 1000 --k 1000 --tile $t"; done
done 2>&1 | awk '{print} !/rc=0 / {bad++} END {print "bad lines:", bad+0}'
log "sanitizers"
sanitize_configs 120 "$B/16_abox" bf16 "--m 16 --n 1000 --k 1000 --tile 10" "--m 40 --n 1000 --k 1000 --split 7"
for round in 1 2; do
    log "round $round"
    for cfg in "16 6144 8192 10" "16 6144 8192 4" "64 6144 8192 10" "16 7168 16384 10" "16 7168 16384 4" \
        "32 7168 16384 10" "16 2112 7168 6" "16 2112 7168 4" "16 7168 2048 10" "16 4096 4096 4" \
        "96 2112 7168 8" "96 2112 7168 9" "128 2112 7168 8" "72 2112 2048 8" \
        "1 4096 4096 0" "8 6144 4096 0" "16 6144 4096 0" "32 4096 14336 0" "16 18432 16384 0" "16 16384 53248 0"; do
        set -- $cfg
        echo "$cfg | base $(row "$B/16_base" "--m $1 --n $2 --k $3 --tile $4") | abox $(row "$B/16_abox" "--m $1 --n $2 --k $3 --tile $4")"
    done
done
log done
