#!/usr/bin/env bash
# One device call for 16 with the 64 x 128 twins handing each slot back once its own wgmma group
# has retired (EARLY in kernel.cu): build/ built here and carried, DIR holding 16_base (16 before
# the change, from build-early-variants.sh) and 16_twinsearly (build/16_hgemm_small_m copied).
# SASS counts, make test ARCH=90 STEP=16 (OUT/test-16-LABEL.log), make sanitize ARCH=90 STEP=16
# (OUT/sanitize-16-LABEL.log), then three rounds of bf16 rows (ab_rounds) at the twins' shapes,
# two rounds as make shapes times (settled_both) at 64 x 7168 x 2048.
# Run from the repository root on an H200: OUT=DIR bash results/nvidia-h200/variants/twins-early-call.sh DIR LABEL
source "$(dirname "$0")/call-common.sh"
label=${2:?LABEL}
build_and_count
log "make test ARCH=90 STEP=16 TEST_JOBS=12"
timeout 300 make test ARCH=90 STEP=16 TEST_JOBS=12 >"$OUT/test-16-$label.log" 2>&1
echo "make test exit $?"
tail -3 "$OUT/test-16-$label.log"
grep -E '^FAIL' "$OUT/test-16-$label.log" | head -20
log "make sanitize ARCH=90 STEP=16"
timeout 300 make sanitize ARCH=90 STEP=16 >"$OUT/sanitize-16-$label.log" 2>&1
echo "make sanitize exit $?"
tail -3 "$OUT/sanitize-16-$label.log"
source "$(dirname "$0")/ab-common.sh" "$1"
ab_rounds 3 "64 7168 2048;32 7168 3024;56 4096 968;1 552 608;64 4096 512;16 16384 16384;128 7168 2048" base twinsearly
for r in 1 2; do
    log "settled round $r"
    for v in base twinsearly; do echo "64 7168 2048 16_$v: $(settled_both "$B/16_$v" "--m 64 --n 7168 --k 2048")"; done
done
log done
