#!/usr/bin/env bash
# The fix-up's reads as bulk copies into the ring in 1, 2, 4 or 8 batches, each on its own
# barrier (16_b1 .. 16_b8, FIXUP_BATCHES), against those as loads from L2 by every consumer
# thread (16_base): checks of 16_b4 at ten shapes and two whose reads go in chunks, then rows (ms,
# ratio to cuBLAS; bf16, 100 runs) at shapes whose fit splits K, two rounds, alternating.
# Run from the repository root on an H200: bash results/nvidia-h200/variants/fixup-batches-ab.sh [DIR]
source "$(dirname "${BASH_SOURCE[0]}")/ab-common.sh"
log checks
check_shapes 16_b4
check_configs "$B/16_b4" "--m 256 --n 512 --k 4096 --stages 2 --split 20" "--m 1 --n 8 --k 8192 --split 100" |
    awk '{print} !/rc=0 / {bad++} END {print "bad lines:", bad+0}'
log rows
ab_rows 2 "64 2112 7168;128 2112 7168;64 4096 7168;128 4096 7168;4096 2112 7168;64 7168 16384;128 7168 16384;16 7168 16384;40 1000 1000" \
    base b1 b2 b4 b8
log done
