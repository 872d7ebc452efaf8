#!/usr/bin/env bash
# 16's rule with 128 x 192 tiles up to M = 128 where they all go whole (build90 built with it):
# checked runs at shapes it moves, then at 14 shapes it moves among 3000 new random ones (M
# 65-128, N and K multiples of 8, another seed than tile-192-m128-survey.sh's; the old rule's pick
# last, by variants/fit-replay.cu against 252d128's kernel.cu) the new pick (--tile 0) against
# the old (--tile N), two rounds of bf16 rows, the suite's moved shape among them; then
# make test of 16. Its log was written before rule_against_old: its rows read "M N K: rule ... |
# old (--tile N) ...".
# Run from the repository root on the H200: bash results/nvidia-h200/variants/tile-192-rule-check.sh build90
source "$(dirname "$0")/ab-common.sh" "$1"
B16=$B/16_hgemm_small_m
shapes="128 24576 1536 2;78 22072 5176 9;101 21736 1808 2;69 17016 3752 8;84 16984 1184 2;106 24968 1760 2;89 19000 1200 2;100 24464 13672 9;69 23792 10728 9;88 39304 2112 8;103 20648 2912 2;126 18224 896 2;95 19600 864 2;79 25296 3072 2;78 22304 8568 9"
log "checks"
check_configs "$B16" "--m 128 --n 24576 --k 1536" "--m 78 --n 22072 --k 5176" "--m 126 --n 18224 --k 896" "--m 100 --n 1000 --k 1000"
rule_against_old "$B16" "$shapes"
log "make test STEP=16"
make test ARCH=90 BUILD="$B" STEP=16 TEST_JOBS=8 2>&1 | tail -3
log done
