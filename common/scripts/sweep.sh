#!/usr/bin/env bash
# make sweep: each step over SIZES (cubes), one table per step like the study note's: size x
# kernel (variant or dtype), TFLOPS and the ratio to the cuBLAS run interleaved with it, with a
# progress line per run. Steps with --stages run each stage count in STAGES (their own default
# when STAGES is empty); STEP_OPTS go to every step as they are (e.g. STEP=08
# STEP_OPTS='--swizzle-stride 2048'). A step that cannot run on this GPU is skipped in one line
# (and one row of --results); with no GPU at all, one line and exit 3. With --results DIR the
# rows also go to DIR/sweep.csv.
# Usage: common/scripts/sweep.sh [--results DIR] STEP...
set -u
BUILD=${BUILD:-build}
SIZES=${SIZES:-2048 4096 8192 12288 16384}
STAGES=${STAGES:-}
STEP_OPTS=${STEP_OPTS:-}
. "$(dirname "$0")/lib.sh"
timing_options
results=
if [ "${1:-}" = --results ]; then
    results=$2
    shift 2
fi
if [ $# -eq 0 ]; then
    echo "usage: common/scripts/sweep.sh [--results DIR] STEP...   (make sweep [STEP=NN] [SIZES='2048 4096'] [STAGES='2 3'])" >&2
    exit 2
fi
csv=$(mktemp)
trap 'rm -f "$csv" "$csv.step" "$csv.err"' EXIT
header=$(gpu_info sweep "$BUILD/$1") || exit
gpu=$(printf '%s' "$header" | sed 's/^GPU //; s/ |.*//')
echo "$header"
status=0
for step in "$@"; do
    configs=("$STEP_OPTS") setting=${STEP_OPTS:+; $STEP_OPTS}
    if [ -n "$STAGES" ] && "$BUILD/$step" --help | grep -q -- '^  --stages '; then
        configs=()
        for s in $STAGES; do configs+=("--stages $s $STEP_OPTS"); done
    fi
    : >"$csv.step"
    skipped=
    for size in $SIZES; do
        for config in "${configs[@]}"; do
            before=$(wc -l <"$csv.step")
            # shellcheck disable=SC2086 # config is a list of options
            "$BUILD/$step" --size "$size" --dtype all $config "${TIMING[@]}" --csv \
                2>"$csv.err" | grep -v '^gpu,step,' >>"$csv.step"
            rc=${PIPESTATUS[0]}
            if [ "$rc" -eq 3 ]; then
                skipped=$(skip_reason "$(cat "$csv.err")")
                break 2
            fi
            [ "$rc" -eq 0 ] || { status=1; sed "s/^/$step: /" "$csv.err" >&2; }
            progress "$step ${size}^3${config:+ $config}: $(tail -n +$((before + 1)) "$csv.step" | awk -F, '$3 !~ /^cublas_/ { printf "%s%s %s %.1f (%.2fx)", n++ ? ", " : "", $3, $4, $9, $12 }')"
        done
    done
    echo
    if [ -n "$skipped" ]; then
        echo "$step: skipped: $skipped"
        progress "$step: skipped: $skipped"
        echo "$gpu,$step,,,,,,,,,,,skipped: $skipped,,," >>"$csv"
        continue
    fi
    echo "$step: TFLOPS (x cuBLAS) @ SM MHz by size; median of $ITERS runs after $(warmup_words)$(flush_words), clock measured after each run$setting"
    awk -F, '
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
        }' "$csv.step"
    cat "$csv.step" >>"$csv"
done
if [ -n "$results" ]; then
    mkdir -p "$results"
    { echo "$CSV_COLUMNS"; cat "$csv"; } >"$results/sweep.csv"
    echo "wrote $results/sweep.csv (command: make sweep SIZES=\"$SIZES\"${STAGES:+ STAGES=\"$STAGES\"}${STEP_OPTS:+ STEP_OPTS=\"$STEP_OPTS\"} over $*)"
fi
exit $status
