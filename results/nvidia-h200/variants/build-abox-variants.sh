#!/usr/bin/env bash
# Builds 16 at the checked-out commit, alone (16_base) and with a-box-rows.diff (16_abox), sm_90a,
# into DIR, for a-box-rows-ab.sh. The tree is left as it was. Session 18 (2026-12-02) built them
# at 8f2e8ed on a machine without a GPU.
# Usage, from the repository root of a clean tree: bash results/nvidia-h200/variants/build-abox-variants.sh [DIR] [BUILD]
set -eu
dir=${1:-.device/bin} build=${2:-build90}
source "$(dirname "${BASH_SOURCE[0]}")/build-one.sh"
mkdir -p "$dir"
one 16_base 16_hgemm_small_m
one 16_abox 16_hgemm_small_m a-box-rows
