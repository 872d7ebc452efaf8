#!/usr/bin/env bash
# The shapes whose fit fixup-rate-32.diff moves (fix-up bytes at 32 a clock in fit_tile's
# estimate, not 48; found on the host by comparing fit_tile's picks with and without it): each at
# the fit it had (old --tile) and the one the patch gives it (new --tile), 16 as it is, bf16, 100
# runs, twice.
# Usage, on an H200 from anywhere: bash results/nvidia-h200/variants/fixup-rate-moved.sh [BIN_DIR]
# (BIN_DIR from build-16-variants.sh; the logs go to $OUT or .)
. "$(dirname "$0")/ab-common.sh"
log moved
for round in 1 2; do
  while read -r m n k old new; do
    echo "r$round | $m $n $k | old t$old $(row $B/16_base "--m $m --n $n --k $k --tile $old") | new t$new $(row $B/16_base "--m $m --n $n --k $k --tile $new")"
  done <<'SHAPES'
128 2112 7168 9 8
64 14336 4096 4 6
16 14336 4096 4 6
64 5120 5120 4 6
1 5120 5120 4 6
128 4096 2048 9 8
96 4096 2048 9 8
128 13824 5120 2 9
80 13824 5120 2 9
SHAPES
done > "$OUT/moved.log" 2>&1
cat "$OUT/moved.log"
log "done"
