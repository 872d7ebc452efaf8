#!/usr/bin/env bash
# 16's rule against the fit it picked before c45b6d0 (twins where B streams from memory), timed
# as make shapes times (300 ms warm-up, 20 runs: the clock settled at the power limit), where
# c45b6d0's A/B timed without warm-up time. Per shape "M N K OLD": the rule's --info line, then
# ROUNDS rounds, both precisions, a line each: the rule's median ms, ratio to cuBLAS and clocks,
# then --tile OLD's. Run from the repository root on an H200:
# bash results/nvidia-h200/variants/settled-fits.sh [BUILD] [ROUNDS]
source "$(dirname "${BASH_SOURCE[0]}")/ab-common.sh"
rounds=${2:-2}
list=("128 7168 16384 2" "100 7168 16384 2" "128 8192 8192 2" "128 6144 4096 2" "16 16384 16384 4" "16 16384 53248 6" "64 16384 16384 4")
settled() {
    # shellcheck disable=SC2086 # OPTIONS is a list
    timeout 60 "$B/16_hgemm_small_m" $1 --warmup-ms 300 --dtype "$2" --no-check --csv 2>&1 |
        awk -F, '$3 ~ /hgemm/ { printf "%s %sx @%s (cuBLAS @%s)", $8, $12, $15, $16 }'
}
for s in "${list[@]}"; do
    read -r m n k old <<<"$s"
    echo "$m x $n x $k: $("$B/16_hgemm_small_m" --m "$m" --n "$n" --k "$k" --info | tail -n +2)"
    echo "$m x $n x $k --tile $old: $("$B/16_hgemm_small_m" --m "$m" --n "$n" --k "$k" --tile "$old" --info | tail -n +2)"
done
for r in $(seq "$rounds"); do
    log "round $r"
    for s in "${list[@]}"; do
        read -r m n k old <<<"$s"
        for dt in fp16 bf16; do
            a="--m $m --n $n --k $k"
            echo "$m x $n x $k $dt: rule $(settled "$a" $dt) | --tile $old $(settled "$a --tile $old" $dt)"
        done
    done
done
log "done"
