#!/usr/bin/env bash
# make run / make results: every step at SIZE^3 (each in its own process, cuBLAS interleaved),
# one progress line per step as it is measured, then the ladder grouped by precision, cuBLAS row
# first. A step that cannot run on this GPU is one "skipped" row; with no GPU at all, one line
# and exit 3. With --results DIR also writes DIR/ladder.csv (skipped steps as rows whose check is
# "skipped") and DIR/ladder.md. Exits 1 for a wrong result or a CUDA error, else 0.
# Usage: common/scripts/ladder.sh [--results DIR] SIZE STEP...
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
    echo "usage: common/scripts/ladder.sh [--results DIR] SIZE STEP...   (make run [SIZE=4096] [STEP=NN])" >&2
    exit 2
fi
size=$1
shift
csv=$(mktemp)
trap 'rm -f "$csv"' EXIT

header=$(gpu_info run "$BUILD/$1") || exit
gpu=$(printf '%s' "$header" | sed 's/^GPU //; s/ |.*//')
width=$(name_width "$@")
status=0 i=0
for step in "$@"; do
    i=$((i + 1))
    progress "$step ($i/$#) at ${size}^3 ..."
    out=$("$BUILD/$step" --size "$size" --dtype all "${TIMING[@]}" --csv 2>"$csv.err")
    rc=$?
    err=$(cat "$csv.err")
    rows=$(printf '%s\n' "$out" | grep -v '^gpu,step,' | grep ',')
    [ -n "$rows" ] && printf '%s\n' "$rows" >>"$csv"
    case $rc in
    0 | 1)
        progress "$step: $(printf '%s\n' "$rows" | awk -F, '$3 !~ /^cublas_/ { printf "%s%s %s %.1f TFLOPS %.2fx %s", n++ ? ", " : "", $3, $4, $9, $12, $13 }')"
        [ "$rc" -eq 1 ] && { status=1; printf '%s\n' "$err" | sed "s/^/$step: /" >&2; }
        ;;
    3)
        why=$(skip_reason "$err")
        progress "$step: skipped: $why"
        echo "$gpu,$step,,,$size,$size,$size,,,,,,skipped: $why,,," >>"$csv"
        ;;
    *)
        progress "$step: error (exit $rc): $(printf '%s\n' "$err" | head -n 1)"
        echo "$gpu,$step,,,$size,$size,$size,,,,,,error (exit $rc),,," >>"$csv"
        status=1
        ;;
    esac
done
rm -f "$csv.err"

# The ladder: for each precision, each cuBLAS baseline's row of median TFLOPS over the steps'
# processes (interleaved with a slow step, cuBLAS runs at a higher clock than beside a fast one),
# then the steps; the steps that did not run last, one row each.
ladder() { # FORMAT: text or md
    awk -F, -v fmt="$1" -v sw="$width" '
        $13 !~ /^(ok|FAIL)/ { bad[++nbad] = $0; next }
        { n[$4]++; line[$4, n[$4]] = $0; if (!($4 in seen)) { seen[$4] = 1; order[++groups] = $4 }
          if (length($3) > kw) kw = length($3) }
        function show(f, is_ref) {
            ratio = is_ref ? "1.00x" : sprintf("%.2fx", f[12])
            check = is_ref ? "ref " f[14] : f[13] " " f[14]
            if (fmt == "md")
                printf "| %s | %s | %s | %.3f | %.1f | %s | %s | %s |\n", is_ref ? "-" : f[2], f[3], f[4], f[8], f[9], f[15], ratio, check
            else
                printf "%-*s %-*s %-5s %9.3f %9.1f %6s %10s  %s\n", sw, is_ref ? "-" : f[2], kw, f[3], f[4], f[8], f[9], f[15], ratio, check
        }
        function show_median(t, name,    i, j, f, g, below, count) { # the row whose TFLOPS rank is the middle one
            count = 0
            for (i = 1; i <= n[t]; i++) { split(line[t, i], f, ","); if (f[3] == name) count++ }
            for (i = 1; i <= n[t]; i++) {
                split(line[t, i], f, ",")
                if (f[3] != name) continue
                below = 0
                for (j = 1; j <= n[t]; j++) {
                    split(line[t, j], g, ",")
                    if (g[3] == name && (g[9] + 0 < f[9] + 0 || (g[9] + 0 == f[9] + 0 && j < i))) below++
                }
                if (below == int((count - 1) / 2)) { show(f, 1); return }
            }
        }
        END {
            if (kw < 28) kw = 28
            if (fmt == "md") {
                print "| step | kernel | dtype | ms | TFLOPS | MHz | vs cuBLAS | check (max err) |"
                print "|---|---|---|---:|---:|---:|---:|---|"
            } else
                printf "%-*s %-*s %-5s %9s %9s %6s %10s  %s\n", sw, "step", kw, "kernel", "dtype", "ms", "TFLOPS", "MHz", "vs cuBLAS", "check (max err)"
            for (g = 1; g <= groups; g++) {
                t = order[g]
                for (i = 1; i <= n[t]; i++) {
                    split(line[t, i], f, ",")
                    if (f[3] ~ /^cublas_/ && !(f[3] in shown)) { shown[f[3]] = 1; show_median(t, f[3]) }
                }
                for (i = 1; i <= n[t]; i++) {
                    split(line[t, i], f, ",")
                    if (f[3] !~ /^cublas_/) show(f, 0)
                }
            }
            for (i = 1; i <= nbad; i++) {
                split(bad[i], f, ",")
                if (fmt == "md") printf "| %s | %s | | | | | | |\n", f[2], f[13]
                else printf "%-*s %s\n", sw, f[2], f[13]
            }
        }' "$csv"
}

echo "$header"
echo "M = N = K = $size; median of $ITERS runs after $(warmup_words)$(flush_words), cuBLAS interleaved in each step's process;"
echo "MHz: the SM clock measured right after each run (median), below the maximum when power or heat caps it"
ladder text

if [ -n "$results" ]; then
    mkdir -p "$results"
    { echo "$CSV_COLUMNS"; cat "$csv"; } >"$results/ladder.csv"
    {
        echo "# Ladder on $gpu"
        echo
        echo "- GPU: ${header#GPU }"
        echo "- driver: $(nvidia-smi --query-gpu=driver_version --format=csv,noheader 2>/dev/null | head -n 1)"
        echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
        echo "- commit: ${COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}"
        echo "- command: \`make results SIZE=$size\` (M = N = K = $size, median of $ITERS runs after $(warmup_words), cuBLAS interleaved)"
        echo
        ladder md
    } >"$results/ladder.md"
    echo "wrote $results/ladder.csv and $results/ladder.md"
fi
exit $status
