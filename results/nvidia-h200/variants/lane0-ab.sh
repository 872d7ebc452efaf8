#!/usr/bin/env bash
# 16 (16_base) against 16_uni (units-from-lane0.diff: the consumers take each unit of their walk
# from lane 0, so that `it`, the slot and the descriptors stay uniform, in place of the slot's
# shuffle once a K tile): SHFL and R2UR in each binary's SASS, HGMMA and spills; exit status in
# both precisions at every --tile, split, lead and twins configurations, and at the ten shapes of
# check_shapes; racecheck, synccheck and memcheck at three; three rounds of bf16 rows at suite
# shapes of every fit, then five at 8192^3.
# Run from the repository root on the H200: OUT=$OUT bash results/nvidia-h200/variants/lane0-ab.sh [DIR]
source "$(dirname "$0")/ab-common.sh" "$@"
new=$B/16_uni
for v in base uni; do
    sass=$(cuobjdump -sass "$B/16_$v")
    echo "$v HGMMA $(grep -c HGMMA <<<"$sass") SHFL $(grep -c SHFL <<<"$sass") R2UR $(grep -c R2UR <<<"$sass") STL+LDL $(grep -c -E 'STL|LDL' <<<"$sass")"
done
log "checks"
configs=()
for t in $(seq 1 13); do configs+=("--m 200 --n 1000 --k 1000 --tile $t" "--m 33 --n 552 --k 4104 --tile $t --split 7"); done
check_configs "$new" "${configs[@]}" "--m 100 --n 1000 --k 1096 --tile 8 --split 7" "--m 64 --n 20000 --k 72 --tile 10 --stages 2" \
    "--m 128 --n 2112 --k 7168 --lead 5" "--m 1 --n 8 --k 8" "--m 300 --n 2112 --k 1000" "--m 40 --n 1000 --k 1000 --split 1024" | count_bad
check_shapes 16_uni
log "sanitizers"
sanitize_configs 120 "$new" bf16 "--m 100 --n 1000 --k 1096 --tile 8 --split 7" "--m 64 --n 4096 --k 512 --tile 10" \
    "--m 300 --n 2112 --k 1000 --split 20"
rows="128 7168 2048;64 7168 2048;128 2112 7168;64 2112 7168;64 24576 1536;128 32768 512;16 16384 16384;128 4096 7168;2048 2048 2048"
ab_rounds 3 "$rows" base uni
log "8192^3"
ab_rows 5 "8192 8192 8192" base uni
log "done"
