#!/usr/bin/env bash
# twins that halve K (--tile 10, 11) checked, sanitized, and timed against base.
. "$(dirname "$0")/ab-common.sh"
log check
{
check_configs $B/16_kp "--m 64 --n 7168 --k 2048 --tile 10" "--m 128 --n 7168 --k 2048 --tile 11" \
    "--m 37 --n 1000 --k 1000 --tile 10" "--m 100 --n 1000 --k 4104 --tile 11" "--m 1 --n 136 --k 200 --tile 10" \
    "--m 129 --n 1000 --k 1000 --tile 11 --split 7" "--m 128 --n 20000 --k 1000 --tile 11" \
    "--m 64 --n 20000 --k 520 --tile 10" "--m 64 --n 1000 --k 64 --tile 10" "--m 128 --n 1000 --k 136 --tile 11" \
    "--m 64 --n 7168 --k 2048 --tile 10 --stages 2" "--m 128 --n 7168 --k 2048 --tile 11 --stages 3" \
    "--m 128 --n 7168 --k 2048" "--m 64 --n 2112 --k 7168" "--size 2048" "--m 100 --n 1000 --k 40 --tile 8"
timeout 30 $B/16_kp --m 128 --n 20000 --k 1000 --tile 11 --info | tail -2
timeout 30 $B/16_kp --m 64 --n 7168 --k 2048 --tile 10 --info | tail -2
} > "$OUT/check.log" 2>&1
grep -c 'rc=0 ' "$OUT/check.log"; grep -v 'rc=0 ' "$OUT/check.log" | head -20
log sanitize
sanitize_configs 120 $B/16_kp bf16 "--m 128 --n 20000 --k 1000 --tile 11" "--m 64 --n 3000 --k 520 --tile 10"
log ab
for round in 1 2 3; do
  for args in "--m 64 --n 7168 --k 2048" "--m 128 --n 7168 --k 2048" "--m 64 --n 24576 --k 1536" "--m 128 --n 2112 --k 7168" \
              "--m 64 --n 2112 --k 7168" "--size 2048" "--m 16 --n 16384 --k 16384" "--m 4096 --n 2112 --k 7168"; do
    line="r$round | $args | base $(row $B/16_base "$args") | kp $(row $B/16_kp "$args")"
    case "$args" in *"--k 2048") line="$line | t10 $(row $B/16_kp "$args --tile 10") | t11 $(row $B/16_kp "$args --tile 11")";; esac
    echo "$line"
  done
done > "$OUT/ab.log" 2>&1
cat "$OUT/ab.log"
log "done"
