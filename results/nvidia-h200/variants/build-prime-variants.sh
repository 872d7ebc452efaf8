#!/usr/bin/env bash
# Builds 16 at the checked-out commit (16_base) and with each patch below applied alone, sm_90a,
# into DIR: 16_pd (prime-before-dec.diff: the producer issues the first unit's copies into every
# free slot before its warpgroup's setmaxnreg.dec), 16_p1 (prime-one-before-dec.diff: the first
# K tile's only). The tree is left as it was. Session 12 (2026-12-01) built them at 510a1ef
# (16's kernel as at de6ac9d) on a machine without a GPU and ran them with prime-ab.sh
# (NOTES.md, section on de6ac9d).
# Usage, from the repository root of a clean tree: bash results/nvidia-h200/variants/build-prime-variants.sh [DIR] [BUILD]
set -eu
dir=${1:-.device/bin} build=${2:-build90}
v=results/nvidia-h200/variants
mkdir -p "$dir"
one() { # NAME [PATCH]: 16 built with the patch, as DIR/NAME
    [ $# -lt 2 ] || git apply "$v/$2.diff"
    make ARCH=90 BUILD="$build" -j16 "$build/16_hgemm_small_m" >/dev/null
    cp "$build/16_hgemm_small_m" "$dir/$1"
    [ $# -lt 2 ] || git apply -R "$v/$2.diff"
    touch 16_hgemm_small_m/kernel.cu # the next build recompiles what a patch touched
}
one 16_base
one 16_pd prime-before-dec
one 16_p1 prime-one-before-dec
ls -l "$dir"
