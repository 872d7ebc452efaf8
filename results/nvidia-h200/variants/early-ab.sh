#!/usr/bin/env bash
# 16 with no setmaxnreg in its one-accumulator instances (16_nodec) and with the first copies
# before the block's barrier on top (16_early) against 16 as committed (16_base): checks at the
# ten shapes of check_shapes and at twins' configurations, racecheck, synccheck and memcheck of
# 16_early at two configurations, then three rounds of bf16 rows at the suite's short shapes and
# two guards. Binaries from build-509b141-variants.sh. From the repository root on the H200:
#   OUT=$OUT bash results/nvidia-h200/variants/early-ab.sh .device/bin
source "$(dirname "$0")/ab-common.sh" "$1"
log "checks"
check_shapes 16_nodec 16_early
check_configs "$B/16_early" "--m 64 --n 4096 --k 512 --tile 10" "--m 64 --n 20000 --k 72 --tile 10 --stages 2" \
    "--m 1 --n 552 --k 608 --tile 10" "--m 33 --n 1000 --k 1000 --tile 6" "--m 64 --n 3000 --k 40 --tile 7" | count_bad
for r in 1 2 3; do
    log "round $r"
    ab_rows 1 "128 7168 2048;64 7168 2048;128 2112 7168;64 2112 7168;64 24576 1536;128 4096 7168;16 16384 16384;2048 2048 2048" base nodec early
done
log "sanitizers of early"
sanitize_configs 90 "$B/16_early" bf16 "--m 128 --n 1000 --k 600" "--m 64 --n 4096 --k 512 --tile 10"
log "done"
