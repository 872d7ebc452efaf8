#!/usr/bin/env bash
# 16 as it is (base) at three small shapes with --stages 2, 3, 4 and with --flush-l2; then base
# against pf = b-prefetch-l2.diff (the producer prefetches B's boxes one ring ahead into L2) and
# l256 = l2-promotion-256.diff (every tensor map's L2 promotion 256 B, not 128) at eleven shapes,
# and 14 with and without l256 at 4096^3; pf and l256 checked first at nine shapes (exit status).
# bf16, 100 runs, twice.
# Usage, on an H200 from anywhere: bash results/nvidia-h200/variants/prefetch-promotion-ab.sh [BIN_DIR]
# (BIN_DIR from build-16-variants.sh; the logs go to $OUT or .)
. "$(dirname "$0")/ab-common.sh"
log check
for bin in 16_pf 16_l256; do
  for args in "--m 128 --n 7168 --k 2048" "--m 64 --n 7168 --k 2048" "--m 100 --n 1000 --k 1000" "--m 40 --n 1000 --k 1000 --split 7" "--m 1 --n 2112 --k 7168" "--m 128 --n 2112 --k 7168" "--size 2048" "--m 4096 --n 2112 --k 7168" "--m 100 --n 1000 --k 40 --tile 8"; do
    out=$(timeout 30 $B/$bin $args --iters 3 2>&1); rc=$?
    echo "$bin $args rc=$rc | $(echo "$out" | grep hgemm_small_m | tail -1)"
  done
done 2>&1 | awk '{print} !/rc=0 / {bad++} END {print "bad lines:", bad+0}' > "$OUT/check.log"
tail -1 "$OUT/check.log"
log depth
for round in 1 2; do
  for args in "--m 128 --n 7168 --k 2048" "--m 64 --n 7168 --k 2048" "--m 64 --n 2112 --k 7168"; do
    line="r$round | $args"
    for st in 2 3 4; do line="$line | s$st $(row $B/16_base "$args --stages $st")"; done
    line="$line | s4 flush $(row $B/16_base "$args --flush-l2")"
    echo "$line"
  done
done > "$OUT/depth.log" 2>&1
cat "$OUT/depth.log"
log ab
for round in 1 2; do
  for args in "--m 128 --n 7168 --k 2048" "--m 64 --n 7168 --k 2048" "--m 128 --n 2112 --k 7168" "--m 64 --n 2112 --k 7168" \
              "--m 64 --n 24576 --k 1536" "--m 128 --n 32768 --k 512" "--m 64 --n 4096 --k 7168" "--m 16 --n 16384 --k 16384" \
              "--size 2048" "--m 4096 --n 2112 --k 7168" "--size 4096"; do
    line="r$round | $args"
    for bin in 16_base 16_pf 16_l256; do line="$line | ${bin#16_} $(row $B/$bin "$args")"; done
    echo "$line"
  done
  echo "r$round | 14 4096 | base $(row $B/14_base "--size 4096") | l256 $(row $B/14_l256 "--size 4096")"
done > "$OUT/ab.log" 2>&1
cat "$OUT/ab.log"
log "done"
