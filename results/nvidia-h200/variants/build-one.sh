# shellcheck shell=bash
# Sourced by build-bound-variants.sh and build-hoist-variants.sh: from the repository root, with
# dir (the binaries' folder) and build (the build folder) set, one NAME STEP [PATCH...] builds STEP
# for sm_90a with the patches (v/PATCH.diff) applied in order, copies it to dir/NAME and takes the
# patches back out; the touches make the next build recompile what a patch touched.
v=results/nvidia-h200/variants
one() {
    local name=$1 step=$2 p i
    shift 2
    for p in "$@"; do git apply "$v/$p.diff"; done
    touch "$step/kernel.cu"
    make ARCH=90 BUILD="$build" -j16 "$build/$step" >/dev/null
    cp "$build/$step" "$dir/$name"
    for ((i = $#; i >= 1; i--)); do git apply -R "$v/${!i}.diff"; done # last first: a patch may build on the one before
    touch "$step/kernel.cu" common/kernel/ptx.cuh
}
# begin [DIR] [BUILD]: dir and build from a build script's arguments (else .device/bin and
# build90), and DIR made.
begin() {
    dir=${1:-.device/bin} build=${2:-build90}
    mkdir -p "$dir"
}
