#!/usr/bin/env bash
# Builds 16 with each patch below, sm_90a, into DIR: 16_noa (no-a-loads-a5fa651.diff: B's copies
# and not A's, a bound with wrong results); 16_pairnoa (pairs-128x64.diff, then
# no-a-loads-a5fa651.diff: two K tiles a wgmma group in the 128 x 64 tiles, and no A). With
# build-pairs-variants.sh's 16_base and 16_pair128 beside them, run by noa-pairs-ab.sh. The tree
# is left as it was. Built on a machine without a GPU at 2cd3473 (2026-12-03).
# Usage, from the repository root of a clean tree: bash results/nvidia-h200/variants/build-noa-pairs-variants.sh [DIR] [BUILD]
set -eu
source "$(dirname "$0")/build-one.sh"
begin "$@"
one 16_noa 16_hgemm_small_m no-a-loads-a5fa651
one 16_pairnoa 16_hgemm_small_m pairs-128x64 no-a-loads-a5fa651
ls -l "$dir"
