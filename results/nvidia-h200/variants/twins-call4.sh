#!/usr/bin/env bash
# the end barrier arrived on early (kp2) against at the end (kp); make test and sanitize of 16 at kp2.
. "$(dirname "$0")/ab-common.sh"
log ab
for round in 1 2 3; do
  for args in "--m 64 --n 7168 --k 2048" "--m 56 --n 4096 --k 968" "--m 1 --n 8 --k 368"; do
    echo "r$round | $args | base $(row $B/16_base "$args") | kp $(row $B/16_kp "$args") | kp2 $(row $B/16_kp2 "$args")"
  done
done > "$OUT/ab.log" 2>&1
cat "$OUT/ab.log"
log test
timeout 250 make test ARCH=90 TEST_JOBS=16 STEP="16" > "$OUT/test.log" 2>&1; echo "make test rc=$?"
tail -2 "$OUT/test.log"; grep -E '^FAIL' "$OUT/test.log" | head
log sanitize
timeout 200 bash tests/sanitize.sh 16_hgemm_small_m > "$OUT/sanitize.log" 2>&1; echo "sanitize rc=$?"; tail -2 "$OUT/sanitize.log"
cuobjdump -sass build/16_hgemm_small_m | grep -c HGMMA
log "done"
