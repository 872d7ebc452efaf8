#!/usr/bin/env bash
# 16 with two K tiles a wgmma group (pairs-of-k-tiles.diff) against 16: its checks at ten shapes and
# at three shapes with every --tile, --split 5 and --stages 2 and 3 (exit status), then twelve
# shapes, a line each (ab-common.sh's row: bf16, 100 runs), twice (log
# pairs-of-k-tiles-ab-83aa1f7.log). From the repository root; the first argument is the binaries'
# folder (.device/bin), OUT the log's.
source "$(dirname "${BASH_SOURCE[0]}")/ab-common.sh" "$@"
exec > >(tee -a $OUT/pairk.log) 2>&1
log "checks"
check_shapes 16_pairk
for t in 1 2 3 4 5 6 7 8 9 10 11; do
  check_configs $B/16_pairk "--m 100 --n 1000 --k 1032 --tile $t" "--m 130 --n 520 --k 72 --tile $t" "--m 33 --n 264 --k 200 --tile $t --split 5" "--m 100 --n 1000 --k 1032 --tile $t --stages 2" "--m 100 --n 1000 --k 1096 --tile $t --stages 3"
done 2>&1 | awk '{print} !/rc=0 / {bad++} END {print "bad lines (tiles):", bad+0}'
log "rows"
for rep in 1 2; do
for s in "--m 128 --n 7168 --k 2048" "--m 64 --n 7168 --k 2048" "--m 128 --n 2112 --k 7168" "--m 64 --n 2112 --k 7168" "--size 2048" "--m 128 --n 4096 --k 7168" "--m 16 --n 16384 --k 16384" "--m 64 --n 24576 --k 1536" "--m 64 --n 4096 --k 7168" "--m 64 --n 7168 --k 16384" "--m 16 --n 16384 --k 53248" "--m 128 --n 24576 --k 1536"; do
  line="$s |"
  for v in base pairk; do line="$line $v $(row $B/16_$v "$s")"; done
  echo "$line"
done
done
log done
