#!/usr/bin/env bash
# The checks of one commit on the H200, in one device call: every step built for sm_90a, 16's
# SASS (HGMMA, no local memory), ncu of 16 against cuBLAS at the suite's worst shapes (cold, as
# ncu leaves the caches: ncu-worst.sh; then warm: ncu-warm.sh), the whole of make test, and
# make sanitize of 15 and 16. Each part's output goes to its own file under OUT as it runs.
# NCU=0 leaves out the two ncu parts. CHECK_STEP=NN builds, tests and sanitizes only that step
# (for a commit that changed no other step's code); SHAPES=1 adds make shapes at the end.
# Run from the repository root on the H200: OUT=DIR bash results/nvidia-h200/variants/checks-at-head.sh COMMIT
set -u
commit=${1:?the commit checked out}
OUT=${OUT:-.}
export PATH=$PATH:/usr/local/cuda/bin
v=results/nvidia-h200/variants
log() { echo "### $(date +%T) [$SECONDS s] $*"; }
{
    echo "# OUT=DIR bash $v/checks-at-head.sh $commit on the H200 ($(date -u +%F)), the tree of $commit"
    nvidia-smi --query-gpu=name,clocks.sm,power.draw,temperature.gpu,driver_version --format=csv,noheader
    only=()
    [ -n "${CHECK_STEP:-}" ] && only=("STEP=$CHECK_STEP")
    log "make ARCH=90 ${only[*]}"
    make -j16 ARCH=90 "${only[@]}" >"$OUT/build.txt" 2>&1 || { tail -40 "$OUT/build.txt"; exit 1; }
    for step in 16_hgemm_small_m 15_hgemm_stream_k; do
        [ -x "build/$step" ] || continue
        sass=$(cuobjdump -sass "build/$step")
        echo "${step%%_*}: HGMMA $(grep -c HGMMA <<<"$sass"), STL/LDL $(grep -c -E 'STL|LDL' <<<"$sass")"
    done
    if [ "${NCU:-1}" != 0 ]; then
        log "ncu-worst.sh"
        bash "$v/ncu-worst.sh" "$commit" >"$OUT/ncu-16-shapes.md" 2>&1
        log "ncu-warm.sh"
        bash "$v/ncu-warm.sh" >"$OUT/ncu-warm-$commit.log" 2>&1
    fi
    log "make test ARCH=90 TEST_JOBS=8 ${only[*]}"
    make test ARCH=90 TEST_JOBS=8 "${only[@]}" >"$OUT/test.txt" 2>&1
    echo "exit $?"
    tail -5 "$OUT/test.txt"
    grep -E '^FAIL' "$OUT/test.txt" | head -20
    sanitized=${CHECK_STEP:-15 16}
    log "make sanitize ARCH=90 STEP=\"$sanitized\""
    make sanitize ARCH=90 STEP="$sanitized" >"$OUT/sanitize.txt" 2>&1
    echo "exit $?"
    tail -4 "$OUT/sanitize.txt"
    if [ "${SHAPES:-0}" = 1 ]; then
        log "make shapes ARCH=90 COMMIT=$commit"
        make shapes ARCH=90 "${only[@]}" COMMIT="$commit" >"$OUT/shapes-$commit.log" 2>&1
        echo "exit $?"
        tail -8 "$OUT/shapes-$commit.log"
    fi
    log "done"
} 2>&1 | tee "$OUT/checks-$commit.log"
