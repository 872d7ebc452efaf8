#!/usr/bin/env bash
# The twins' exchange by one bulk copy: 16 built with twins-bulk-exchange.diff (16_bulk: the
# sending warpgroup stages its sums in its own shared memory and one thread has the TMA copy the
# 16 KB into the twin's, completing on the twin's parts_full; the keeper arrives on the end
# barrier once the copy has landed) against 16 as committed (16_base); both with
# twins-phases.diff (16_phases, 16_bphases: each consumer warpgroup's phases, the exchange's
# among them). Correctness at twins' configurations and the ten shapes of check_shapes,
# racecheck, synccheck and memcheck at two twins configurations, the phases at the K = 2048
# suite shapes, then three rounds of bf16 rows where the rule takes twins.
# Binaries from build-509b141-variants.sh. From the repository root on the H200:
#   OUT=$OUT bash results/nvidia-h200/variants/twins-bulk-ab.sh .device/bin
source "$(dirname "$0")/ab-common.sh" "$1"
log "checks of bulk"
check_configs "$B/16_bulk" "--m 64 --n 7168 --k 2048" "--m 64 --n 4096 --k 512 --tile 10" \
    "--m 64 --n 20000 --k 72 --tile 10 --stages 2" "--m 1 --n 552 --k 608 --tile 10" \
    "--m 33 --n 1000 --k 1000 --tile 10" "--m 56 --n 4096 --k 968" "--m 32 --n 7168 --k 3024" | count_bad
check_shapes 16_bulk
log "phases"
for s in "--m 64 --n 7168 --k 2048" "--m 128 --n 7168 --k 2048" "--m 56 --n 4096 --k 968"; do
    for v in phases bphases; do
        echo "$v $s"
        # shellcheck disable=SC2086 # s is a list of options
        timeout 60 "$B/16_$v" $s --dtype bf16 --iters 100 --no-check --csv 2>&1 |
            awk -F, '/^PHASES/ {print} $3 ~ /hgemm/ {printf "  row: %s ms, %sx cuBLAS, %s MHz\n", $8, $12, $15}'
    done
done
for r in 1 2 3; do
    log "round $r"
    ab_rows 1 "64 7168 2048;32 7168 3024;56 4096 968;1 552 608" base bulk
done
log "sanitizers of bulk"
sanitize_configs 90 "$B/16_bulk" bf16 "--m 64 --n 4096 --k 512 --tile 10" "--m 64 --n 20000 --k 72 --tile 10 --stages 2"
log "done"
