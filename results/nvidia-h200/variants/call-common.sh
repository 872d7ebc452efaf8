# shellcheck shell=bash
# Sourced by checks-call.sh and tests-call.sh, which run in one device call from the repository
# root with build/ built here and carried: log TEXT prints a timed line; build_and_count prints
# the GPU line, brings build/ up to date (make -j16 ARCH=90, its output in OUT/build.txt; exits
# on failure) and prints 15's and 16's HGMMA and STL/LDL counts; make_test FILE SECONDS runs the
# whole make test ARCH=90 TEST_JOBS=12 under that timeout into FILE and prints its exit status,
# its last lines and its first FAIL lines.
export PATH=$PATH:/usr/local/cuda/bin
log() { echo "### $(date +%T) [$SECONDS s] $*"; }
build_and_count() {
    local step sass
    nvidia-smi --query-gpu=name,clocks.sm,power.draw,temperature.gpu,driver_version --format=csv,noheader
    make -j16 ARCH=90 >"$OUT/build.txt" 2>&1 || { tail -20 "$OUT/build.txt"; exit 1; }
    log "built, $(grep -c nvcc "$OUT/build.txt") nvcc lines"
    for step in 15_hgemm_stream_k 16_hgemm_small_m; do
        sass=$(cuobjdump -sass "build/$step")
        echo "${step%%_*}: HGMMA $(grep -c HGMMA <<<"$sass"), STL/LDL $(grep -c -E 'STL|LDL' <<<"$sass")"
    done
}
make_test() {
    log "make test ARCH=90 TEST_JOBS=12"
    timeout "$2" make test ARCH=90 TEST_JOBS=12 >"$1" 2>&1
    echo "make test exit $?"
    tail -3 "$1"
    grep -E '^FAIL' "$1" | head -20
}
