#!/usr/bin/env bash
# Session 14, call 1 (2026-12-02): 16 at 113fab8 with tile-192-pairs.diff applied (the first state
# of the work: 128 x 192 tiles in pairs as the rule's pick above M = 128, --tile 11 the pairs,
# --tile 12 alone; B's three boxes multicast 2 and 1 by the pair's blocks), built by `make ARCH=90`
# into build/: checks, and the rule against 128 x 256 pairs (--tile 1), 128 x 192 alone (--tile 12)
# and, at M <= 128, 128 x 128 (--tile 9). Its make test and sanitizer runs are not in the log:
# the pairs were dropped after this call.
. "$(dirname "$0")/ab-common.sh"
B=build/16_hgemm_small_m
log check
check_configs $B "--m 4096 --n 2112 --k 7168" "--m 4096 --n 2112 --k 7168 --tile 12" "--m 128 --n 2112 --k 7168 --tile 12" \
    "--m 2500 --n 1336 --k 1000" "--m 300 --n 1336 --k 1000 --split 7 --tile 11" "--m 129 --n 1000 --k 1000 --tile 11 --split 7" \
    "--m 100 --n 1000 --k 4104 --tile 12" "--m 8 --n 192 --k 64 --tile 11"
log ab
for round in 1 2; do
    for args in "--m 4096 --n 2112 --k 7168" "--m 16384 --n 2112 --k 7168" "--m 4096 --n 1344 --k 4096" "--m 2048 --n 2112 --k 2048"; do
        echo "r$round | $args | rule $(row $B "$args") | t1 $(row $B "$args --tile 1") | t12 $(row $B "$args --tile 12")"
    done
    for args in "--m 128 --n 2112 --k 7168" "--m 128 --n 1344 --k 4096" "--m 100 --n 2112 --k 2048"; do
        echo "r$round | $args | rule $(row $B "$args") | t12 $(row $B "$args --tile 12") | t9 $(row $B "$args --tile 9")"
    done
done
log finished
