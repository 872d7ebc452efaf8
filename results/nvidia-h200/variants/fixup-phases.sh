#!/usr/bin/env bash
# Where a split tile's fix-up goes: 16 with fixup-phases.diff (from build-fixup-phases.sh) prints,
# after its 30th launch, the median and largest clocks of each phase over the blocks that fix up
# a tile, then its row (ms, ratio to cuBLAS; bf16, 100 runs), at the suite's shapes whose fit
# splits K, twice. Prepared at 0fa9753 (2026-12-02), built there on a machine without a GPU, not
# yet run. Run from the repository root on an H200: bash results/nvidia-h200/variants/fixup-phases.sh [DIR]
source "$(dirname "${BASH_SOURCE[0]}")/ab-common.sh"
for round in 1 2; do
    log "round $round"
    for s in "64 2112 7168" "128 2112 7168" "64 4096 7168" "128 4096 7168" "16 18432 16384"; do
        set -- $s
        timeout 60 "$B/16_fixph" --m $1 --n $2 --k $3 --dtype bf16 --iters 100 --no-check --csv 2>&1 |
            awk -F, '/^FIXUP/ {print} $3 ~ /hgemm/ {printf "  row: %s ms, %sx cuBLAS, %s MHz\n", $8, $12, $15}'
    done
done
log done
