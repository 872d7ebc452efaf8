#!/usr/bin/env bash
# 16 with its C halves copied out of the staging slab by every consumer thread in 16-byte stores
# (12's epilogue; direct-store.diff) against 16 as it is, where make results has 12 at 0.98-1.01x
# cuBLAS at 2048³ and 16 at 0.97-0.99x. BASE and NEW are build folders (NEW holds only 16);
# 12 and 14 at 2048³ from BASE beside them. First NEW is checked at ten shapes (check_shapes),
# then ROUNDS rounds, as make shapes times (300 ms warm-up, 20 runs), both precisions in one
# process: median ms, ratio to cuBLAS, the SM clock of the kernel's runs and of cuBLAS's.
# Run from the repository root on an H200: bash results/nvidia-h200/variants/direct-store-ab.sh BASE NEW [ROUNDS]
source "$(dirname "${BASH_SOURCE[0]}")/ab-common.sh" "$2"
base=$1 new=${2:?two build folders} rounds=${3:-3}
log "check_shapes $new/16_hgemm_small_m"
check_shapes 16_hgemm_small_m
list=("2048 2048 2048" "64 7168 2048" "128 7168 2048" "4096 4096 4096" "128 2112 7168" "64 4096 7168" "16 16384 16384")
for r in $(seq "$rounds"); do
    log "round $r"
    for s in "${list[@]}"; do
        read -r m n k <<<"$s"
        a="--m $m --n $n --k $k"
        echo "$m x $n x $k: base $(settled_both "$base/16_hgemm_small_m" "$a")| new $(settled_both "$new/16_hgemm_small_m" "$a")"
    done
    echo "2048^3: 12 $(settled_both "$base/12_hgemm_wgmma_persistent" "--size 2048")| 14 $(settled_both "$base/14_hgemm_wgmma_tma_store" "--size 2048")"
done
log "done"
