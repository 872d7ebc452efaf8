#!/usr/bin/env bash
# fit_tile with load_pace (128 x 64's K tile at its measured 384 clocks, twins' at a fitted 0.8 of
# their bytes' clocks, 64 x 128 against 64 x 256 without a margin) against the rule before it:
# each binary's row (ms, ratio to cuBLAS; bf16, 100 runs, --tile 0: the rule's fit) at the 19
# shapes of fit-survey-wide.sh whose fit the change moves, two rounds, the binaries interleaved.
# OLD and NEW are the two builds of 16. Run from the repository root on an H200:
# OLD=... NEW=... bash results/nvidia-h200/variants/fit-pace-ab.sh
source "$(dirname "${BASH_SOURCE[0]}")/ab-common.sh" .
for round in 1 2; do
    log "round $round"
    for cfg in "16 7168 16384" "16 4096 7168" "16 6144 4096" "16 8192 8192" "16 8192 28672" "32 7168 16384" \
        "32 4096 7168" "32 6144 4096" "32 8192 8192" "64 7168 16384" "64 4096 7168" "64 6144 4096" "64 8192 8192" \
        "64 8192 28672" "96 2112 7168" "96 4096 7168" "128 2112 7168" "128 4096 7168" "128 4096 4096"; do
        set -- $cfg
        echo "$cfg | old $(row "$OLD" "--m $1 --n $2 --k $3") | new $(row "$NEW" "--m $1 --n $2 --k $3")"
    done
done
log done
