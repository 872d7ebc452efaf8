#!/usr/bin/env bash
# 16 as it is (BIN_DIR/16_base) at every suite shape with M <= 128 with --stages 2, 3 and 4 (the
# ring's bytes: 96, 144, 192 KB), then its fit against --tile 8 (128 x 64) and 9 (128 x 128) at
# 128 x 2112 x 7168 and 128 x 4096 x 7168. bf16, 100 runs, twice.
# Usage, on an H200 from anywhere: bash results/nvidia-h200/variants/ring-depth.sh [BIN_DIR]
# (BIN_DIR from build-16-variants.sh; the logs go to $OUT or .)
. "$(dirname "$0")/ab-common.sh"
log depth
for round in 1 2; do
  while read -r m n k; do
    args="--m $m --n $n --k $k"
    line="r$round | $m $n $k"
    for st in 2 3 4; do line="$line | s$st $(row $B/16_base "$args --stages $st")"; done
    echo "$line"
  done < <(grep -vE '^#|^$' shapes/llm.txt | awk '$1 <= 128')
done > "$OUT/depth.log" 2>&1
cat "$OUT/depth.log"
log widths
for round in 1 2; do
  for args in "--m 128 --n 2112 --k 7168" "--m 128 --n 4096 --k 7168"; do
    line="r$round | $args"
    for t in 0 8 9; do line="$line | t$t $(row $B/16_base "$args --tile $t")"; done
    echo "$line"
  done
done > "$OUT/widths.log" 2>&1
cat "$OUT/widths.log"
log "done"
