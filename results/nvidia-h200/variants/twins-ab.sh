#!/usr/bin/env bash
# 16 (16_base) against one variant 16_NAME of build-twins-end-variants.sh (tlb, tik or tsa): exit
# status in both precisions at twins configurations (one unit a cluster, several, --stages 2 and
# 3, ragged M, K tails), both binaries, and at the ten shapes of check_shapes;
# racecheck, synccheck and memcheck at three twins configurations; three rounds of bf16 rows at
# the shapes the rule gives twins and at four it does not; HGMMA and spills.
# Run from the repository root on the H200: OUT=$OUT bash results/nvidia-h200/variants/twins-ab.sh NAME [DIR]
name=$1
shift
source "$(dirname "$0")/ab-common.sh" "$@"
log "checks"
for v in base "$name"; do check_configs "$B/16_$v" "--m 64 --n 7168 --k 2048" "--m 1 --n 552 --k 608 --tile 10" "--m 33 --n 1000 --k 1000 --tile 10" \
    "--m 64 --n 20000 --k 1000 --tile 10" "--m 64 --n 20000 --k 72 --tile 10 --stages 2" \
    "--m 50 --n 9000 --k 4104 --tile 10 --stages 3" "--m 7 --n 40000 --k 520 --tile 10" "--m 64 --n 8 --k 8 --tile 10" | sed "s|^|$v |"; done | count_bad
check_shapes "16_$name"
log "sanitizers"
sanitize_configs 120 "$B/16_$name" bf16 "--m 64 --n 4096 --k 512 --tile 10" "--m 64 --n 20000 --k 72 --tile 10 --stages 2" \
    "--m 1 --n 552 --k 608 --tile 10"
for r in 1 2 3; do
    log "round $r"
    ab_rows 1 "64 7168 2048;32 7168 3024;56 4096 968;1 552 608;64 4096 512" base "$name"
    s="--m 64 --n 7168 --k 2048 --stages 3"
    echo "64 7168 2048 --stages 3: base $(row "$B/16_base" "$s") $name $(row "$B/16_$name" "$s")"
    ab_rows 1 "128 7168 2048;64 2112 7168;2048 2048 2048;16 16384 16384" base "$name"
done
echo "$name HGMMA $(cuobjdump -sass "$B/16_$name" | grep -c HGMMA) STL+LDL $(cuobjdump -sass "$B/16_$name" | grep -c -E 'STL|LDL')"
log "done"
