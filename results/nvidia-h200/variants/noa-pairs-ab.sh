#!/usr/bin/env bash
# What holds the 128 x 64 tile's K loop at about 384 clocks a K tile, where its math is 256? If it
# were the rate at which one SM's copies come in (24 KB a K tile), removing A's 16 KB alone would
# leave the consumers' handshake (about 360 clocks in wgmma-rate.cu) and gain little, two K tiles
# a group alone would gain nothing, and the two together would run near the math. 16_base and
# 16_pair128 (build-pairs-variants.sh), 16_noa and 16_pairnoa (build-noa-pairs-variants.sh), all
# --tile 8 (128 x 64 over the whole K), three rounds of bf16 rows (ab-common.sh's row) at
# M = 128 (and 64), N = 7168, K = 1024, 2048 and 4096. From the repository root:
# OUT=$OUT bash results/nvidia-h200/variants/noa-pairs-ab.sh .device/bin
source "$(dirname "$0")/ab-common.sh" "$1"
for r in 1 2 3; do
    log "round $r"
    for s in "128 7168 1024" "128 7168 2048" "128 7168 4096" "64 7168 2048"; do
        read -r m n k <<<"$s"
        line="$m x $n x $k:"
        for v in base noa pair128 pairnoa; do line="$line $v $(row "$B/16_$v" "--m $m --n $n --k $k --tile 8")"; done
        echo "$line"
    done
done
log "done"
