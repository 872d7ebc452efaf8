#!/usr/bin/env bash
# 16 in each of its fits at M = 16, 32, 64, 96 and 128 over the suite's (N, K) pairs and those of
# Llama-3 8B and 70B, bf16, 100 runs after 5 (--no-check): per shape and fit (--tile) the ratio to
# cuBLAS in the same process, for choosing fit_tile's estimate against more shapes than the
# suite's. Run from the repository root on an H200, with BIN the built step (default
# build/16_hgemm_small_m) and MS the M to survey (default all five):
# [MS="16 32 96"] bash results/nvidia-h200/variants/fit-survey-wide.sh
set -u
BIN=${BIN:-build/16_hgemm_small_m} MS=${MS:-16 64 128 32 96}
log() { echo "### $(date +%T) [$SECONDS s] $*"; }
nvidia-smi --query-gpu=name,clocks.sm,power.draw,temperature.gpu --format=csv,noheader
ratio() { timeout 60 "$BIN" "$@" --dtype bf16 --iters 100 --no-check --csv 2>&1 | awk -F, '$3 ~ /hgemm/ { printf "%s", $12 }'; }
# (N, K): DeepGEMM's table (the suite), Llama-3.1-405B, Llama-3 8B (qkv, o, gate-up, down), 70B.
pairs="2112,7168 24576,1536 32768,512 7168,16384 4096,7168 7168,2048 18432,16384 16384,16384 16384,53248
6144,4096 4096,4096 28672,4096 4096,14336 10240,8192 8192,8192 57344,8192 8192,28672"
log start
for m in $MS; do
    for p in $pairs; do
        n=${p%,*} k=${p#*,}
        [ "$m" = 32 ] || [ "$m" = 96 ] && case $p in 2112,7168|7168,2048|4096,7168|6144,4096|8192,8192|7168,16384) ;; *) continue ;; esac
        if [ "$m" -le 64 ]; then tiles="4 6 7 10"; else tiles="2 9 8"; fi
        line="$m $n $k:"
        for t in $tiles; do line="$line $t=$(ratio --m "$m" --n "$n" --k "$k" --tile "$t")"; done
        echo "$line"
    done
done
log done
