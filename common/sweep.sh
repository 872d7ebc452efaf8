#!/usr/bin/env bash
# make sweep: each step over SIZES (cubes), one table per step like the study note's: size x
# kernel (variant or dtype), TFLOPS and the ratio to the cuBLAS run interleaved with it.
# Steps with --stages run every variant for each stage count in STAGES. With --results DIR
# the rows also go to DIR/sweep.csv. Those steps get SWIZZLE_STRIDE as --swizzle-stride (their
# own default when unset; 2048 is the study note's band width).
# Usage: common/sweep.sh [--results DIR] STEP...
set -u
BUILD=${BUILD:-build}
SIZES=${SIZES:-2048 4096 8192 12288 16384}
STAGES=${STAGES:-2}
ITERS=${ITERS:-20}
SWIZZLE_STRIDE=${SWIZZLE_STRIDE:-}
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
    configs=("") setting=
    if "$BUILD/$step" --help | grep -q -- --stages; then
        configs=()
        stride=${SWIZZLE_STRIDE:-$("$BUILD/$step" --help | sed -n 's/.*--swizzle-stride \([0-9]*\)\].*/\1/p')}
        setting="; --swizzle-stride $stride"
        for s in $STAGES; do configs+=("--variant all --stages $s --swizzle-stride $stride"); done
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
    echo "wrote $results/sweep.csv (command: make sweep STEP=... SIZES=\"$SIZES\" STAGES=\"$STAGES\"${SWIZZLE_STRIDE:+ SWIZZLE_STRIDE=$SWIZZLE_STRIDE})"
fi
exit $status
