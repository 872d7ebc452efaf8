#!/usr/bin/env bash
# 16 as it is (16_base) against bar-addr-once.diff (16_bar) and release-early.diff on top of it
# (16_early), the binaries build-early-variants.sh builds, or against the variants NAME... given
# after DIR (16_NAME each, the first of them 16 as it is). First each binary's SASS counts
# (HGMMA, STL/LDL, S2UR), then each variant checked at ten shapes (check_shapes) and at
# every one-accumulator fit forced on ragged shapes, split, with --stages 2 and at M = 1; then
# three rounds of bf16 rows (100 runs, no warm-up; ab_rounds) at the suite's narrow-tile shapes
# and 2048³ (which runs two accumulators a warpgroup, so none of its code changes), then two
# rounds as make shapes times (settled_both) at the three worst rows of the suite.
# Run from the repository root on an H200: bash results/nvidia-h200/variants/release-early-ab.sh DIR [NAME...]
source "$(dirname "$0")/ab-common.sh" "$1"
shift
if [ $# -gt 0 ]; then names=("$@"); else names=(base bar early); fi
rest=("${names[@]:1}")
for v in "${names[@]}"; do
    sass=$(cuobjdump -sass "$B/16_$v")
    echo "16_$v: HGMMA $(grep -c HGMMA <<<"$sass"), STL/LDL $(grep -c -E 'STL|LDL' <<<"$sass"), S2UR $(grep -c S2UR <<<"$sass")"
done
log "check_shapes"
check_shapes "${rest[@]/#/16_}"
log "forced fits"
for v in "${rest[@]}"; do
    check_configs "$B/16_$v" "--m 100 --n 1000 --k 1096 --tile 8" "--m 100 --n 1000 --k 1096 --tile 8 --split 7" \
        "--m 60 --n 1000 --k 1096 --tile 7" "--m 60 --n 1000 --k 1096 --tile 7 --split 5" "--m 60 --n 1000 --k 1096 --tile 6" \
        "--m 60 --n 1000 --k 1096 --tile 10" "--m 60 --n 20000 --k 72 --tile 10 --stages 2" "--m 33 --n 3000 --k 1000 --tile 13" \
        "--m 120 --n 1000 --k 1096 --tile 11" "--m 1 --n 552 --k 608" "--m 60 --n 1000 --k 1096 --tile 4 --stages 2" |
        sed "s|^|16_$v |"
done | count_bad
shapes="64 7168 2048;128 7168 2048;128 2112 7168;64 2112 7168;128 4096 7168;64 4096 7168;64 24576 1536;128 24576 1536;16 16384 16384;2048 2048 2048"
ab_rounds 3 "$shapes" "${names[@]}"
for r in 1 2; do
    log "settled round $r"
    for s in "64 7168 2048" "128 7168 2048" "128 2112 7168"; do
        read -r m n k <<<"$s"
        for v in "${names[@]}"; do echo "$s 16_$v: $(settled_both "$B/16_$v" "--m $m --n $n --k $k")"; done
    done
done
log done
