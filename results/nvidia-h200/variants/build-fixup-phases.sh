#!/usr/bin/env bash
# Builds 16 at the checked-out commit with fixup-phases.diff (16_fixph: a split block's fix-up
# timed in clocks, printed after the 30th launch), sm_90a, into DIR, for fixup-phases.sh.
# Usage, from the repository root of a clean tree: bash results/nvidia-h200/variants/build-fixup-phases.sh [DIR] [BUILD]
set -eu
dir=${1:-.device/bin} build=${2:-build90}
source "$(dirname "${BASH_SOURCE[0]}")/build-one.sh"
mkdir -p "$dir"
one 16_fixph 16_hgemm_small_m fixup-phases
