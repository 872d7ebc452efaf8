#!/usr/bin/env bash
# Builds 16 as it is (16_base) and with twins-late-start-wait.diff (16_new: a twins block's
# consumers wait for the cluster's start barrier at their first exchange, not before their K
# loop), sm_90a, into DIR, for late-wait-ab.sh. The tree is left as it was. Built on a machine
# without a GPU at 812dc1a (2026-12-03).
# Usage, from the repository root of a clean tree: bash results/nvidia-h200/variants/build-late-wait-variants.sh [DIR] [BUILD]
set -eu
source "$(dirname "$0")/build-one.sh"
begin "$@"
one 16_base 16_hgemm_small_m
one 16_new 16_hgemm_small_m twins-late-start-wait
ls -l "$dir"
