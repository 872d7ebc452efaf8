#!/usr/bin/env bash
# Builds 16 at the checked-out commit and with each patch below applied alone (both for e12),
# sm_90a, into DIR: 16_base; 16_e1 (end-wait-read.diff), 16_e2 (first-copies-before-sync.diff),
# 16_e12 (both), 16_noA (no-a-loads.diff: no A copies, a bound on what A's traffic costs, wrong
# results), 16_pf (b-prefetch-l2.diff), 16_l256 (l2-promotion-256.diff); and 14_base, 14_l256.
# The tree is left as it was. Session 11 (2026-12-01) built them at 308e7a3 on a machine without
# a GPU and ran them with the scripts named in NOTES.md's section "16 at 307991a".
# Usage, from the repository root of a clean tree: bash results/nvidia-h200/variants/build-16-variants.sh [DIR] [BUILD]
set -eu
dir=${1:-.device/bin} build=${2:-build90}
v=results/nvidia-h200/variants
mkdir -p "$dir"
one() { # NAME STEP PATCH...: STEP built with the patches, as DIR/NAME
    local name=$1 step=$2 p
    shift 2
    for p in "$@"; do git apply "$v/$p.diff"; done
    make ARCH=90 BUILD="$build" -j16 "$build/$step" >/dev/null
    cp "$build/$step" "$dir/$name"
    for p in "$@"; do git apply -R "$v/$p.diff"; done
    touch 16_hgemm_small_m/kernel.cu common/kernel/tma.c # the next build recompiles what a patch touched
}
one 16_base 16_hgemm_small_m
one 16_e1 16_hgemm_small_m end-wait-read
one 16_e2 16_hgemm_small_m first-copies-before-sync
one 16_e12 16_hgemm_small_m end-wait-read first-copies-before-sync
one 16_noA 16_hgemm_small_m no-a-loads
one 16_pf 16_hgemm_small_m b-prefetch-l2
one 16_l256 16_hgemm_small_m l2-promotion-256
one 14_l256 14_hgemm_wgmma_tma_store l2-promotion-256
one 14_base 14_hgemm_wgmma_tma_store
ls -l "$dir"
