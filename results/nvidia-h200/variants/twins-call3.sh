#!/usr/bin/env bash
# make test of 15 and 16, sanitize 16, SASS, and the A/B of the rule's picks again.
. "$(dirname "$0")/ab-common.sh"
log test
timeout 300 make test ARCH=90 TEST_JOBS=16 STEP="15 16" > "$OUT/test.log" 2>&1; echo "make test rc=$?"
tail -4 "$OUT/test.log"; grep -E '^FAIL' "$OUT/test.log" | head
log sanitize
timeout 200 bash tests/sanitize.sh 16_hgemm_small_m > "$OUT/sanitize.log" 2>&1; echo "sanitize rc=$?"; tail -3 "$OUT/sanitize.log"
log sass
cuobjdump -sass build/16_hgemm_small_m | grep -c HGMMA
cuobjdump -sass build/16_hgemm_small_m | grep -cE 'LDL|STL'
log ab
for round in 1 2; do
  for args in "--m 64 --n 7168 --k 2048" "--m 1 --n 552 --k 608" "--m 56 --n 824 --k 848" "--m 32 --n 7168 --k 3024" "--m 56 --n 4096 --k 968" \
              "--m 1 --n 8 --k 368" "--m 4 --n 1504 --k 368"; do
    echo "r$round | $args | base $(row $B/16_base "$args") | kp $(row $B/16_kp "$args") | t10 $(row $B/16_kp "$args --tile 10")"
  done
done > "$OUT/ab.log" 2>&1
cat "$OUT/ab.log"
log "done"
