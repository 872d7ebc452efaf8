#!/usr/bin/env bash
# Builds 16 (and 14) at the checked-out commit and with the patches below, sm_90a, into DIR:
#   16_base, 14_base: as committed;
#   16_no-mma (no-wgmma.diff: the K loop without its wgmma, a bound, wrong results);
#   16_no-loads (no-copies.diff: the producer arrives on each full barrier without copying, a
#     bound, wrong results); 16_skeleton (both: the ring's handshakes, the start and the end);
#   16_lag2 (two-groups-in-flight.diff: with one accumulator a warpgroup, a K tile's wgmma group
#     stays in flight one K tile longer and the slot two back is released);
#   16_tw, 14_tw, 16_skel_tw (test-wait.diff: every mbarrier wait spins on test_wait instead of
#     try_wait; the last on top of the skeleton);
#   clk_base, clk_noloads, clk_nomma, clk_skel (block0-clocks-printf.diff, alone and on the
#     bounds: block 0 prints its producer's and consumers' clock64 phases; the printf makes ptxas
#     serialise the wgmma, so only the builds without wgmma keep their timing);
#   16_pairk (pairs-of-k-tiles.diff: two K tiles a wgmma group where a warpgroup has one
#     accumulator and the ring four stages or more); 16_noA (no-a-copies.diff: B copied, A not,
#     a bound, wrong results) and 16_pairk_noA (both); 16_phases (block-phases.diff: every
#     block's phases written to memory, printed by the launcher after its 30th launch).
# The tree is left as it was. Session 16 (2026-12-02) built them at 83aa1f7 on a machine without
# a GPU and ran them with bound-ab.sh, test-wait-ab.sh, block0-clocks.sh, pairs-of-k-tiles-ab.sh,
# pairs-without-a-ab.sh and block-phases.sh
# (NOTES.md, section on 83aa1f7).
# Usage, from the repository root of a clean tree: bash results/nvidia-h200/variants/build-bound-variants.sh [DIR] [BUILD]
set -eu
dir=${1:-.device/bin} build=${2:-build90}
source "$(dirname "${BASH_SOURCE[0]}")/build-one.sh"
mkdir -p "$dir"
s16=16_hgemm_small_m s14=14_hgemm_wgmma_tma_store
one 16_base $s16
one 14_base $s14
one 16_no-mma $s16 no-wgmma
one 16_no-loads $s16 no-copies
one 16_skeleton $s16 no-copies no-wgmma
one 16_lag2 $s16 two-groups-in-flight
one 16_tw $s16 test-wait
one 14_tw $s14 test-wait
one 16_skel_tw $s16 no-copies no-wgmma test-wait
one clk_base $s16 block0-clocks-printf
one clk_noloads $s16 block0-clocks-printf no-copies
one clk_nomma $s16 block0-clocks-printf no-wgmma
one clk_skel $s16 block0-clocks-printf no-copies no-wgmma
one 16_pairk $s16 pairs-of-k-tiles
one 16_noA $s16 no-a-copies
one 16_pairk_noA $s16 pairs-of-k-tiles no-a-copies
one 16_phases $s16 block-phases
ls -l "$dir"
