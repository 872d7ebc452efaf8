#!/usr/bin/env bash
# Two patches of 16 against 16 as it is (build90/16_hgemm_small_m), binaries in build90/var:
# 16_t1 = twins-end-relaxed.diff (the twins' end barrier arrived on with .relaxed, and no
# parts_free arrival after the last unit: nothing is sent after it); 16_t2 =
# twins-no-end-barrier.diff (t1 without the end barrier at all: a bound, which racecheck is
# expected to flag); 16_c1 = tile-after-first-mma.diff (the consumers compute the unit's tile
# coordinates after issuing its first wgmma group, not before waiting for its data). Checks
# (exit status, both precisions) and sanitizers, then three rounds of bf16 rows; then 64 x 128
# pairs (--tile 5) at 128 x 7168 x 2048.
# Run from the repository root on the H200: bash results/nvidia-h200/variants/end-barrier-ab.sh build90
source "$(dirname "$0")/ab-common.sh" "$1"
V=$B/var
log "checks"
for t in t1 t2; do
    check_configs "$V/16_$t" "--m 64 --n 7168 --k 2048" "--m 1 --n 552 --k 608 --tile 10" "--m 33 --n 1000 --k 1000 --tile 10" \
        "--m 64 --n 20000 --k 1000 --tile 10" "--m 64 --n 20000 --k 72 --tile 10 --stages 2" \
        "--m 50 --n 9000 --k 4104 --tile 10 --stages 3" | sed "s|^|$t |"
done
B=$V check_shapes 16_c1
log "sanitizers"
for t in t1 t2; do
    sanitize_configs 90 "$V/16_$t" bf16 "--m 33 --n 1000 --k 1000 --tile 10" "--m 64 --n 4096 --k 512 --tile 10" | sed "s|^|$t |"
done
sanitize_configs 90 "$V/16_c1" bf16 "--m 40 --n 1000 --k 1000 --split 7" "--m 100 --n 1000 --k 1000" | sed "s|^|c1 |"
cp "$B/16_hgemm_small_m" "$V/16_base"
for r in 1 2 3; do
    log "round $r"
    B=$V ab_rows 1 "64 7168 2048;32 7168 3024;56 4096 968;1 552 608" base t1 t2
    s="--m 64 --n 7168 --k 2048 --stages 3"
    echo "64 7168 2048 --stages 3: base $(row "$V/16_base" "$s") t1 $(row "$V/16_t1" "$s") t2 $(row "$V/16_t2" "$s")"
    B=$V ab_rows 1 "128 7168 2048;64 7168 2048;128 2112 7168;64 2112 7168;2048 2048 2048;128 4096 7168;64 24576 1536;16 16384 16384;4096 4096 4096" base c1
    s="--m 128 --n 7168 --k 2048"
    echo "128 7168 2048: rule $(row "$V/16_base" "$s") tile 5 $(row "$V/16_base" "$s --tile 5") tile 6 $(row "$V/16_base" "$s --tile 6")"
done
for t in t1 t2 c1; do
    echo "$t HGMMA $(cuobjdump -sass "$V/16_$t" | grep -c HGMMA) STL+LDL $(cuobjdump -sass "$V/16_$t" | grep -c -E 'STL|LDL')"
done
log done
