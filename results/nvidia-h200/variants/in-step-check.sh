#!/usr/bin/env bash
# 6e7ede8's rule (--tile 0) against the fit the rule took before (--tile 2: 128 x 256, or 4:
# 64 x 256, each stream-K over every tile) at shapes of a random grid whose move was not
# measured in in-step-ab.sh: 128 x 64 tiles for 64 < M <= 128 (2 -> 8), 128 x 128 below M = 128
# (2 -> 9) and 64 x 128 for M <= 64 (4 -> 6), and at the three shapes of shapes/llm.txt it moves.
# bf16, two rounds, one process a row (ab-common.sh).
# Run from the repository root on the H200: bash results/nvidia-h200/variants/in-step-check.sh build90
source "$(dirname "$0")/ab-common.sh" "$@"
B16=$B/16_hgemm_small_m
shapes="126 11608 22552 2;71 8968 31648 2;80 13824 16384 2;105 9408 23024 2;128 28448 16912 2;113 21640 7008 2;118 23064 11832 2;63 25216 7592 4;50 15360 28360 4;62 17656 27656 4;16 18432 16384 4;16 16384 53248 4;128 16384 53248 2"
rule_against_old "$B16" "$shapes"
log done
