#!/usr/bin/env bash
# 16's block start and end, against 16 as it is (base): e1 = end-wait-read.diff (the block's last
# wait on its TMA stores for their reads only), e2 = first-copies-before-sync.diff (a block alone
# issues its first unit's copies before its threads sync), e12 = both, noA = no-a-loads.diff (no
# A copies at all: a bound on what A's traffic costs; wrong results, --no-check). First e2 and
# e12 checked at ten shapes (exit status), then all five at ten shapes, bf16, 100 runs, twice.
# Usage, on an H200 from anywhere: bash results/nvidia-h200/variants/start-end-ab.sh [BIN_DIR]
# (BIN_DIR from build-16-variants.sh; the logs go to $OUT or .)
. "$(dirname "$0")/ab-common.sh"
log check
check_shapes 16_e2 16_e12 > "$OUT/check.log"
tail -3 "$OUT/check.log"
log ab
for round in 1 2; do
  for args in "--m 128 --n 7168 --k 2048" "--m 64 --n 7168 --k 2048" "--m 128 --n 2112 --k 7168" "--m 64 --n 2112 --k 7168" \
              "--m 64 --n 24576 --k 1536" "--m 128 --n 32768 --k 512" "--m 64 --n 4096 --k 7168" "--m 16 --n 16384 --k 16384" \
              "--size 2048" "--m 4096 --n 2112 --k 7168"; do
    line="r$round | $args"
    for bin in 16_base 16_e1 16_e2 16_e12 16_noA; do line="$line | ${bin#16_} $(row $B/$bin "$args")"; done
    echo "$line"
  done
done > "$OUT/ab.log" 2>&1
cat "$OUT/ab.log"
log "done"
