#!/usr/bin/env bash
# The producer's first copies before its setmaxnreg.dec, against 16 as it is (base): pd =
# prime-before-dec.diff (every free slot), p1 = prime-one-before-dec.diff (one K tile). First pd
# and p1 checked at ten shapes in both precisions (exit status), then all three at ten shapes,
# bf16, 100 runs, three times.
# Usage, on an H200 from anywhere: bash results/nvidia-h200/variants/prime-ab.sh [BIN_DIR]
# (BIN_DIR from build-prime-variants.sh; the logs go to $OUT or .)
. "$(dirname "$0")/ab-common.sh"
log check
check_shapes 16_pd 16_p1 > "$OUT/prime-check.log"
tail -3 "$OUT/prime-check.log"
log ab
for round in 1 2 3; do
  for args in "--m 128 --n 7168 --k 2048" "--m 64 --n 7168 --k 2048" "--m 128 --n 2112 --k 7168" "--m 64 --n 2112 --k 7168" \
              "--m 64 --n 24576 --k 1536" "--m 128 --n 32768 --k 512" "--m 64 --n 4096 --k 7168" "--m 16 --n 16384 --k 16384" \
              "--size 2048" "--m 4096 --n 2112 --k 7168"; do
    line="r$round | $args"
    for bin in 16_base 16_pd 16_p1; do line="$line | ${bin#16_} $(row $B/$bin "$args")"; done
    echo "$line"
  done
done > "$OUT/prime-ab.log" 2>&1
cat "$OUT/prime-ab.log"
log "done"
