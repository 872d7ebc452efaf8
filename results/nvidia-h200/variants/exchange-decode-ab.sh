#!/usr/bin/env bash
# The twins' exchange in 16-byte remote stores with one release arrival (binary T = 16 built
# with it, in the folder given second) against 16 as it is (the folder given first): T's checks
# and sanitizers at twins' configurations, then rounds of rows at the twins' shape (--stages 3
# too) and, with 16 as it is, the decode shapes' splits: --split 128 (split-K 2 in 64 x 256 tiles,
# ranges on half tiles) and --tile 6 (64 x 128) against the rule's pick. bf16 rows (ab-common.sh).
# Run from the repository root on the H200: bash results/nvidia-h200/variants/exchange-decode-ab.sh build90 buildT1
source "$(dirname "$0")/ab-common.sh" "$1"
T=$2/16_hgemm_small_m
B16=$B/16_hgemm_small_m
log "checks of T"
check_configs "$T" "--m 64 --n 7168 --k 2048" "--m 1 --n 552 --k 608 --tile 10" "--m 33 --n 1000 --k 1000 --tile 10" \
    "--m 64 --n 20000 --k 1000 --tile 10" "--m 64 --n 20000 --k 72 --tile 10 --stages 2" "--m 50 --n 9000 --k 4104 --tile 10 --stages 3"
log "sanitizers of T"
sanitize_configs 120 "$T" bf16 "--m 64 --n 20000 --k 1000 --tile 10" "--m 64 --n 7168 --k 2048"
for r in 1 2 3; do
    log "round $r"
    s="--m 64 --n 7168 --k 2048"
    echo "64x7168x2048: base $(row "$B16" "$s") | base s3 $(row "$B16" "$s --stages 3") | T $(row "$T" "$s") | T s3 $(row "$T" "$s --stages 3")"
    s="--m 64 --n 20000 --k 1000 --tile 10"
    echo "64x20000x1000 tile 10: base $(row "$B16" "$s") | T $(row "$T" "$s")"
    s="--m 16 --n 16384 --k 53248"
    echo "16x16384x53248: rule $(row "$B16" "$s") | split 128 $(row "$B16" "$s --split 128") | tile 6 $(row "$B16" "$s --tile 6")"
    s="--m 16 --n 18432 --k 16384"
    echo "16x18432x16384: rule $(row "$B16" "$s") | tile 6 $(row "$B16" "$s --tile 6") | split 128 $(row "$B16" "$s --split 128")"
    s="--m 64 --n 24576 --k 1536"
    echo "64x24576x1536: rule $(row "$B16" "$s") | tile 6 $(row "$B16" "$s --tile 6") | tile 10 $(row "$B16" "$s --tile 10")"
done
for s in "--m 16 --n 16384 --k 53248" "--m 16 --n 18432 --k 16384" "--m 64 --n 24576 --k 1536"; do
    for t in 0 6; do echo "$s --tile $t: $("$B16" $s --tile $t --info | tail -n +2)"; done
done
cuobjdump -sass "$T" | grep -c HGMMA | sed 's/^/T HGMMA: /'
cuobjdump -sass "$T" | grep -c -E 'STL|LDL' | sed 's/^/T STL+LDL: /'
log done
