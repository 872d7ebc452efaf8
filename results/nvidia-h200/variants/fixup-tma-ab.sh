#!/usr/bin/env bash
# The fix-up's reads by TMA for tiles under 128 x 256 (16_hyb, FIXUP_BY_TMA) against the commit
# before (16_base): checks of 16_hyb at ten shapes and two whose reads go in chunks, then rows
# (ms, ratio to cuBLAS; bf16, 100 runs) at shapes whose fit splits K, three rounds, alternating.
# Run from the repository root on an H200: bash results/nvidia-h200/variants/fixup-tma-ab.sh [DIR]
source "$(dirname "${BASH_SOURCE[0]}")/ab-common.sh"
log checks
check_shapes 16_hyb
check_configs "$B/16_hyb" "--m 256 --n 512 --k 4096 --stages 2 --split 20 --tile 11" "--m 1 --n 8 --k 8192 --split 100" |
    awk '{print} !/rc=0 / {bad++} END {print "bad lines:", bad+0}'
log rows
ab_rows 3 "64 2112 7168;128 2112 7168;64 4096 7168;128 4096 7168;16 18432 16384;4096 2112 7168;64 7168 16384;128 7168 16384;16 7168 16384;40 1000 1000" \
    base hyb
log done
