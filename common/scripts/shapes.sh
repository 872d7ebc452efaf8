#!/usr/bin/env bash
# make shapes: steps over a suite of shapes against cuBLAS, each step in one process over the
# whole suite (--shapes); one row per shape and precision as it is measured: TFLOPS, the ratio to
# cuBLAS, and GB/s where the shape is memory-bound (under 300 FLOP per byte when A, B and C cross
# memory once: the decode shapes). Then, per step and precision, the geometric mean of the
# ratios, the worst one and the count below 0.90. A step that cannot run on this GPU is skipped
# in one line, a shape a step does not take is one "rejected" row; with no GPU, one line and
# exit 3. SUITE is a file (shapes/*.txt, "M N K" a line, # comments) or "random": COUNT shapes
# (default 64) drawn from SEED (default: the clock) by random_shapes, the seed printed first; a
# step whose N and K must be multiples of 16 (FP8) gets the same draw on those multiples.
# With --results CSV the rows also go to that file, with a last column naming the suite (and
# the draw's seed).
# Every line of a suite file is blank, a comment, or "M N K" (three decimal integers): any other
# line, one with a CRLF line end too, is named with its line number and nothing runs (exit 2); a
# shape a step refuses is a row naming its line, and the summary lists those lines.
# Usage: common/scripts/shapes.sh [--results CSV] SUITE STEP...
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
    echo "usage: common/scripts/shapes.sh [--results CSV] SUITE STEP...   (make shapes [SUITE=shapes/llm.txt|shapes/models.txt|random] [SEED=n] [COUNT=n] [STEP=NN])" >&2
    exit 2
fi
suite=$1
shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
csv=$tmp/rows.csv
: >"$csv"
if [ "$suite" = random ]; then
    seed=${SEED:-$(date +%s)}
    [ -x "$BUILD/random_shapes" ] || { echo "make shapes: $BUILD/random_shapes is not built (make)" >&2; exit 2; }
    "$BUILD/random_shapes" "$seed" "${COUNT:-64}" >"$tmp/suite.txt" || exit 2
    suite_file=$tmp/suite.txt
    suite_name="random seed $seed"
    echo "SUITE=random: seed $seed, ${COUNT:-64} shapes (make shapes SUITE=random SEED=$seed COUNT=${COUNT:-64} draws them again)"
else
    [ -f "$suite" ] || { echo "make shapes: no suite file $suite (a file, or SUITE=random)" >&2; exit 2; }
    suite_file=$suite
    suite_name=$suite
fi
# "M N K" for each shape, or the malformed lines on stderr
shape_list=$(bash "$(dirname "$0")/suite_lines.sh" "$suite_file") || exit 2
total=$(printf '%s\n' "$shape_list" | wc -l)
header=$(gpu_info shapes "$BUILD/$1") || exit
gpu=$(printf '%s' "$header" | sed 's/^GPU //; s/ |.*//')
width=$(name_width "$@")
echo "$header"
echo "$suite_name: $total shapes; median of $ITERS runs after $(warmup_words)$(flush_words), cuBLAS interleaved; one process a step"
row() { # FIELDS...: one table row (stdout)
    printf "%-${width}s %7s %7s %7s %-5s %9s %9s %8s %10s  %s\n" "$@"
}
row step M N K dtype ms TFLOPS GB/s "vs cuBLAS" check

# show STEP: the table row of each CSV row of the step's output as it comes, and the row into
# the CSV; progress once a shape's rows are in.
show() {
    local done=0 last=
    while IFS= read -r line; do
        case $line in gpu,step,*|'') continue ;; esac
        printf '%s\n' "$line" >>"$csv"
        IFS=, read -r _ _ kern dt mm nn kk ms tf _ _ ratio check _ <<<"$line"
        if [ "$mm,$nn,$kk" != "$last" ]; then
            [ -z "$last" ] || progress "$1: shape $((done += 1))/$total done"
            last=$mm,$nn,$kk
        fi
        case $check in
        rejected*|"cannot run"*) row "$1" "$mm" "$nn" "$kk" - - - - - "$check" ;;
        *)
            case $kern in cublas_*) continue ;; esac
            es=2 # bytes of an element of A and B: fp16/bf16, or e4m3's one (C is 2 in both)
            [ "$dt" = e4m3 ] && es=1
            bytes=$(((mm * kk + kk * nn) * es + mm * nn * 2))
            gbs=$(awk -v b="$bytes" -v ms="$ms" -v f="$((2 * mm * nn * kk))" 'BEGIN { if (f / b < 300) printf "%.0f", b / ms / 1e6; else printf "-" }')
            row "$1" "$mm" "$nn" "$kk" "$dt" "$ms" "$tf" "$gbs" "$(printf '%.2fx' "$ratio")" "$check"
            ;;
        esac
    done
}

status=0
for step in "$@"; do
    file=$suite_file
    if [ "$suite" = random ]; then # the seed's draw with N and K on the step's multiples (FP8: 16)
        file=$tmp/suite-$step.txt
        "$BUILD/random_shapes" "$seed" "${COUNT:-64}" "$(shape_multiple "$step")" >"$file" || exit 2
    fi
    "$BUILD/$step" --shapes "$file" --dtype all "${TIMING[@]}" --csv 2>"$tmp/err" | show "$step"
    rc=${PIPESTATUS[0]}
    if [ "$rc" -eq 3 ]; then
        why=$(skip_reason "$(cat "$tmp/err")")
        row "$step" - - - - - - - - "skipped: $why"
        echo "$gpu,$step,,,,,,,,,,,skipped: $why,,," >>"$csv"
        continue
    fi
    # 2: lines skipped, each a row naming it; 1: a wrong result; anything else: a crash
    if [ "$rc" -ne 0 ] && [ "$rc" -ne 2 ]; then
        status=1
        grep -v "^$file: " "$tmp/err" | sed "s/^/$step: /" >&2
    fi
    refused=$(awk -F, -v s="$step" '$2 == s && $13 ~ /^rejected \(line / { sub(/^rejected \(line /, "", $13); sub(/\).*/, "", $13); printf "%s, ", $13 }' "$csv")
    [ -z "$refused" ] || echo "$step refused the shapes of $suite lines ${refused%, }" >>"$tmp/refused"
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
[ -f "$tmp/refused" ] && cat "$tmp/refused"
if [ -n "$results" ]; then
    mkdir -p "$(dirname "$results")"
    { echo "$CSV_COLUMNS,suite"; sed "s|\$|,$suite_name|" "$csv"; } >"$results"
    again=$([ "$suite" = random ] && echo " SEED=$seed COUNT=${COUNT:-64}")
    echo "wrote $results (command: make shapes SUITE=$suite$again STEP=\"$(for s in "$@"; do printf '%s ' "${s%%_*}"; done | sed 's/ $//')\")"
fi
exit $status
