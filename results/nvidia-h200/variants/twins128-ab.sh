#!/usr/bin/env bash
# 16 with 128 x 128 tiles over twins (--tile 12: a cluster of two blocks on one tile, each doing
# half its K tiles and keeping one warpgroup's 64 rows) against the rule's pick and 128 x 64 alone
# (--tile 8), at M = 65 to 128: exit status in both precisions at twins configurations (ragged M,
# K tails, several units a cluster, --stages 2 and 3, one K tile), racecheck, synccheck and
# memcheck at two of them, then three rounds of bf16 rows; HGMMA and spills.
# Run from the repository root on the H200: OUT=$OUT bash results/nvidia-h200/variants/twins128-ab.sh [DIR]
source "$(dirname "$0")/ab-common.sh" "$@"
bin=$B/16_hgemm_small_m
echo "HGMMA $(cuobjdump -sass "$bin" | grep -c HGMMA) STL+LDL $(cuobjdump -sass "$bin" | grep -c -E 'STL|LDL')"
log "checks"
check_configs "$bin" "--m 128 --n 7168 --k 2048 --tile 12" "--m 100 --n 1000 --k 4104 --tile 12" \
    "--m 65 --n 20000 --k 1000 --tile 12" "--m 128 --n 20000 --k 72 --tile 12 --stages 2" \
    "--m 77 --n 9000 --k 4104 --tile 12 --stages 3" "--m 1 --n 552 --k 608 --tile 12" "--m 128 --n 8 --k 8 --tile 12" \
    "--m 128 --n 136 --k 128 --tile 12" | count_bad
log "sanitizers"
sanitize_configs 120 "$bin" bf16 "--m 100 --n 4096 --k 520 --tile 12" "--m 128 --n 20000 --k 72 --tile 12 --stages 2"
rows="128 7168 2048;96 7168 2048;128 8192 1024;128 4096 7168;128 7168 16384;128 16384 2048;128 24576 1536"
rows="$rows;128 32768 512;128 6144 4096;100 4096 512;128 2112 7168;128 8192 8192"
IFS=';' read -ra list <<<"$rows"
for s in "${list[@]}"; do
    read -r m n k <<<"$s"
    echo "$s: $("$bin" --m "$m" --n "$n" --k "$k" --info | tail -n +2)"
done
for r in 1 2 3; do
    log "round $r"
    for s in "${list[@]}"; do
        read -r m n k <<<"$s"
        a="--m $m --n $n --k $k"
        echo "$s: rule $(row "$bin" "$a") | tile 8 $(row "$bin" "$a --tile 8") | tile 12 $(row "$bin" "$a --tile 12") | tile 12 stages 3 $(row "$bin" "$a --tile 12 --stages 3")"
    done
done
log "done"
