#!/usr/bin/env bash
# Session 14, call 2 (2026-12-02): 16 at 113fab8 (128 x 192 tiles alone, --tile 11, the rule's
# pick above M = 128 where they pad N less than 256-column ones), built by `make ARCH=90` into
# build/: SASS, make test STEP=16, sanitize 16, and the rule against 128 x 256 pairs (--tile 1)
# and alone (--tile 2), one of which the rule picked before.
. "$(dirname "$0")/ab-common.sh"
B=build/16_hgemm_small_m
log sass
cuobjdump -sass $B | grep -c HGMMA
cuobjdump -sass $B | grep -cE 'LDL|STL'
log test
timeout 200 make test ARCH=90 TEST_JOBS=16 STEP="16" >"$OUT/test.log" 2>&1
echo "make test rc=$?"
tail -3 "$OUT/test.log"
log sanitize
timeout 150 bash tests/sanitize.sh 16_hgemm_small_m >"$OUT/sanitize.log" 2>&1
echo "sanitize rc=$?"
tail -2 "$OUT/sanitize.log"
log ab
for round in 1 2; do
    for args in "--m 4096 --n 2112 --k 7168" "--m 512 --n 2112 --k 7168" "--m 1024 --n 2112 --k 4096" "--m 2048 --n 2112 --k 7168" \
        "--m 8192 --n 2112 --k 7168" "--m 4096 --n 576 --k 4096" "--m 4096 --n 1344 --k 4096" "--m 2048 --n 1344 --k 2048"; do
        echo "r$round | $args | rule $(row $B "$args") | t1 $(row $B "$args --tile 1") | t2 $(row $B "$args --tile 2")"
    done
done
log finished
