#!/usr/bin/env bash
# Builds 16 as it is (16_base) and with each patch below, sm_90a, into DIR, for twins-ab.sh:
# 16_tlb (twins-last-by-barrier.diff: the twins' last sums handed over through the cluster
# barrier, a sender arriving with .release after writing them and a keeper waiting with .acquire
# before reading them, in place of parts_full and the end's wait); 16_tik
# (twins-interleaved-k.diff: twin k_half does every other K tile from the k_half-th on, not the
# k_half-th half of them); 16_tsa (twins-st-async.diff: the sums sent by st.async in 16-byte
# quads, completing on the twin's parts_full, with no fence or arrival by the sender). The tree is
# left as it was. Built on a machine without a GPU at 441f29b (2026-12-03).
# Usage, from the repository root of a clean tree: bash results/nvidia-h200/variants/build-twins-end-variants.sh [DIR] [BUILD]
set -eu
source "$(dirname "$0")/build-one.sh"
begin "$@"
one 16_base 16_hgemm_small_m
one 16_tlb 16_hgemm_small_m twins-last-by-barrier
one 16_tik 16_hgemm_small_m twins-interleaved-k
one 16_tsa 16_hgemm_small_m twins-st-async
ls -l "$dir"
