#!/usr/bin/env bash
# make sweep: each step over SIZES (cubes), one table per step like the study note's: size x
# kernel (variant or dtype), TFLOPS and the ratio to the cuBLAS run interleaved with it.
# Steps with --stages run each stage count in STAGES (their own default when STAGES is empty).
# STEP_OPTS go to every step as they are (e.g. STEP=08 STEP_OPTS='--swizzle-stride 2048').
# With --results DIR the rows also go to DIR/sweep.csv.
# Usage: common/sweep.sh [--results DIR] STEP...
set -u
BUILD=${BUILD:-build}
SIZES=${SIZES:-2048 4096 8192 12288 16384}
STAGES=${STAGES:-}
ITERS=${ITERS:-20}
STEP_OPTS=${STEP_OPTS:-}
results=
if [ "${1:-}" = --results ]; then
    results=$2
    shift 2
fi
csv=$(mktemp)
trap 'rm -f "$csv"' EXIT
status=0
[ $# -gt 0 ] || exit 0
"$BUILD/$1" --info || exit 0
for step in "$@"; do
    configs=("$STEP_OPTS") setting=${STEP_OPTS:+; $STEP_OPTS}
    if [ -n "$STAGES" ] && "$BUILD/$step" --help | grep -q -- '^  --stages '; then
        configs=()
        for s in $STAGES; do configs+=("--stages $s $STEP_OPTS"); done
    fi
    step_csv=$(mktemp)
    for size in $SIZES; do
        for config in "${configs[@]}"; do
            # shellcheck disable=SC2086 # config is a list of options
            "$BUILD/$step" --size "$size" --dtype all $config --iters "$ITERS" --csv >>"$step_csv" || status=1
        done
    done
    echo
    echo "$step: TFLOPS (x cuBLAS) @ SM MHz by size; median of $ITERS runs, clock measured after each run$setting"
    grep -v "^gpu,step," "$step_csv" | awk -F, '
        $3 !~ /^cublas_/ {
            key = $3 "." $4
            if (!(key in seen)) { seen[key] = 1; cols[++nc] = key }
            if (!($5 in sz)) { sz[$5] = 1; sizes[++ns] = $5 }
            cell[$5, key] = sprintf("%.1f (%.2fx) @%d", $9, $12, $15)
        }
        END {
            printf "%-7s", "size"
            for (c = 1; c <= nc; c++) printf " %28s", cols[c]
            printf "\n"
            for (s = 1; s <= ns; s++) {
                printf "%-7s", sizes[s]
                for (c = 1; c <= nc; c++) printf " %28s", ((sizes[s], cols[c]) in cell) ? cell[sizes[s], cols[c]] : "-"
                printf "\n"
            }
        }'
    cat "$step_csv" >>"$csv"
    rm -f "$step_csv"
done
if [ -n "$results" ]; then
    mkdir -p "$results"
    { head -n 1 "$csv"; grep -v "^gpu,step," "$csv"; } >"$results/sweep.csv"
    echo "wrote $results/sweep.csv (command: make sweep SIZES=\"$SIZES\"${STAGES:+ STAGES=\"$STAGES\"}${STEP_OPTS:+ STEP_OPTS=\"$STEP_OPTS\"} over $*)"
fi
exit $status
