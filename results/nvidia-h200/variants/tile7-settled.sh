#!/usr/bin/env bash
# 16's rule against 64 x 64 tiles over the whole K (--tile 7, cuBLAS's tile at 64 x 7168 x 2048)
# at M <= 64 shapes, timed as make shapes times (300 ms warm-up, 20 runs), both precisions in one
# process: median ms, ratio to cuBLAS, the SM clock of the kernel's runs and of cuBLAS's. Each
# shape's --info for both first, then ROUNDS rounds. Run from the repository root on an H200:
# bash results/nvidia-h200/variants/tile7-settled.sh BUILD [ROUNDS]
source "$(dirname "${BASH_SOURCE[0]}")/ab-common.sh" "$1"
rounds=${2:-3}
B16=$B/16_hgemm_small_m
list=("64 7168 2048" "64 8192 1024" "32 7168 3024" "56 4096 968" "64 4096 512" "48 6144 4096" "64 2112 7168")
for s in "${list[@]}"; do
    read -r m n k <<<"$s"
    for t in 0 7; do echo "$m x $n x $k --tile $t: $("$B16" --m "$m" --n "$n" --k "$k" --tile $t --info | tail -n +2 | tr '\n' ' ')"; done
done
for r in $(seq "$rounds"); do
    log "round $r"
    for s in "${list[@]}"; do
        read -r m n k <<<"$s"
        a="--m $m --n $n --k $k"
        echo "$m x $n x $k: rule $(settled_both "$B16" "$a")| tile 7 $(settled_both "$B16" "$a --tile 7")"
    done
done
log "done"
