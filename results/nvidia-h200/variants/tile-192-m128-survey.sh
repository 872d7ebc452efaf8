#!/usr/bin/env bash
# 128 x 192 tiles up to M = 128: would fit_tile do better to weigh them there too (today it
# weighs 128 x 256, 128 x 128 and 128 x 64 only)? At the suite's shape that such a rule moves
# (128 x 24576 x 1536) and at 24 of the 592 shapes it moves among 3000 random ones (M 65-128,
# N and K multiples of 8; variants/fit-replay.cu against a kernel.cu with 128 x 192 in to_128),
# the rule's pick (its --tile number last) against --tile 11, two rounds of bf16 rows; then the
# N = 2112 shape where 128 x 192 lost at 113fab8, and checked runs of --tile 11 at three shapes.
# Run from the repository root on the H200: bash results/nvidia-h200/variants/tile-192-m128-survey.sh build90
source "$(dirname "$0")/ab-common.sh" "$1"
B16=$B/16_hgemm_small_m
shapes="128 24576 1536 2;90 13416 7224 2;88 24640 1184 2;103 6000 4040 8;97 24112 8072 9;92 23216 2416 2;90 21448 6608 9;80 19544 1352 2;116 38112 1208 8;94 25320 12040 9;110 21896 3272 2;65 6144 9424 2;102 34592 2360 2;125 3744 7536 8;113 24728 14280 9;122 37832 1168 8;123 3888 11384 2;84 24864 15696 9;112 3664 9872 2;124 3000 6728 9;104 19496 696 2;89 13072 6960 2;66 5656 8624 2;83 23824 9536 9;82 24656 3688 2;128 2112 7168 8"
IFS=';' read -ra list <<<"$shapes"
log "checks of --tile 11"
check_configs "$B16" "--m 97 --n 24112 --k 8072 --tile 11" "--m 65 --n 6144 --k 9424 --tile 11" "--m 128 --n 24576 --k 1536 --tile 11"
for r in 1 2; do
    log "round $r"
    for s in "${list[@]}"; do
        read -r m n k t <<<"$s"
        a="--m $m --n $n --k $k"
        echo "$m $n $k: rule (--tile $t) $(row "$B16" "$a") | 128x192 $(row "$B16" "$a --tile 11")"
    done
done
log done
