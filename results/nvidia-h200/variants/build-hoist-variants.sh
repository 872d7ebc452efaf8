#!/usr/bin/env bash
# Builds 16 at the checked-out commit, alone and with the patches named below, sm_90a, into DIR, for
# hoisted-descriptors-ab.sh: 16_base, 16_hoist (hoisted-descriptors), 16_phases (block-phases),
# 16_hoist_phases (both), 16_hoist_pairk (hoisted-descriptors and pairs-of-k-tiles). The tree is left
# as it was. Session 17 (2026-12-02) built them at f8d2b89 on a machine without a GPU.
# Usage, from the repository root of a clean tree: bash results/nvidia-h200/variants/build-hoist-variants.sh [DIR] [BUILD]
set -eu
dir=${1:-.device/bin} build=${2:-build90}
source "$(dirname "${BASH_SOURCE[0]}")/build-one.sh"
mkdir -p "$dir"
s16=16_hgemm_small_m
one 16_base $s16
one 16_hoist $s16 hoisted-descriptors
one 16_phases $s16 block-phases
one 16_hoist_phases $s16 hoisted-descriptors block-phases
one 16_hoist_pairk $s16 hoisted-descriptors pairs-of-k-tiles
