#!/usr/bin/env bash
# Whose leftovers in L2 each timed run finds. bench.c times 16 and cuBLAS interleaved, so each
# timed run of one starts with what the other's run before it left in L2. 16_own is 16 built with
# own-leftovers.diff: bench.c runs each of the two once, untimed, right before each of its timed
# runs, so that each finds its own leftovers; 16_base is 16 as it is (both at d5b9bd1). The same
# kernels, two timing patterns: two rounds of bf16 rows at the suite's worst shapes and three more.
# Run from the repository root on the H200: bash results/nvidia-h200/variants/own-leftovers-ab.sh .device/bin
source "$(dirname "$0")/ab-common.sh" "$@"
ab_rows 2 "128 7168 2048;64 7168 2048;128 2112 7168;64 2112 7168;64 24576 1536;128 4096 7168;2048 2048 2048;16 16384 16384" base own
log done
