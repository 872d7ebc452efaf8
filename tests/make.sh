#!/usr/bin/env bash
# The Makefile as a newcomer meets it, no GPU needed: a measuring target with no GPU says so in
# one line before it builds anything; an empty or foreign ARCH is one line; an ARCH the
# environment exports for a CPU (x86_64) is set aside; STEP=NN, or a list, reaches every target
# that runs steps; CC picks the C compiler (gcc unless told); nothing in common/kernel/ includes
# the harness. Most checks read `make -n`, which prints the commands a target would run.
# One PASS/FAIL line per check (tests/run.sh counts them).
# Usage: tests/make.sh STEP...   (the step folders, as make test passes them)
set -u
if [ $# -eq 0 ]; then
    echo "usage: tests/make.sh STEP...   (make test runs it with every step)" >&2
    exit 2
fi
cd "$(dirname "$0")/.." || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
check() { # CONDITION-STATUS DESCRIPTION [DETAIL]
    if [ "$1" -eq 0 ]; then echo "PASS $2"; else echo "FAIL $2${3:+: $3}"; fi
}
# make as a user types it: nothing inherited from a make that runs this test (make test STEP=16
# exports STEP, ARCH and MAKEFLAGS to its recipes).
mk() { env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS -u STEP -u ARCH -u CC make --no-print-directory "$@"; }
# script_line OUTPUT SCRIPT: the line of `make -n` output that runs SCRIPT
script_line() { printf '%s\n' "$1" | grep -m 1 -- "$2"; }
steps=("$@")
last=${steps[${#steps[@]} - 1]}
n_of() { echo "${1%%_*}"; }

# No GPU (CUDA_VISIBLE_DEVICES= hides every GPU, here as on a GPU machine): one line, a non-zero
# exit within 5 s, and no build folder.
for target in run sweep shapes results ncu sanitize; do
    t0=$(date +%s%N)
    err=$(CUDA_VISIBLE_DEVICES= timeout 20 env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make --no-print-directory -s "$target" BUILD="$tmp/build" 2>&1 >/dev/null)
    rc=$?
    ms=$((($(date +%s%N) - t0) / 1000000))
    [ "$rc" -ne 0 ] && [ "$rc" -ne 124 ] && [ "$ms" -le 5000 ] && [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] &&
        printf '%s' "$err" | grep -q "make $target: no GPU" && [ ! -e "$tmp/build" ]
    check $? "no GPU: make $target says so in one line after $ms ms, exit $rc, and builds nothing" "$(printf '%s' "$err" | head -n 3 | tr '\n' ' ')$([ -e "$tmp/build" ] && echo ' (it built)')"
    rm -rf "$tmp/build"
done

# ARCH: empty or foreign on the command line, one line and a non-zero exit before anything runs
for arch in "" "sm_90" "75" "90 x86_64"; do
    err=$(mk -n ARCH="$arch" BUILD="$tmp/build" all 2>&1 >/dev/null)
    rc=$?
    [ "$rc" -ne 0 ] && [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] && printf '%s' "$err" | grep -q "ARCH"
    check $? "make ARCH='$arch' is refused in one line (exit $rc)" "$err"
done
# ARCH from the environment: compute capabilities are taken, a CPU name is set aside in one line
out=$(env -u MAKEFLAGS -u MAKELEVEL ARCH=x86_64 make --no-print-directory -n -B BUILD="$tmp/build" "$tmp/build/obj/01_tf32_bt/kernel.o" 2>&1)
rc=$?
[ "$rc" -eq 0 ] && [ "$(printf '%s\n' "$out" | grep -c 'ARCH=x86_64 from the environment')" -eq 1 ] &&
    printf '%s\n' "$out" | grep -q -- '-gencode arch=compute_[0-9]*,code=sm_[0-9]*' && ! printf '%s\n' "$out" | grep -q 'compute_x86'
check $? "ARCH=x86_64 from the environment is set aside in one line, the default targets built (exit $rc)" "$(printf '%s' "$out" | head -n 2 | tr '\n' ' ')"
out=$(env -u MAKEFLAGS -u MAKELEVEL ARCH=89 make --no-print-directory -n -B BUILD="$tmp/build" "$tmp/build/obj/01_tf32_bt/kernel.o" 2>&1)
printf '%s\n' "$out" | grep -q -- '-gencode arch=compute_89,code=sm_89' &&
    [ "$(printf '%s\n' "$out" | grep -o 'arch=compute_[0-9]*' | sort -u)" = "arch=compute_89" ]
check $? "ARCH=89 from the environment builds sm_89 alone" "$(printf '%s' "$out" | grep nvcc | head -n 1 | cut -c 1-160)"

# STEP=NN reaches every target that runs steps; a list runs each; unset, shapes runs the last step
for target in run test sanitize sweep shapes results ncu; do
    case $target in
    run) script=ladder.sh ;; test) script=tests/run.sh ;; sanitize) script=tests/sanitize.sh ;; *) script=$target.sh ;;
    esac
    line=$(script_line "$(mk -n "$target" STEP="$(n_of "${steps[0]}") $(n_of "$last")" BUILD="$tmp/build" 2>&1)" "$script")
    others=$(for s in "${steps[@]}"; do [ "$s" = "${steps[0]}" ] || [ "$s" = "$last" ] || ! printf '%s' "$line" | grep -q "$s" || echo "$s"; done)
    printf '%s' "$line" | grep -q "${steps[0]}" && printf '%s' "$line" | grep -q "$last" && [ -z "$others" ]
    check $? "make $target STEP='$(n_of "${steps[0]}") $(n_of "$last")' runs those two steps and no other" "${line:-no $script line}"
done
line=$(script_line "$(mk -n shapes BUILD="$tmp/build" 2>&1)" shapes.sh)
# the last step of each precision, whichever steps this test was given: fp16/bf16 and FP8 (e4m3)
fp8=$(grep -l DTYPE_E4M3 [0-9][0-9]_*/main.c 2>/dev/null | sed 's|/main.c||')
newest=$( (ls -d [0-9][0-9]_*/ | tr -d / | grep -vxF "${fp8:-none}" | tail -n 1; printf '%s\n' "$fp8" | grep . | tail -n 1) | sort -u)
[ "$(printf '%s\n' "$line" | grep -o '[0-9][0-9]_[a-z0-9_]*' | sort -u)" = "$newest" ]
check $? "make shapes with no STEP runs the last step of each precision, $(echo $newest)" "$line"
out=$(mk -s conflicts STEP="$(n_of "$last")" BUILD="$tmp/build" 2>&1)
models=$(printf '%s\n' "$out" | awk 'NR > 1 && /^[0-9][0-9]/ { print substr($0, 1, 2) }' | sort -u)
[ "$models" = "$(n_of "$last")" ]
check $? "make conflicts STEP=$(n_of "$last") shows that step's models alone" "models of: $(echo $models)"
mapfile -t folders < <(ls -d [0-9][0-9]_*/ | tr -d /) # any two steps show it, whichever STEP make test got
a=$(n_of "${folders[${#folders[@]} - 3]}") b=$(n_of "${folders[${#folders[@]} - 2]}")
out=$(mk -s diff STEP="$a $b" 2>&1)
printf '%s\n' "$out" | grep -q "^+++ b/${a}_.*/kernel.cu" && printf '%s\n' "$out" | grep -q "^+++ b/${b}_.*/kernel.cu"
check $? "make diff STEP='$a $b' shows the lesson of each" "$(printf '%s\n' "$out" | grep '^+++' | tr '\n' ' ')"
# A one-digit step is its folder's (STEP=1 is 01); the first step has no lesson of its own to diff
[ "$(script_line "$(mk -n test STEP=1 BUILD="$tmp/build" 2>&1)" tests/run.sh | grep -o '[0-9][0-9]_[a-z0-9_]*' | sort -u)" = "${folders[0]}" ]
check $? "make test STEP=1 runs step ${folders[0]}"
err=$(mk -s diff STEP=1 2>&1 >/dev/null)
[ "$(printf '%s\n' "$err" | grep -c "$(n_of "${folders[0]}") is the first step and builds on none")" -eq 1 ]
check $? "make diff STEP=1 says that $(n_of "${folders[0]}") is the first step" "$err"
# A suite file's bad line stops make shapes before it builds or asks for a GPU
printf '64 128 256\nabc\n' >"$tmp/bad.txt"
err=$(mk -s shapes SUITE="$tmp/bad.txt" BUILD="$tmp/build" 2>&1 >/dev/null)
[ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] && printf '%s' "$err" | grep -q "bad.txt:2: \"abc\" is not three integers"
check $? "make shapes SUITE=<a file with a bad line 2> names that line, in one line" "$err"
err=$(mk -n run STEP="$(n_of "${steps[0]}") 99" 2>&1 >/dev/null)
[ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] && printf '%s' "$err" | grep -q '99 matches no step'
check $? "make run STEP='$(n_of "${steps[0]}") 99' names the step that matches nothing, in one line" "$err"
help=$(mk -s help 2>&1)
! printf '%s' "$help" | grep -q 'SHAPE_STEPS\|SWEEP_STEPS' && ! grep -q '^SHAPE_STEPS\|^SWEEP_STEPS' Makefile
check $? "STEP is the one way to pick steps: no SHAPE_STEPS or SWEEP_STEPS variable"

# CC: gcc unless told (make's own default is cc), and CC=clang is taken
obj=$tmp/build/obj/common/harness/cli.o
out=$(mk -n -B BUILD="$tmp/build" "$obj" 2>&1)
printf '%s\n' "$out" | grep -q '^gcc '
check $? "the host C is compiled with gcc unless told" "$(printf '%s\n' "$out" | grep -- '-c ' | cut -c 1-60)"
out=$(mk -n -B CC=clang BUILD="$tmp/build" "$obj" 2>&1)
printf '%s\n' "$out" | grep -q '^clang '
check $? "make CC=clang compiles the host C with clang" "$(printf '%s\n' "$out" | grep -- '-c ' | cut -c 1-60)"

# What kernels include stays in common/kernel/: no include reaches into the harness
bad=$(grep -H '#include "' common/kernel/* | while IFS= read -r l; do
    f=$(printf '%s' "$l" | sed 's/.*#include "\([^"]*\)".*/\1/')
    [ -f "common/kernel/$f" ] || printf '%s ' "${l%%:*} includes $f"
done)
[ -z "$bad" ]
check $? "every header common/kernel/ includes is in common/kernel/" "$bad"
