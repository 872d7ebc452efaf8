#!/usr/bin/env bash
# The fix-up's reads as bulk copies into the ring (16_bulk) against those as loads from L2 by
# every consumer thread (16_base): checks at ten shapes, the sanitizers at two split shapes, then
# rows (ms, ratio to cuBLAS; bf16, 100 runs) at shapes whose fit splits K, two rounds,
# alternating. Binaries: .device/bin/16_base (the commit before) and .device/bin/16_bulk.
# Run from the repository root on an H200: bash results/nvidia-h200/variants/fixup-bulk-ab.sh [DIR]
source "$(dirname "${BASH_SOURCE[0]}")/ab-common.sh"
log checks
check_shapes 16_bulk
# a 128 x 256 tile's parts outgrow a ring of --stages 2: the reads go in two chunks
check_configs "$B/16_bulk" "--m 256 --n 512 --k 4096 --stages 2 --split 20" "--m 1 --n 8 --k 8192 --split 100"
log sanitizers
sanitize_configs 120 "$B/16_bulk" bf16 "--m 64 --n 2112 --k 7168" "--m 40 --n 1000 --k 1000 --split 7" \
    "--m 300 --n 520 --k 3000 --split 50" "--m 256 --n 512 --k 4096 --stages 2 --split 20"
log rows
ab_rows 2 "64 2112 7168;128 2112 7168;64 4096 7168;128 4096 7168;16 18432 16384;4096 2112 7168;64 7168 16384;128 7168 16384;96 4096 7168;40 1000 1000" \
    base bulk
log done
