#!/usr/bin/env bash
# Builds 16 at the checked-out commit, sm_90a, into DIR, for twins-bulk-ab.sh and early-ab.sh:
#   16_base as committed; 16_bulk (twins-bulk-exchange: the twins' exchange by one bulk copy);
#   16_phases (twins-phases: each consumer warpgroup's phases, printed after the 30th launch) and
#   16_bphases (both); 16_nodec (no-reg-split-narrow: no setmaxnreg where a consumer warpgroup
#   holds one m64n64 accumulator); 16_early (early-copies-narrow: that, and the first copies
#   before the block's barrier there).
# The tree is left as it was. Session 25 (2026-12-02) built them at 509b141 on a machine without
# a GPU (NOTES.md, section on 509b141).
# Usage, from the repository root of a clean tree: bash results/nvidia-h200/variants/build-509b141-variants.sh [DIR] [BUILD]
set -eu
source "$(dirname "${BASH_SOURCE[0]}")/build-one.sh"
begin "$@"
s16=16_hgemm_small_m
one 16_base $s16
one 16_bulk $s16 twins-bulk-exchange
one 16_phases $s16 twins-phases
one 16_bphases $s16 twins-bulk-exchange twins-phases
one 16_nodec $s16 no-reg-split-narrow
one 16_early $s16 early-copies-narrow
