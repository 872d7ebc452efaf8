#!/usr/bin/env bash
# Builds 16 at the checked-out commit, alone (16_base) and with the fix-up's reads in batches
# (fixup-batch-2x8.diff: 2 quads a thread and 8 parts a batch, 16_fix2x8; fixup-batch-4x4.diff:
# 4 and 4, 16_fix4x4), sm_90a, into DIR, for fixup-batch-ab.sh.
# Usage, from the repository root of a clean tree: bash results/nvidia-h200/variants/build-fixup-variants.sh [DIR] [BUILD]
set -eu
dir=${1:-.device/bin} build=${2:-build90}
source "$(dirname "${BASH_SOURCE[0]}")/build-one.sh"
mkdir -p "$dir"
one 16_base 16_hgemm_small_m
one 16_fix2x8 16_hgemm_small_m fixup-batch-2x8
one 16_fix4x4 16_hgemm_small_m fixup-batch-4x4
