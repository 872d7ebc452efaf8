#!/usr/bin/env bash
# Builds 16 at the checked-out commit, alone (16_base) and with no-a-loads-a5fa651.diff (16_noA:
# no copies of A, wrong results, a bound), sm_90a, into DIR, for no-a-bound.sh.
# Usage, from the repository root of a clean tree: bash results/nvidia-h200/variants/build-no-a-variants.sh [DIR] [BUILD]
set -eu
dir=${1:-.device/bin} build=${2:-build90}
source "$(dirname "${BASH_SOURCE[0]}")/build-one.sh"
mkdir -p "$dir"
one 16_base 16_hgemm_small_m
one 16_noA 16_hgemm_small_m no-a-loads-a5fa651
