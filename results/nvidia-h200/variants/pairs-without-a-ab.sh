#!/usr/bin/env bash
# 16 with two K tiles a wgmma group (16_pairk), without A's copies (16_noA, a bound) and with both
# (16_pairk_noA) against 16, binaries from build-bound-variants.sh: six shapes, a line each
# (ab-common.sh's row: bf16, 100 runs), twice (log pairs-without-a-ab-83aa1f7.log). From the
# repository root; the first argument is the binaries' folder (.device/bin), OUT the log's.
source "$(dirname "${BASH_SOURCE[0]}")/ab-common.sh" "$@"
exec > >(tee -a "$OUT/pairs-noA.log") 2>&1
log "rows"
for rep in 1 2; do
    for s in "--m 128 --n 7168 --k 2048" "--m 64 --n 7168 --k 2048" "--m 128 --n 2112 --k 7168" "--m 64 --n 2112 --k 7168" "--size 2048" "--m 128 --n 4096 --k 7168"; do
        line="$s |"
        for v in base pairk noA pairk_noA; do line="$line $v $(row "$B/16_$v" "$s")"; done
        echo "$line"
    done
done
log done
