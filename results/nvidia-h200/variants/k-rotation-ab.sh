#!/usr/bin/env bash
# 16 built at two commits, A and B, at every suite shape with M <= 128 (where all of 16's blocks
# read the same rows of A), bf16, --no-check, 100 runs, A and B alternating, twice. Each row: the
# kernel's median ms and its ratio to cuBLAS (same process), for A then B.
# Usage, from the repository root on an H200: bash results/nvidia-h200/variants/k-rotation-ab.sh A_BINARY B_BINARY
set -u
a=$1 b=$2
row() { timeout 60 "$1" --m "$2" --n "$3" --k "$4" --dtype bf16 --iters 100 --no-check --csv 2>&1 |
    awk -F, '$3 ~ /^hgemm_small_m/ { printf "%s %sx", $8, $12 }'; }
nvidia-smi --query-gpu=name,clocks.sm,power.draw,temperature.gpu --format=csv,noheader
for round in 1 2; do
    while read -r m n k; do
        echo "r$round | $m $n $k | A $(row "$a" $m $n $k) | B $(row "$b" $m $n $k)"
    done < <(grep -vE '^#|^$' shapes/llm.txt | awk '$1 <= 128')
done
