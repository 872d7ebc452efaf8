#!/usr/bin/env bash
# Where one launch of 16 spends its time (NOTES.md, "15 and 16 at a9fe736"). phase-clocks.diff
# makes each block's first consumer thread record clock64 at its phases (setup: entry to its
# first unit; first: the wait for the first full slot; loop: the rest of its units; fix: its
# fix-ups, spin: of which waiting on flags; store: the last TMA store) and %globaltimer at entry
# and exit, and the clock probes record %globaltimer: the 4th launch prints them for the 3rd
# timed run, with the gap from the probe before it to the first block's start (in_gap), from
# the first start to the last end (body) and from there to the next probe (out_gap), in ns.
# Then the fit of a9fe736 for 2048^3 against 12 and 14. Run from the repository root on an
# H200, at a9fe736 or later: bash results/nvidia-h200/variants/phase-clocks.sh (it builds,
# patches, and restores). phase-clocks-9fc2d9b.log beside it ran 9fc2d9b's kernels with a9fe736's
# fit rule.
set -u
log() { echo "### $(date +%T) [$SECONDS s] $*"; }
summary() { # min/median/max of each phase over the blocks' rows (T ... name value name value ...)
    local rows line name
    rows=$(grep '^T ' || true)
    [ -n "$rows" ] || { echo "  no timing rows"; return; }
    line="  n=$(printf '%s\n' "$rows" | wc -l) (min/median/max; clocks except start+ns and end+ns)"
    for name in start+ns setup first loop fix store it end+ns spin; do
        line="$line  $name $(printf '%s\n' "$rows" | awk -v k="$name" '{ for (i = 1; i < NF; i++) if ($i == k) print $(i + 1) }' |
            sort -n | awk '{ v[NR] = $1 } END { printf "%s/%s/%s", v[1], v[int(NR / 2) + 1], v[NR] }')"
    done
    echo "$line"
}
v=results/nvidia-h200/variants
log start
make -j16 ARCH=90 >/tmp/phase-build.log 2>&1 || { tail -40 /tmp/phase-build.log; exit 1; }
mkdir -p /tmp/phase; cp build/16_hgemm_small_m build/14_hgemm_wgmma_tma_store build/12_hgemm_wgmma_persistent /tmp/
git apply $v/phase-clocks.diff || exit 1
make -j16 ARCH=90 build/16_hgemm_small_m >>/tmp/phase-build.log 2>&1 || { git apply -R $v/phase-clocks.diff; exit 1; }
cp build/16_hgemm_small_m /tmp/phase/; git apply -R $v/phase-clocks.diff
log timing
for a in "--m 128 --n 7168 --k 2048 --tile 6" "--m 128 --n 7168 --k 2048 --tile 5" "--m 64 --n 7168 --k 2048" \
         "--m 64 --n 7168 --k 2048 --tile 6 --split 56" "--size 2048" "--size 2048 --tile 1" "--size 4096" "--m 4096 --n 2112 --k 7168" \
         "--m 16 --n 18432 --k 16384" "--m 64 --n 2112 --k 7168"; do
  echo "## $a"
  timeout 60 /tmp/phase/16_hgemm_small_m $a --dtype bf16 --warmup 3 --iters 5 --no-check > /tmp/t.txt 2>&1
  grep -E "^W|hgemm_small|cublas_" /tmp/t.txt | head -4
  summary < /tmp/t.txt
done
log rule
/tmp/16_hgemm_small_m --size 2048 --info | tail -1
for rep in 1 2 3; do for b in 12_hgemm_wgmma_persistent 14_hgemm_wgmma_tma_store 16_hgemm_small_m; do
  echo "$b: $(timeout 60 /tmp/$b --size 2048 --dtype all --iters 300 --warmup 20 --no-check --csv | grep -v ',cublas_' | grep -E '^[^,]*,1' | cut -d, -f4,8,10,12 | tr '\n' ' ')"
done; done
log done
