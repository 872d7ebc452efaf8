#!/usr/bin/env bash
# 16's fit where B streams from memory: the rule with in-step schedules preferred (--tile 0)
# against the fit the rule took before (--tile 4: 64 x 256 tiles, stream-K; the schedule of a
# fit does not depend on the rule), at the suite's three shapes it moves and at shapes of a
# random grid it moves (M <= 64, B over the L2's 60 MiB; two the other way, 6 -> 4); then at
# M = 128, where the rule does not apply it, 128 x 256 stream-K (--tile 2) against the in-step
# fit an M <= 128 rule would take (--tile 8 or 9). bf16, two rounds, one process a row.
# Run from the repository root on the H200: bash results/nvidia-h200/variants/in-step-ab.sh build90
source "$(dirname "$0")/ab-common.sh" "$@"
B16=$B/16_hgemm_small_m
shapes="16 18432 16384 4;16 106496 16384 4;16 16384 53248 4;1 18432 8192 4;64 18432 28672 4;18 4160 56032 4;30 15520 19776 4;49 17264 9872 4;62 18192 11944 4;7 37952 13232 4;44 48056 10624 4;23 77648 5936 4;49 107392 1432 4;29 36656 1624 6;45 8944 6256 6;128 18432 16384 2 9;128 53248 8192 2 8;128 106496 16384 2 9;128 16384 53248 2 9"
IFS=';' read -ra list <<<"$shapes"
for s in "${list[@]}"; do
    read -r m n k old new <<<"$s"
    echo "$m x $n x $k: $("$B16" --m "$m" --n "$n" --k "$k" --tile "${new:-0}" --info | tail -n +2)"
done
for r in 1 2; do
    log "round $r"
    for s in "${list[@]}"; do
        read -r m n k old new <<<"$s"
        a="--m $m --n $n --k $k"
        echo "$m x $n x $k: rule/new (--tile ${new:-0}) $(row "$B16" "$a --tile ${new:-0}") | before (--tile $old) $(row "$B16" "$a --tile $old")"
    done
done
log done
