#!/usr/bin/env bash
# Builds the binaries of fixup-bulk-ab.sh, fixup-batches-ab.sh and fixup-tma-ab.sh for sm_90a
# into DIR, from a clean tree at 23e4328: 16_base (16 as at efd15f9, its fix-up loads from L2 by
# every consumer thread), 16_hyb (23e4328: by TMA under 128 x 256 tiles), 16_b1 = 16_bulk (by
# TMA at every tile: fixup-tma-always.diff) and 16_b2, 16_b4, 16_b8 (by TMA in 2, 4 or 8
# batches, each on its own barrier: fixup-tma-batches.diff with FIXUP_BATCHES set). The binaries
# those logs ran were built from the working tree on the way to 23e4328, with the same code.
# Usage, from the repository root: bash results/nvidia-h200/variants/build-fixup-tma-variants.sh [DIR] [BUILD]
set -eu
dir=${1:-.device/bin} build=${2:-build90}
source "$(dirname "${BASH_SOURCE[0]}")/build-one.sh"
mkdir -p "$dir"
k=16_hgemm_small_m/kernel.cu
build_as() {
    make ARCH=90 BUILD="$build" -j16 "$build/16_hgemm_small_m" >/dev/null
    cp "$build/16_hgemm_small_m" "$dir/$1"
    git checkout -- "$k"
}
git show efd15f9:"$k" >"$k"
build_as 16_base
one 16_hyb 16_hgemm_small_m
one 16_b1 16_hgemm_small_m fixup-tma-always
cp "$dir/16_b1" "$dir/16_bulk"
for b in 2 4 8; do
    git apply "$v/fixup-tma-batches.diff"
    sed -i "s/^#define FIXUP_BATCHES 4\$/#define FIXUP_BATCHES $b/" "$k"
    build_as "16_b$b"
done
touch "$k"
