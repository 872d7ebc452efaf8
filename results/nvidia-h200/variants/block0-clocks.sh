#!/usr/bin/env bash
# The clock64 phases that block 0 of clk_skel, clk_nomma, clk_noloads and clk_base prints
# (block0-clocks-printf.diff; binaries from build-bound-variants.sh) at five shapes, one launch
# each (--warmup 0 --iters 1, bf16), twice (log block0-clocks-83aa1f7.log). From the repository
# root; B is the binaries' folder, OUT the log's.
B=${B:-.device/bin}
OUT=${OUT:-.}
exec > >(tee -a $OUT/clk.log) 2>&1
for s in "--m 128 --n 7168 --k 2048" "--m 64 --n 7168 --k 2048" "--size 2048" "--m 16 --n 16384 --k 16384" "--m 128 --n 2112 --k 7168"; do
  for b in clk_skel clk_nomma clk_noloads clk_base; do
    echo "== $b $s"
    for rep in 1 2; do timeout 60 $B/$b $s --dtype bf16 --iters 1 --warmup 0 --no-check 2>&1 | grep -E '^(P|C1|C2)'; done
  done
done
