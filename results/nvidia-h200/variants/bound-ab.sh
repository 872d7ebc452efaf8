#!/usr/bin/env bash
# 16 against the bounds of build-bound-variants.sh at seven shapes: its schedule at each
# (--info), lag2's checks at ten shapes (ab-common.sh's check_shapes), then twice over the shapes
# a line each: base, lag2, no-mma, no-loads and skeleton, each its median ms and ratio to cuBLAS (bf16, 100
# runs; log bound-ab-83aa1f7.log). Run from the repository root; the first argument is the
# binaries' folder (.device/bin), OUT the log's.
source "$(dirname "${BASH_SOURCE[0]}")/ab-common.sh" "$@"
exec > >(tee -a $OUT/diag.log) 2>&1
log "info"
for s in "--m 128 --n 7168 --k 2048" "--m 64 --n 7168 --k 2048" "--m 128 --n 2112 --k 7168" "--m 64 --n 2112 --k 7168" "--size 2048" "--m 128 --n 4096 --k 7168" "--m 16 --n 16384 --k 16384"; do
  $B/16_base $s --info | tail -1
done
log "check lag2"
check_shapes 16_lag2
log "rows"
for rep in 1 2; do
for s in "--m 128 --n 7168 --k 2048" "--m 64 --n 7168 --k 2048" "--m 128 --n 2112 --k 7168" "--m 64 --n 2112 --k 7168" "--size 2048" "--m 128 --n 4096 --k 7168" "--m 16 --n 16384 --k 16384"; do
  line="$s |"
  for v in base lag2 no-mma no-loads skeleton; do line="$line $v $(row $B/16_$v "$s")"; done
  echo "$line"
done
done
log done
