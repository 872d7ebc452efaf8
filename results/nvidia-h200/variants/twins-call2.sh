#!/usr/bin/env bash
# twins with the end barrier: racecheck; the rule's picks that moved, old against new.
. "$(dirname "$0")/ab-common.sh"
log sanitize
sanitize_configs 150 $B/16_kp all "--m 64 --n 20000 --k 136 --tile 10" "--m 64 --n 3000 --k 520 --tile 10"
log check
{
check_configs $B/16_kp "--m 64 --n 7168 --k 2048" "--m 128 --n 20000 --k 1000 --tile 10" \
    "--m 64 --n 1000 --k 64 --tile 10" "--m 129 --n 1000 --k 1000 --tile 10 --split 7" "--m 100 --n 1000 --k 4104 --tile 10" \
    "--m 1 --n 8 --k 368" "--m 37 --n 1000 --k 1000" "--m 40 --n 8192 --k 488"
} > "$OUT/check.log" 2>&1
grep -c 'rc=0 ' "$OUT/check.log"; grep -v 'rc=0 ' "$OUT/check.log" | head
log ab
for round in 1 2; do
  for args in "--m 64 --n 7168 --k 2048" "--m 1 --n 552 --k 608" "--m 56 --n 824 --k 848" "--m 4 --n 1504 --k 368" "--m 40 --n 8192 --k 488" \
              "--m 12 --n 7168 --k 728" "--m 32 --n 7168 --k 3024" "--m 56 --n 4096 --k 968" "--m 3 --n 6144 --k 1088" "--m 16 --n 4096 --k 2048" \
              "--m 1 --n 8 --k 368" "--m 64 --n 24576 --k 1536" "--m 64 --n 2112 --k 7168"; do
    echo "r$round | $args | base $(row $B/16_base "$args") | kp $(row $B/16_kp "$args")"
  done
done > "$OUT/ab.log" 2>&1
cat "$OUT/ab.log"
log "done"
