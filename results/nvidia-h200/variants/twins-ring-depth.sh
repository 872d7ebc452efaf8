#!/usr/bin/env bash
# The twins' ring depth since 3ec7b71 (sums by st.async): 16 as built at the head, forced to
# twins (--tile 10), with --stages 2, 3 and 4 (rings of 3, 5 and 7 stages of 24 KB), three
# rounds of bf16 rows at the shapes the rule gives twins and at two more with B larger or
# smaller than at 64 x 7168 x 2048.
# Run from the repository root on the H200, after make ARCH=90:
#   OUT=$OUT bash results/nvidia-h200/variants/twins-ring-depth.sh build
source "$(dirname "$0")/ab-common.sh" "$@"
for r in 1 2 3; do
    log "round $r"
    stage_rows 1 "$B/16_hgemm_small_m" "64 7168 2048;32 7168 3024;56 4096 968;1 552 608;64 4096 512;64 8192 1024;48 6144 4096"
done
log "done"
