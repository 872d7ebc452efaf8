#!/usr/bin/env bash
# make shapes: steps over a suite of shapes (shapes/*.txt, "M N K" a line, # comments), each
# shape in its own process against cuBLAS; one row per shape and precision as it is measured:
# TFLOPS, the ratio to cuBLAS, and GB/s where the shape is memory-bound (under 300 FLOP per byte
# when A, B and C cross memory once: the decode shapes). Then, per step and precision, the
# geometric mean of the ratios and the worst one. A step that cannot run on this GPU is skipped
# in one line, a shape a step does not take is one "rejected" row; with no GPU, one line and
# exit 3. With --results DIR the rows also go to DIR/shapes.csv (the ladder's columns).
# Every line of a suite is blank, a comment, or "M N K" (three decimal integers): any other line,
# one with a CRLF line end too, is named with its line number and nothing runs (exit 2); a shape a
# step refuses is a row naming its line, and the summary lists those lines.
# Usage: common/scripts/shapes.sh [--results DIR] SUITE STEP...
set -u
BUILD=${BUILD:-build}
. "$(dirname "$0")/lib.sh"
timing_options
results=
if [ "${1:-}" = --results ]; then
    results=$2
    shift 2
fi
if [ $# -lt 2 ]; then
    echo "usage: common/scripts/shapes.sh [--results DIR] SUITE STEP...   (make shapes [SUITE=shapes/llm.txt] [STEP=NN])" >&2
    exit 2
fi
suite=$1
shift
[ -f "$suite" ] || { echo "make shapes: no suite file $suite" >&2; exit 2; }
# "LINE M N K" for each shape, or the malformed lines on stderr
shape_list=$(awk -v f="$suite" '
    /\r/ { printf "%s:%d: ends in a carriage return (CRLF): save the suite with plain LF line ends\n", f, NR > "/dev/stderr"; bad = 1; next }
    { line = $0; sub(/#.*/, "", line); n = split(line, x, " ") }
    n == 0 { next }
    n != 3 || x[1] !~ /^[0-9]+$/ || x[2] !~ /^[0-9]+$/ || x[3] !~ /^[0-9]+$/ {
        printf "%s:%d: \"%s\" is not three integers M N K\n", f, NR, line > "/dev/stderr"; bad = 1; next }
    { print NR, x[1], x[2], x[3] }
    END { exit bad }' "$suite") || exit 2
[ -n "$shape_list" ] || { echo "make shapes: $suite lists no 'M N K' line" >&2; exit 2; }
csv=$(mktemp)
trap 'rm -f "$csv" "$csv.err" "$csv.refused"' EXIT
header=$(gpu_info shapes "$BUILD/$1") || exit
gpu=$(printf '%s' "$header" | sed 's/^GPU //; s/ |.*//')
width=$(name_width "$@")
echo "$header"
echo "$suite: $(printf '%s\n' "$shape_list" | wc -l) shapes; median of $ITERS runs after $(warmup_words)$(flush_words), cuBLAS interleaved"
row() { # FIELDS...: one table row (stdout)
    printf "%-${width}s %7s %7s %7s %-5s %9s %9s %8s %10s  %s\n" "$@"
}
row step M N K dtype ms TFLOPS GB/s "vs cuBLAS" check
status=0
for step in "$@"; do
    n=0 total=$(printf '%s\n' "$shape_list" | wc -l)
    refused=
    while read -r line m n_ k; do
        n=$((n + 1))
        out=$("$BUILD/$step" --m "$m" --n "$n_" --k "$k" --dtype all "${TIMING[@]}" --csv 2>"$csv.err")
        rc=$?
        if [ "$rc" -eq 3 ]; then
            why=$(skip_reason "$(cat "$csv.err")")
            row "$step" - - - - - - - - "skipped: $why"
            echo "$gpu,$step,,,,,,,,,,,skipped: $why,,," >>"$csv"
            break
        elif [ "$rc" -eq 2 ]; then
            why=$(head -n 1 "$csv.err" | sed 's/.*rejected: //' | tr ',' ';' | cut -c 1-80)
            row "$step" "$m" "$n_" "$k" - - - - - "rejected (line $line): $why"
            echo "$gpu,$step,,,$m,$n_,$k,,,,,,rejected (line $line): $why,,," >>"$csv"
            refused="$refused $line"
            continue
        fi
        [ "$rc" -eq 0 ] || { status=1; sed "s/^/$step $m x $n_ x $k: /" "$csv.err" >&2; }
        rows=$(printf '%s\n' "$out" | grep -v '^gpu,step,' | grep ',')
        [ -n "$rows" ] && printf '%s\n' "$rows" >>"$csv"
        printf '%s\n' "$rows" | awk -F, '$3 !~ /^cublas_/' | while IFS=, read -r _ _ _ dt mm nn kk ms tf _ _ ratio check _; do
            bytes=$(((mm * kk + kk * nn + mm * nn) * 2))
            gbs=$(awk -v b="$bytes" -v ms="$ms" -v f="$((2 * mm * nn * kk))" 'BEGIN { if (f / b < 300) printf "%.0f", b / ms / 1e6; else printf "-" }')
            row "$step" "$mm" "$nn" "$kk" "$dt" "$ms" "$tf" "$gbs" "$(printf '%.2fx' "$ratio")" "$check"
        done
        progress "$step: shape $n/$total done"
    done <<<"$shape_list"
    [ -z "$refused" ] || echo "$step refused the shapes of $suite lines$(echo "$refused" | sed 's/ /, /g; s/^,//')" >>"$csv.refused"
done
echo
echo "geometric mean, worst and count below 0.90 of the ratios to cuBLAS, per step and precision:"
awk -F, -v w="$width" '
    $13 ~ /^(ok|FAIL)/ && $3 !~ /^cublas_/ && $12 > 0 {
        key = $2 " " $4
        if (!(key in cnt)) order[++nk] = key
        cnt[key]++; logsum[key] += log($12); below[key] += $12 < 0.90
        if (!(key in worst) || $12 < worst[key]) { worst[key] = $12; at[key] = $5 " x " $6 " x " $7 }
    }
    END {
        for (i = 1; i <= nk; i++) {
            k = order[i]; split(k, p, " ")
            printf "%-*s %-5s geomean %.3fx over %d shapes, worst %.3fx (%s), %d below 0.90x\n", w, p[1], p[2],
                exp(logsum[k] / cnt[k]), cnt[k], worst[k], at[k], below[k]
        }
    }' "$csv"
[ -f "$csv.refused" ] && cat "$csv.refused"
if [ -n "$results" ]; then
    mkdir -p "$results"
    { echo "$CSV_COLUMNS"; cat "$csv"; } >"$results/shapes.csv"
    echo "wrote $results/shapes.csv (command: make shapes SUITE=$suite STEP=\"$(for s in "$@"; do printf '%s ' "${s%%_*}"; done | sed 's/ $//')\")"
fi
exit $status
