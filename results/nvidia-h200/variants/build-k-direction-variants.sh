#!/usr/bin/env bash
# Builds 12 and 14 at the checked-out commit (12_base, 14_base) and with the K direction
# alternating from round to round (12_rev: k-direction-by-round-12.diff, 14_rev:
# k-direction-by-round.diff), sm_90a, into DIR. The tree is left as it was. Session 16
# (2026-12-02) built them at 83aa1f7 on a machine without a GPU and ran them with
# k-direction-ab.sh (NOTES.md, section on 83aa1f7).
# Usage, from the repository root of a clean tree: bash results/nvidia-h200/variants/build-k-direction-variants.sh [DIR] [BUILD]
set -eu
dir=${1:-.device/bin} build=${2:-build90}
v=results/nvidia-h200/variants
mkdir -p "$dir"
make ARCH=90 BUILD="$build" -j16 >/dev/null
cp "$build/12_hgemm_wgmma_persistent" "$dir/12_base"
cp "$build/14_hgemm_wgmma_tma_store" "$dir/14_base"
one() { # NAME STEP PATCH: STEP built with the patch, as DIR/NAME
    git apply "$v/$3.diff"
    make ARCH=90 BUILD="$build" -j16 "$build/$2" >/dev/null
    cp "$build/$2" "$dir/$1"
    git apply -R "$v/$3.diff"
    touch "$2/kernel.cu" # the next build recompiles what the patch touched
}
one 12_rev 12_hgemm_wgmma_persistent k-direction-by-round-12
one 14_rev 14_hgemm_wgmma_tma_store k-direction-by-round
ls -l "$dir"
