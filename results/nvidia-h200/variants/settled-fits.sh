#!/usr/bin/env bash
# 16 at two commits' rules, timed as make shapes times (300 ms warm-up, 20 runs: the clock
# settled at the power limit), where c45b6d0's A/B of the twins timed without warm-up time.
# OLD and NEW are build folders holding 16_hgemm_small_m. Per shape "M N K [TILE]": each rule's
# --info line, then ROUNDS rounds, both precisions, a line each: OLD's rule, NEW's rule and, where
# TILE is given, OLD's --tile TILE; each its median ms, ratio to cuBLAS and the SM clock of its
# runs and of cuBLAS's. Run from the repository root on an H200:
# bash results/nvidia-h200/variants/settled-fits.sh OLD NEW [ROUNDS]
source "$(dirname "${BASH_SOURCE[0]}")/ab-common.sh"
old=$1 new=${2:?two build folders} rounds=${3:-2}
list=("128 7168 16384" "100 7168 16384" "128 8192 8192" "128 6144 4096" "80 8192 4096" "16 16384 16384 4" "16 16384 53248 6")
settled() {
    # shellcheck disable=SC2086 # OPTIONS is a list
    timeout 60 "$1/16_hgemm_small_m" $2 --warmup-ms 300 --dtype "$3" --no-check --csv 2>&1 |
        awk -F, '$3 ~ /hgemm/ { printf "%s %sx @%s (cuBLAS @%s)", $8, $12, $15, $16 }'
}
for s in "${list[@]}"; do
    read -r m n k tile <<<"$s"
    for b in "$old" "$new"; do echo "$b, $m x $n x $k: $("$b/16_hgemm_small_m" --m "$m" --n "$n" --k "$k" --info | tail -n +2)"; done
done
for r in $(seq "$rounds"); do
    log "round $r"
    for s in "${list[@]}"; do
        read -r m n k tile <<<"$s"
        a="--m $m --n $n --k $k"
        for dt in fp16 bf16; do
            line="$m x $n x $k $dt: $old $(settled "$old" "$a" "$dt") | $new $(settled "$new" "$a" "$dt")"
            [ -n "$tile" ] && line="$line | $old --tile $tile $(settled "$old" "$a --tile $tile" "$dt")"
            echo "$line"
        done
    done
done
log "done"
