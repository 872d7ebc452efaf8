#!/usr/bin/env bash
# Builds 16 as it is (16_base) and with units-from-lane0.diff (16_uni: the consumers take each
# unit of their walk from lane 0, once a unit, so that `it`, the slot and the descriptors stay
# uniform, in place of the slot's shuffle once a K tile), sm_90a, into DIR, for lane0-ab.sh. The
# tree is left as it was. Built on a machine without a GPU at 812dc1a (2026-12-03).
# Usage, from the repository root of a clean tree: bash results/nvidia-h200/variants/build-lane0-variants.sh [DIR] [BUILD]
set -eu
source "$(dirname "$0")/build-one.sh"
begin "$@"
one 16_base 16_hgemm_small_m
one 16_uni 16_hgemm_small_m units-from-lane0
ls -l "$dir"
