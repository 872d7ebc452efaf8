#!/usr/bin/env bash
# What A's copies cost 16 at the small suite shapes now that its 128 x 64 loop runs at 384 clocks
# a K tile (the bound of 307991a was measured at 443): 16 against 16 without A's copies (a bound,
# wrong results), each shape in the rule's fit and in the fits a cluster sharing A along N would
# take, bf16, 100 runs, three rounds, the binaries interleaved. Binaries from
# build-no-a-variants.sh. Run from the repository root on an H200:
# bash results/nvidia-h200/variants/no-a-bound.sh [DIR]
source "$(dirname "${BASH_SOURCE[0]}")/ab-common.sh"
for round in 1 2 3; do
    log "round $round"
    for cfg in "128 7168 2048 0" "64 7168 2048 0" "64 7168 2048 7" "128 2112 7168 0" "128 2112 7168 8" \
        "64 2112 7168 0" "64 2112 7168 7" "128 4096 4096 0" "128 4096 7168 0" "2048 2048 2048 0"; do
        set -- $cfg
        echo "$cfg | base $(row "$B/16_base" "--m $1 --n $2 --k $3 --tile $4") | noA $(row "$B/16_noA" "--m $1 --n $2 --k $3 --tile $4")"
    done
done
log done
