#!/usr/bin/env bash
# 12 and 14 against the same kernels with the K direction alternating from round to round
# (build-k-direction-variants.sh): checked at six shapes (exit status and FAIL lines), DRAM and
# L2 bytes under ncu (one launch, fp16), then six rounds at 8192^3 and 4096^3 and two at 16384^3
# with the settled warm-up, each binary in its own process in turn: a line per kernel with its
# TFLOPS, ratio to cuBLAS, cuBLAS's TFLOPS and the two SM clocks (log k-direction-ab-83aa1f7.log).
# Run from the repository root; B is the binaries' folder, OUT the log's.
set -u
B=${B:-.device/bin}
OUT=${OUT:-.}
L=$OUT/rev1.log
exec > >(tee -a $L) 2>&1
nvidia-smi --query-gpu=name,clocks.sm,power.draw,temperature.gpu --format=csv,noheader
echo "## checks"
for b in 12_rev 14_rev; do
  for a in "--m 200 --n 136 --k 328" "--m 2000 --n 2056 --k 1000" "--m 8200 --n 1000 --k 1000" "--size 4096" "--m 1000 --n 3000 --k 72" "--m 4100 --n 2056 --k 4104"; do
    out=$(timeout 60 $B/$b $a --dtype all --iters 3 2>&1); echo "$b $a rc=$? $(echo "$out" | grep -c FAIL) fails"
  done
done
echo "## ncu dram"
for b in 14_base 14_rev 12_base 12_rev; do
  for sz in 8192 4096; do
  timeout 120 ncu --clock-control none --metrics dram__bytes_read.sum,lts__t_bytes.sum,gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second -k regex:hgemm --launch-skip 2 --launch-count 1 \
     $B/$b --size $sz --dtype fp16 --iters 3 --warmup 1 --no-check 2>&1 | grep -E 'dram__|lts__t_bytes|gpu__time|per_second' | awk -v b=$b -v s=$sz '{printf "%s %s %s %s %s\n", b, s, $1, $2, $3}'
  done
done
echo "## settled rounds"
for sz in 8192 4096; do
for round in 1 2 3 4 5 6; do
  for b in 14_base 14_rev 12_base 12_rev; do
    timeout 60 $B/$b --size $sz --dtype all --iters 20 --warmup 5 --warmup-ms 300 --no-check --csv 2>&1 | grep -v '^gpu,' |
      awk -F, -v r=$round -v b=$b -v s=$sz '$3 !~ /^cublas_/ {printf "%s r%s %s %s %.1f %s cub %.1f mhz %s/%s\n", s, r, b, $4, $9, $12, $11, $15, $16}'
  done
done
done
echo "## 16384"
for round in 1 2; do
  for b in 14_base 14_rev; do
    timeout 60 $B/$b --size 16384 --dtype all --iters 10 --warmup 3 --warmup-ms 300 --no-check --csv 2>&1 | grep -v '^gpu,' |
      awk -F, -v r=$round -v b=$b '$3 !~ /^cublas_/ {printf "16384 r%s %s %s %.1f %s cub %.1f mhz %s/%s\n", r, b, $4, $9, $12, $11, $15, $16}'
  done
done
echo done $SECONDS s
