#!/usr/bin/env bash
# The SASS of one instance of 16's kernel, to read its block's start offline: BINARY and the
# template arguments as in the mangled name, e.g. "13__nv_bfloat16Li8ELi128ELi64ELi1ELi1E"
# (bf16, 8 stages, 128 x 64, a cluster of 1, no twins). Prints the function's SASS.
# From the repository root: bash results/nvidia-h200/variants/sass-of.sh .device/bin/16_base ARGS
cuobjdump -sass -fun "_Z13hgemm_small_mI${2}Ev14CUtensorMap_stS1_S1_iii17stream_k_schedulePT_PfPi" "$1"
