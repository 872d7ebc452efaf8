#!/usr/bin/env bash
# make sanitize: compute-sanitizer memcheck, racecheck and synccheck over every step at a small
# shape (ragged for the steps that take any M), every precision and every ring depth a step
# offers (or those of STAGES), plus one wide grid for 08 at 2 stages and, for the persistent
# steps, a shape with more tiles than SMs, for stream-K a split with ranges inside tiles, for
# a step that fits its tile to the shape (--tile) a candidate of each kind. The cuBLAS baseline
# runs under the tools too:
# filtering with --kernel-name made racecheck (CUDA 13.0) fail with "Internal Sanitizer Error" on
# every templated kernel, while unfiltered runs of the same kernels were clean. A step that
# cannot run on this GPU is skipped in one line; with no GPU, one line and exit 3. Reports that
# all lie in cuBLAS's kernels (nvjet_*) are listed as the baseline's and fail nothing.
set -u
BUILD=${BUILD:-build}
STAGES=${STAGES:-}
. "$(dirname "$0")/../common/scripts/lib.sh"
if [ $# -eq 0 ]; then
    echo "usage: tests/sanitize.sh STEP...   (make sanitize [STEP=NN] [STAGES='2 3'])" >&2
    exit 2
fi
gpu_info sanitize "$BUILD/$1" >/dev/null || exit
command -v compute-sanitizer >/dev/null || { echo "make sanitize: compute-sanitizer not found (it ships with the CUDA toolkit)" >&2; exit 3; }
failed=0
for step in "$@"; do
    bin=$BUILD/$step
    small="--m 256 --n 384 --k 128"
    "$bin" --help | grep -q '; any M,' && small="--m 200 --n 136 --k 328" # edge tiles in M, N and K
    err=$("$bin" $small --dtype all --iters 1 --warmup 0 --no-check 2>&1 >/dev/null)
    if [ $? -eq 3 ]; then
        echo "skipped $step: $(skip_reason "$err")"
        continue
    fi
    configs=("$small")
    range=$("$bin" --help | sed -n 's/^  --stages \([0-9]*\)\.\.\([0-9]*\):.*/\1 \2/p')
    if [ -n "$range" ]; then
        configs=()
        for s in ${STAGES:-$(seq $range)}; do configs+=("$small --stages $s"); done
    fi
    # 08 at 2 stages switches to a 4-blocks-per-SM build for grids of 4 blocks per SM or more:
    # 4096 x 4096 (1024 blocks) takes it on any GPU of up to 256 SMs.
    case $step in 08_*) configs+=("--m 4096 --n 4096 --k 32 --stages 2") ;; esac
    # A persistent grid at the small shape gives each block one tile: give it more tiles than SMs.
    "$bin" --help | grep -q '^grid: persistent' && configs+=("--m 2000 --n 2056 --k 200")
    # Stream-K: ranges that start and end inside tiles, the workspace and its flags.
    "$bin" --help | grep -q '^  --split ' && configs+=("--m 100 --n 1000 --k 1000 --split 7" "--m 40 --n 1000 --k 1000 --split 7")
    # A step that fits its tile to the shape (--list-tiles): the first candidate of each kind
    # (orientation, cluster and the side it lies along, wgmma's rows, the parts of a warpgroup, a
    # part's width a multiple of 16 or not), split inside tiles at ragged edges (an odd count of
    # tile rows and of tile columns: one pair half empty, whichever side its tiles lie along).
    "$bin" --help | grep -q '^  --list-tiles ' && for t in $("$bin" --list-tiles | awk '!/^#/ {
            kind = $5 " " $4 " " $9 " " ($5 ? $3 : $2) " " $7 " " ($8 % 16); if (!(kind in seen)) { seen[kind]; print $1 } }'); do
        configs+=("--m 300 --n 1096 --k 1000 --split 7 --tile $t"); done
    # N and K of each shape rounded up to the step's multiples (16 for FP8): the edges stay ragged.
    q=$(shape_multiple "$step")
    for config in "${configs[@]}"; do
        config=$(echo "$config" | awk -v q="$q" '{
            for (i = 1; i < NF; i++) if ($i == "--n" || $i == "--k") $(i + 1) = int(($(i + 1) + q - 1) / q) * q
            print }')
        for tool in memcheck racecheck synccheck; do
            progress "sanitize: $step $config $tool"
            # shellcheck disable=SC2086 # config is a list of options
            log=$(timeout 600 compute-sanitizer --tool "$tool" --error-exitcode 99 \
                "$bin" $config --dtype all --iters 1 --warmup 0 2>&1)
            rc=$?
            summary=$(printf '%s\n' "$log" | grep -E "ERROR SUMMARY|RACECHECK SUMMARY" | tail -n 1)
            baseline=$(baseline_reports "$rc" "$log")
            if [ "$rc" -eq 0 ]; then
                echo "clean  $step $config $tool: ${summary:-no summary}"
            elif [ -n "$baseline" ]; then
                echo "clean  $step $config $tool: the reports are in cuBLAS's kernels alone ($baseline): ${summary:-no summary}"
            else
                echo "FAILED $step $config $tool (exit $rc)"
                printf '%s\n' "$log" | head -n 40 | sed 's/^/    /'
                failed=$((failed + 1))
            fi
        done
    done
done
echo "sanitize: $failed failed"
[ "$failed" -eq 0 ]
