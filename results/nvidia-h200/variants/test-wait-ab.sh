#!/usr/bin/env bash
# 16 and 14 with every mbarrier wait spinning on test_wait (test-wait.diff) against try_wait, binaries
# from build-bound-variants.sh: checks at six shapes (exit status), 16 and its skeleton at nine
# shapes (ab-common.sh's row: bf16, 100 runs, twice), then 14 and 16 at 4096^3 and 8192^3 with
# the settled warm-up, four rounds (log test-wait-ab-83aa1f7.log). From the repository root; the
# first argument is the binaries' folder (.device/bin), OUT the log's.
source "$(dirname "${BASH_SOURCE[0]}")/ab-common.sh" "$@"
exec > >(tee -a $OUT/tw.log) 2>&1
log "checks"
for b in 16_tw 14_tw; do for s in "--m 128 --n 7168 --k 2048" "--m 64 --n 7168 --k 2048" "--m 128 --n 2112 --k 7168" "--m 200 --n 136 --k 328" "--m 2000 --n 2056 --k 1000" "--size 4096"; do
  out=$(timeout 60 $B/$b $s --dtype all --iters 3 2>&1); echo "$b $s rc=$?"; done; done
log "rows"
for rep in 1 2; do
for s in "--m 128 --n 7168 --k 2048" "--m 64 --n 7168 --k 2048" "--m 128 --n 2112 --k 7168" "--m 64 --n 2112 --k 7168" "--size 2048" "--m 128 --n 4096 --k 7168" "--m 16 --n 16384 --k 16384" "--m 64 --n 24576 --k 1536" "--m 4096 --n 2112 --k 7168"; do
  line="$s |"
  for v in base tw skeleton skel_tw; do line="$line $v $(row $B/16_$v "$s")"; done
  echo "$line"
done
done
log "14 settled"
for sz in 4096 8192; do for round in 1 2 3 4; do for b in 14_base 14_tw 16_base 16_tw; do
  timeout 60 $B/$b --size $sz --dtype all --iters 20 --warmup 5 --warmup-ms 300 --no-check --csv 2>&1 | grep -v '^gpu,' |
    awk -F, -v r=$round -v b=$b -v s=$sz '$3 !~ /^cublas_/ {printf "%s r%s %s %s %.1f %s cub %.1f mhz %s/%s\n", s, r, b, $4, $9, $12, $11, $15, $16}'
done; done; done
log done
