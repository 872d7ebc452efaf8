#!/usr/bin/env bash
# Builds 16 at the checked-out commit and with each patch below, sm_90a, into DIR: 16_base;
# 16_pair128 (pairs-128x64.diff: two K tiles a wgmma group in the 128 x 64 tiles, one m64n64
# accumulator a warpgroup and a ring of 8 stages); 16_pairall (pairs-128x64.diff, then the one
# line of pairs-narrow.diff: the same in every instance with one m64n64 accumulator a warpgroup
# and 6 stages or more: 128 x 64, 64 x 64, 64 x 128 alone and twins). The tree is left as it was. Built on a machine without a GPU at
# 848ab80 (2026-12-03), run by pairs-ab.sh.
# Usage, from the repository root of a clean tree: bash results/nvidia-h200/variants/build-pairs-variants.sh [DIR] [BUILD]
set -eu
source "$(dirname "$0")/build-one.sh"
begin "$@"
one 16_base 16_hgemm_small_m
one 16_pair128 16_hgemm_small_m pairs-128x64
one 16_pairall 16_hgemm_small_m pairs-128x64 pairs-narrow
ls -l "$dir"
