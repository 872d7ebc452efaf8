#!/usr/bin/env bash
# 16 with two K tiles a wgmma group (16_pair128, 16_pairall from build-pairs-variants.sh)
# against 16 (16_base): checks at the ten shapes of check_shapes and at configurations of every
# narrow fit (ragged K, odd K tile counts, split and stream-K ranges, twins, two- and three-stage
# rings), racecheck, synccheck and memcheck at two of them, then three rounds of bf16 rows
# (ab-common.sh's row: 100 runs, median ms and ratio to cuBLAS) at the suite's shapes with
# M <= 128 and 2048^3. Then the twins at --stages 2, 3 and 4 (16_base). From the repository
# root: OUT=$OUT bash results/nvidia-h200/variants/pairs-ab.sh .device/bin
source "$(dirname "$0")/ab-common.sh" "$1"
log "SASS: HGMMA, STL, LDL"
for bin in 16_base 16_pair128 16_pairall; do
    cuobjdump -sass "$B/$bin" >"$OUT/sass.txt"
    echo "$bin: $(grep -c HGMMA "$OUT/sass.txt") HGMMA, $(grep -c -E 'STL|LDL' "$OUT/sass.txt") STL/LDL"
done
rm -f "$OUT/sass.txt"
log "checks"
check_shapes 16_pair128 16_pairall
for bin in 16_pair128 16_pairall; do
    for t in 7 8 10 6; do
        check_configs "$B/$bin" "--m 100 --n 1000 --k 1032 --tile $t" "--m 128 --n 520 --k 136 --tile $t" \
            "--m 33 --n 264 --k 1000 --tile $t --split 5" "--m 100 --n 1000 --k 1096 --tile $t --stages 2" \
            "--m 60 --n 1000 --k 1096 --tile $t --stages 3" "--m 128 --n 2112 --k 7168 --tile $t --lead 3" \
            "--m 120 --n 1016 --k 3000 --tile $t --split 64"
    done | sed "s|^|$bin |"
done | count_bad
log "sanitizers"
for bin in 16_pair128 16_pairall; do
    echo "$bin"
    sanitize_configs 120 "$B/$bin" bf16 "--m 100 --n 1000 --k 1096 --tile 8 --split 7" "--m 60 --n 1000 --k 1096 --tile 10"
done
SUITE="128 7168 2048;64 7168 2048;128 2112 7168;64 2112 7168;128 4096 7168;64 4096 7168;128 32768 512;64 32768 512"
SUITE="$SUITE;128 24576 1536;64 24576 1536;128 7168 16384;64 7168 16384;16 16384 16384;16 18432 16384;2048 2048 2048"
for r in 1 2 3; do
    log "round $r"
    ab_rows 1 "$SUITE" base pair128 pairall
done
log "twins: --stages 2 3 4"
stage_rows 2 "$B/16_base" "64 7168 2048;32 7168 3024;56 4096 968"
log "done"
