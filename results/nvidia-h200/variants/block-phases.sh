#!/usr/bin/env bash
# 16 with block-phases.diff (16_phases, from build-bound-variants.sh): the PHASES line it prints
# after its 30th launch (every block's entry and exit by globaltimer, its first data, loop and end
# by clock64, written to memory rather than printed) and its row, at seven shapes, bf16, 100
# runs, twice (log block-phases-83aa1f7.log). From the repository root; B is the binaries'
# folder, OUT the log's.
B=${B:-.device/bin}
OUT=${OUT:-.}
exec > >(tee -a "$OUT/phases.log") 2>&1
nvidia-smi --query-gpu=name,clocks.sm,power.draw,temperature.gpu --format=csv,noheader
for rep in 1 2; do
    for s in "--m 128 --n 7168 --k 2048" "--m 64 --n 7168 --k 2048" "--m 128 --n 2112 --k 7168" "--m 64 --n 2112 --k 7168" "--size 2048" "--m 128 --n 4096 --k 7168" "--size 4096"; do
        # shellcheck disable=SC2086 # s is a list of options
        timeout 60 "$B/16_phases" $s --dtype bf16 --iters 100 --no-check --csv 2>&1 |
            awk -F, '/^PHASES/ {print} $3 ~ /hgemm/ {printf "  row: %s ms, %sx cuBLAS, %s MHz\n", $8, $12, $15}'
    done
done
