#!/usr/bin/env bash
# The binaries twins-call1.sh .. twins-call4.sh ran (session 13, 2026-12-01, built on a machine
# without a GPU, sm_90a), into DIR:
#   16_base  16 at cdcce97, before twins.
#   16_kp2   16 at 883cea4 (twins as committed).
#   16_kp    16 at 883cea4 with twins-arrive-at-end.diff: every thread arrives on the end's
#            cluster barrier after the loop, before the last TMA stores' wait, rather than right
#            after its last exchange with the twin (calls 3 and 4).
# The 16_kp of calls 1 and 2 were earlier states of the same work tree, not kept: call 1's had
# no cluster barrier at the end (racecheck flagged its remote writes), offered 128 x 128 twins
# too (--tile 11) and left the rule as it was; call 2's ended with a whole cluster_sync and its
# rule weighed the twins' exchange without the fix-up's wait.
# Usage, from the repository root of a clean tree at 883cea4 or later:
#   bash results/nvidia-h200/variants/build-twins-variants.sh [DIR] [BUILD]
set -eu
dir=${1:-.device/bin} build=${2:-build90}
v=results/nvidia-h200/variants
mkdir -p "$dir"
one() { # NAME COMMIT [PATCH]
    git checkout -q "$2" -- 16_hgemm_small_m common/kernel
    [ $# -lt 3 ] || git apply "$v/$3.diff"
    make ARCH=90 BUILD="$build" -j16 "$build/16_hgemm_small_m" >/dev/null
    cp "$build/16_hgemm_small_m" "$dir/$1"
    git checkout -q HEAD -- 16_hgemm_small_m common/kernel
}
one 16_base cdcce97
one 16_kp2 883cea4
one 16_kp 883cea4 twins-arrive-at-end
ls -l "$dir"
