#!/usr/bin/env bash
# 16 (16_base) against 16_new, where twins of 128 x 128 tiles (--tile 12) and of 64 x 256 tiles
# (--tile 13) replace the fit where B streams from memory and the twins' one round keeps as many
# blocks busy: exit status in both precisions at configurations of both twins (ragged M, K tails,
# several units a cluster, --stages 2 and 3, one K tile), and at the ten shapes of check_shapes;
# racecheck, synccheck and memcheck at three of them; each shape's --info line in both; three
# rounds of bf16 rows at the shapes whose fit changes and at two whose fit does not; HGMMA and spills.
# Run from the repository root on the H200: OUT=$OUT bash results/nvidia-h200/variants/twins-wide-ab.sh [DIR]
source "$(dirname "$0")/ab-common.sh" "$@"
new=$B/16_new
echo "new HGMMA $(cuobjdump -sass "$new" | grep -c HGMMA) STL+LDL $(cuobjdump -sass "$new" | grep -c -E 'STL|LDL')"
log "checks"
check_configs "$new" "--m 128 --n 7168 --k 16384" "--m 16 --n 16384 --k 8192" "--m 100 --n 1000 --k 4104 --tile 12" \
    "--m 65 --n 20000 --k 1000 --tile 12" "--m 128 --n 9000 --k 72 --tile 12 --stages 2" \
    "--m 77 --n 9000 --k 4104 --tile 12 --stages 3" "--m 128 --n 136 --k 64 --tile 12" \
    "--m 13 --n 1000 --k 4104 --tile 13" "--m 64 --n 40000 --k 1000 --tile 13" "--m 1 --n 552 --k 608 --tile 13" \
    "--m 50 --n 9000 --k 72 --tile 13 --stages 2" "--m 33 --n 9000 --k 4104 --tile 13 --stages 3" \
    "--m 64 --n 8 --k 8 --tile 13" | count_bad
check_shapes 16_new
log "sanitizers"
sanitize_configs 120 "$new" bf16 "--m 100 --n 4096 --k 520 --tile 12" "--m 128 --n 9000 --k 72 --tile 12 --stages 2" \
    "--m 50 --n 9000 --k 72 --tile 13 --stages 2"
rows="128 7168 16384;16 16384 16384;16 16384 53248;128 8192 8192;64 16384 16384;32 16384 16384;16 16384 8192"
rows="$rows;100 7168 16384;64 7168 2048;128 7168 2048"
IFS=';' read -ra list <<<"$rows"
for s in "${list[@]}"; do
    read -r m n k <<<"$s"
    for v in base new; do echo "$v $s: $("$B/16_$v" --m "$m" --n "$n" --k "$k" --info | tail -n +2)"; done
done
for r in 1 2 3; do
    log "round $r"
    ab_rows 1 "$rows" base new
done
log "done"
