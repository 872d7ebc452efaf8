#!/usr/bin/env bash
# 16 at 128 x 7168 x 16384, the suite row that reads 0.87-0.96x in make shapes and 1.03x in the
# A/Bs: the rule's fit (--tile 0, 128 x 128 twins) timed as the A/Bs do (no warm-up time, 100
# runs) and as make shapes does (300 ms warm-up, 20 runs), then 1000 ms warm-up, and two other
# fits after 300 ms (--tile 2: 128 x 256 alone, split; --tile 9: 128 x 128 alone). ROUNDS rounds,
# both precisions, a line a row: the kernel's median ms, its ratio to cuBLAS, and the SM clock
# of the kernel's runs and of cuBLAS's. Run from the repository root on an H200:
# bash results/nvidia-h200/variants/hot-row.sh [BUILD] [ROUNDS]
source "$(dirname "${BASH_SOURCE[0]}")/ab-common.sh"
rounds=${2:-3}
shape="--m 128 --n 7168 --k 16384"
row_with_clocks() {
    # shellcheck disable=SC2086 # OPTIONS is a list
    timeout 60 "$B/16_hgemm_small_m" $shape $1 --dtype "$2" --no-check --csv 2>&1 |
        awk -F, '$3 ~ /hgemm/ { printf "%s %sx @%s, cuBLAS @%s", $8, $12, $15, $16 }'
}
for r in $(seq "$rounds"); do
    log "round $r"
    for dt in fp16 bf16; do
        for opts in "--iters 100" "--warmup-ms 300" "--warmup-ms 1000" "--warmup-ms 300 --tile 2" "--warmup-ms 300 --tile 9"; do
            echo "$dt [$opts]: $(row_with_clocks "$opts" "$dt")"
        done
    done
done
log "done"
