#!/usr/bin/env bash
# Builds 16 as it is (16_base), with bar-addr-once.diff (16_bar: the consumers take the ring's
# barrier addresses once, not from &full[s] every K tile, and count slots unsigned) and with
# release-early.diff on top (16_early: where a consumer warpgroup has one accumulator, each K
# tile's slot goes back once its own wgmma group has retired, so that the ring holds one more K
# tile in flight), sm_90a, into DIR, for release-early-ab.sh; then with bar-shfl.diff (16_shfl:
# bar-addr-once with the addresses from lane 0 by shuffle, which ptxas cannot rebuild from the
# shared window in the loop, as it did 16_bar's) and with release-early.diff on top of that
# (16_shfle). The tree is left as it was. Built on a machine without a GPU at 6f7b28b (2026-12-04).
# Usage, from the repository root of a clean tree: bash results/nvidia-h200/variants/build-early-variants.sh [DIR] [BUILD]
set -eu
source "$(dirname "$0")/build-one.sh"
begin "$@"
one 16_base 16_hgemm_small_m
one 16_bar 16_hgemm_small_m bar-addr-once
one 16_early 16_hgemm_small_m bar-addr-once release-early
one 16_shfl 16_hgemm_small_m bar-shfl
one 16_shfle 16_hgemm_small_m bar-shfl release-early
ls -l "$dir"
