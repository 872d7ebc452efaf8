#!/usr/bin/env bash
# Does 16 at the K = 2048 rows take as long with more tiles (one block each) as with 112? If so,
# its blocks are each held by their own pace, not by the memory they share, and a tile width
# that gives as many tiles as SMs would cut the time. 16 as it is (16_base) at M = 128 and 64,
# K = 2048, N = 7168 (112 tiles of 64 columns), 7680 (120), 8192 (128) and 8448 (132):
# --tile 8 (128 x 64 alone), --tile 7 (64 x 64 over the whole K), --tile 10 (64 x 128 twins, two
# blocks a tile), and 128 x 64 in stream-K over 132 blocks; two rounds of bf16 rows
# (ab-common.sh's row). Then ncu of 16 and cuBLAS at 128 x 7168 x 2048: shared memory's bank
# reads and writes against their peak, to see whether the wgmma's operand reads and the TMA's
# writes share out its bandwidth. From the repository root:
# OUT=$OUT bash results/nvidia-h200/variants/tiles-per-sm.sh .device/bin
source "$(dirname "$0")/ab-common.sh" "$1"
for r in 1 2; do
    log "round $r"
    for n in 7168 7680 8192 8448; do
        echo "128 x $n x 2048: tile 8 $(row "$B/16_base" "--m 128 --n $n --k 2048 --tile 8")" \
            "| tile 8 split 132 $(row "$B/16_base" "--m 128 --n $n --k 2048 --tile 8 --split 132")"
        echo "64 x $n x 2048: tile 7 $(row "$B/16_base" "--m 64 --n $n --k 2048 --tile 7")" \
            "| tile 10 $(row "$B/16_base" "--m 64 --n $n --k 2048 --tile 10")" \
            "| tile 8 $(row "$B/16_base" "--m 64 --n $n --k 2048 --tile 8")"
    done
done
log "ncu: shared memory at 128 x 7168 x 2048"
metrics=gpu__time_duration.sum,l1tex__data_bank_reads.avg.pct_of_peak_sustained_elapsed,l1tex__data_bank_writes.avg.pct_of_peak_sustained_elapsed
metrics=$metrics,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__throughput.avg.pct_of_peak_sustained_active,sm__inst_executed.sum
timeout 120 ncu --clock-control none --kernel-name regex:'gemm|nvjet' --metrics "$metrics" --csv --page raw \
    "$B/16_base" --m 128 --n 7168 --k 2048 --dtype bf16 --iters 1 --warmup 0 --no-check 2>&1 |
    awk -F'","' 'NR == 1 || /hgemm|nvjet/ { sub(/^"/, ""); print }' | cut -c1-3000
log "done"
