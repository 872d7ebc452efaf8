#!/usr/bin/env bash
# 16 (16_base) against 16_new (twins-late-start-wait.diff: a twins block's consumers wait for the
# cluster's start barrier at their first exchange, not before their K loop): exit status in both
# precisions at twins configurations of all three twins fits (ragged M, K tails, several units a
# cluster, --stages 2, one K tile) and at the ten shapes of check_shapes; racecheck, synccheck and
# memcheck at three of them; three rounds of bf16 rows at the shapes the rule gives twins and two
# it does not; HGMMA and spills.
# Run from the repository root on the H200: OUT=$OUT bash results/nvidia-h200/variants/late-wait-ab.sh [DIR]
source "$(dirname "$0")/ab-common.sh" "$@"
new=$B/16_new
echo "new HGMMA $(cuobjdump -sass "$new" | grep -c HGMMA) STL+LDL $(cuobjdump -sass "$new" | grep -c -E 'STL|LDL')"
log "checks"
check_configs "$new" "--m 64 --n 7168 --k 2048" "--m 33 --n 1000 --k 1000 --tile 10" "--m 64 --n 20000 --k 72 --tile 10 --stages 2" \
    "--m 1 --n 552 --k 608 --tile 10" "--m 64 --n 8 --k 8 --tile 10" "--m 100 --n 1000 --k 4104 --tile 12" \
    "--m 128 --n 9000 --k 72 --tile 12 --stages 2" "--m 13 --n 1000 --k 4104 --tile 13" \
    "--m 50 --n 9000 --k 72 --tile 13 --stages 2" "--m 64 --n 136 --k 128 --tile 13" | count_bad
check_shapes 16_new
log "sanitizers"
sanitize_configs 120 "$new" bf16 "--m 64 --n 4096 --k 512 --tile 10" "--m 128 --n 9000 --k 72 --tile 12 --stages 2" \
    "--m 50 --n 9000 --k 72 --tile 13 --stages 2"
rows="64 7168 2048;32 7168 3024;56 4096 968;1 552 608;64 4096 512;16 16384 16384;128 7168 16384;128 7168 2048;64 2112 7168"
ab_rounds 3 "$rows" base new
log "done"
