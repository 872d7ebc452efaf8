#!/usr/bin/env bash
# The twins' end barrier: 16 built with twins-end-early.diff (build90/16_hgemm_small_m: a
# keeper arrives on it before it waits for its twin's last sums, every arrival .relaxed, no
# parts_free arrival after the last unit) against 16 before it (build90/var/16_base), against
# twins-end-relaxed.diff (16_t1: the keeper arrives after adding) and twins-no-end-barrier.diff
# (16_t2: no end barrier, a bound that racecheck flags). Sanitizers of the new 16 at twins'
# configurations (one cluster with several units among them), three rounds of bf16 rows at the
# shapes where the rule takes twins, then make test and make sanitize of 16.
# Run from the repository root on the H200: bash results/nvidia-h200/variants/twins-end-ab.sh build90
source "$(dirname "$0")/ab-common.sh" "$1"
V=$B/var
cp "$B/16_hgemm_small_m" "$V/16_t3"
log "sanitizers of t3"
sanitize_configs 90 "$V/16_t3" bf16 "--m 64 --n 7168 --k 2048" "--m 64 --n 4096 --k 512 --tile 10" \
    "--m 64 --n 20000 --k 72 --tile 10 --stages 2" "--m 1 --n 552 --k 608 --tile 10"
for r in 1 2 3; do
    log "round $r"
    B=$V ab_rows 1 "64 7168 2048;32 7168 3024;56 4096 968;1 552 608" base t1 t3 t2
    s="--m 64 --n 7168 --k 2048 --stages 3"
    echo "64 7168 2048 --stages 3: base $(row "$V/16_base" "$s") t3 $(row "$V/16_t3" "$s")"
done
log "make test STEP=16"
make test ARCH=90 BUILD="$B" STEP=16 TEST_JOBS=8 2>&1 | tail -4
log "make sanitize STEP=16"
make sanitize ARCH=90 BUILD="$B" STEP=16 2>&1 | tail -4
echo "t3 HGMMA $(cuobjdump -sass "$V/16_t3" | grep -c HGMMA) STL+LDL $(cuobjdump -sass "$V/16_t3" | grep -c -E 'STL|LDL')"
log done
