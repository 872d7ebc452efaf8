#!/usr/bin/env bash
# Three questions fit-survey-wide.sh raised, each fit timed in three processes (bf16, 100 runs
# after 5, --no-check; the ratio to cuBLAS in the same process): (a) 128 x 64 against 128 x 128
# (and 128 x 256) tiles at N = 2112 for 64 < M <= 128; (b) at long K, tiles that make one round
# of whole tiles (64 x 128, 128 x 128 at N = 16384) against the wider ones' stream-K; (c) twins
# against 64 x 256 at N = 6144-8192, K = 8192-28672. Run from the repository root on an H200,
# with BIN the built step (default build/16_hgemm_small_m):
# bash results/nvidia-h200/variants/fit-repeat.sh
set -u
BIN=${BIN:-build/16_hgemm_small_m}
log() { echo "### $(date +%T) [$SECONDS s] $*"; }
nvidia-smi --query-gpu=name,clocks.sm,power.draw,temperature.gpu --format=csv,noheader
ratio() { timeout 60 "$BIN" "$@" --dtype bf16 --iters 100 --no-check --csv 2>&1 | awk -F, '$3 ~ /hgemm/ { printf "%s", $12 }'; }
survey() { # M N K TILE...: one line, each tile's ratio three times
    local m=$1 n=$2 k=$3 t r line
    shift 3
    line="$m $n $k:"
    for t in "$@"; do
        line="$line $t="
        for r in 1 2 3; do line="$line$(ratio --m "$m" --n "$n" --k "$k" --tile "$t"),"; done
    done
    echo "${line%,}"
}
log "(a) N = 2112, 64 < M <= 128"
for m in 72 96 128; do for k in 2048 7168 16384; do survey $m 2112 $k 8 9 2; done; done
log "(b) long K"
for nk in "16384 53248" "16384 32768" "12288 32768" "16384 24576"; do
    for m in 16 64; do survey $m $nk 4 6; done
    for m in 96 128; do survey $m $nk 2 9; done
done
log "(c) twins"
for n in 6144 7168 8192; do for k in 8192 16384 28672; do for m in 16 64; do survey $m $n $k 4 10; done; done; done
log done
