#!/usr/bin/env bash
# 16 with its wgmma descriptors built once (hoisted-descriptors.diff), alone and with two K tiles a
# group (pairs-of-k-tiles.diff), against 16: their checks at ten shapes and at three shapes with
# every --tile, --split 5 and --stages 2 and 3 (exit status), then twelve shapes, a line each
# (ab-common.sh's row: bf16, 100 runs), three times; then block-phases.sh's PHASES lines of 16 and
# of 16 hoisted at three shapes (log hoisted-descriptors-ab-f8d2b89.log). From the repository root;
# the first argument is the binaries' folder (.device/bin, from build-hoist-variants.sh), OUT the
# log's.
source "$(dirname "${BASH_SOURCE[0]}")/ab-common.sh" "$@"
exec > >(tee -a $OUT/hoist.log) 2>&1
log "checks"
check_shapes 16_hoist 16_hoist_pairk
for bin in 16_hoist 16_hoist_pairk; do
  for t in 1 2 3 4 5 6 7 8 9 10 11; do
    check_configs $B/$bin "--m 100 --n 1000 --k 1032 --tile $t" "--m 130 --n 520 --k 72 --tile $t" "--m 33 --n 264 --k 200 --tile $t --split 5" "--m 100 --n 1000 --k 1032 --tile $t --stages 2" "--m 100 --n 1000 --k 1096 --tile $t --stages 3" | sed "s|^|$bin |"
  done
done 2>&1 | awk '{print} !/rc=0 / {bad++} END {print "bad lines (tiles):", bad+0}'
log "rows"
for rep in 1 2 3; do
for s in "--m 128 --n 7168 --k 2048" "--m 64 --n 7168 --k 2048" "--m 128 --n 2112 --k 7168" "--m 64 --n 2112 --k 7168" "--size 2048" "--m 128 --n 4096 --k 7168" "--m 16 --n 16384 --k 16384" "--m 64 --n 24576 --k 1536" "--m 64 --n 4096 --k 7168" "--m 4096 --n 7168 --k 2048" "--m 16 --n 16384 --k 53248" "--m 128 --n 24576 --k 1536"; do
  line="$s |"
  for v in base hoist hoist_pairk; do line="$line $v $(row $B/16_$v "$s")"; done
  echo "$line"
done
done
log "phases"
for bin in 16_phases 16_hoist_phases; do
  for s in "--m 128 --n 7168 --k 2048" "--m 64 --n 7168 --k 2048" "--size 2048"; do
    # shellcheck disable=SC2086 # s is a list of options
    timeout 60 "$B/$bin" $s --dtype bf16 --iters 100 --no-check --csv 2>&1 |
      awk -F, -v b=$bin '/^PHASES/ {print b, $0} $3 ~ /hgemm/ {printf "  row: %s ms, %sx cuBLAS, %s MHz\n", $8, $12, $15}'
  done
done
log done
