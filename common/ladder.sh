#!/usr/bin/env bash
# make run / make results: every step at SIZE^3 (each in its own process, cuBLAS interleaved),
# printed as one ladder grouped by precision, cuBLAS row first. With --results DIR also writes
# DIR/ladder.csv and DIR/ladder.md. Exits non-zero only for a wrong result or a CUDA error.
# Usage: common/ladder.sh [--results DIR] SIZE STEP...
set -u
BUILD=${BUILD:-build}
ITERS=${ITERS:-20}
WARMUP=${WARMUP:-5}
results=
if [ "${1:-}" = --results ]; then
    results=$2
    shift 2
fi
size=$1
shift
csv=$(mktemp)
notes=$(mktemp)
trap 'rm -f "$csv" "$notes"' EXIT

header=$("$BUILD/$1" --info 2>&1)
header_rc=$?
status=0
for step in "$@"; do
    err=$("$BUILD/$step" --size "$size" --dtype all --iters "$ITERS" --warmup "$WARMUP" --csv 2>&1 >>"$csv")
    rc=$?
    case $rc in
    0) ;;
    1) status=1 ;;
    3) echo "$step|skipped: ${err##*cannot run: }" >>"$notes" ;;
    *) echo "$step|error (exit $rc): $(printf '%s' "$err" | head -n 1)" >>"$notes"; status=1 ;;
    esac
    [ "$rc" -eq 1 ] && printf '%s\n' "$err" | sed "s/^/$step: /" >&2
done

columns=$(grep -m 1 "^gpu,step," "$csv") # the binaries' own CSV header (common/report.c)
rows=$(grep -v "^gpu,step," "$csv")

# The ladder: for each precision, the first row of each cuBLAS baseline, then the steps.
ladder() { # FORMAT: text or md
    printf '%s\n' "$rows" | awk -F, -v fmt="$1" '
        NF < 16 { next }
        { n[$4]++; line[$4, n[$4]] = $0; if (!($4 in seen)) { seen[$4] = 1; order[++groups] = $4 } }
        function show(f, is_ref) {
            ratio = is_ref ? "1.00x" : sprintf("%.2fx", f[12])
            check = is_ref ? "ref " f[14] : f[13] " " f[14]
            if (fmt == "md")
                printf "| %s | %s | %s | %.3f | %.1f | %s | %s | %s |\n", is_ref ? "-" : f[2], f[3], f[4], f[8], f[9], f[15], ratio, check
            else
                printf "%-24s %-28s %-5s %9.3f %9.1f %6s %10s  %s\n", is_ref ? "-" : f[2], f[3], f[4], f[8], f[9], f[15], ratio, check
        }
        END {
            if (fmt == "md") {
                print "| step | kernel | dtype | ms | TFLOPS | MHz | vs cuBLAS | check (max err) |"
                print "|---|---|---|---:|---:|---:|---:|---|"
            } else
                printf "%-24s %-28s %-5s %9s %9s %6s %10s  %s\n", "step", "kernel", "dtype", "ms", "TFLOPS", "MHz", "vs cuBLAS", "check (max err)"
            for (g = 1; g <= groups; g++) {
                t = order[g]
                for (i = 1; i <= n[t]; i++) {
                    split(line[t, i], f, ",")
                    if (f[3] ~ /^cublas_/ && !(f[3] in shown)) { shown[f[3]] = 1; show(f, 1) }
                }
                for (i = 1; i <= n[t]; i++) {
                    split(line[t, i], f, ",")
                    if (f[3] !~ /^cublas_/) show(f, 0)
                }
            }
        }'
    while IFS='|' read -r step why; do
        if [ "$1" = md ]; then echo "| $step | $why | | | | | | |"; else printf '%-24s %s\n' "$step" "$why"; fi
    done <"$notes"
}

echo "$header"
echo "M = N = K = $size; median of $ITERS runs after $WARMUP warm-up, cuBLAS interleaved in each step's process;"
echo "MHz: the SM clock measured right after each run (median), below the maximum when power or heat caps it"
ladder text

if [ -n "$results" ] && [ "$header_rc" -eq 0 ]; then
    mkdir -p "$results"
    { echo "$columns"; printf '%s\n' "$rows"; } >"$results/ladder.csv"
    {
        echo "# Ladder on $(printf '%s' "$header" | sed 's/^GPU //; s/ |.*//')"
        echo
        echo "- GPU: ${header#GPU }"
        echo "- driver: $(nvidia-smi --query-gpu=driver_version --format=csv,noheader 2>/dev/null | head -n 1)"
        echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
        echo "- commit: ${COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}"
        echo "- command: \`make results SIZE=$size\` (M = N = K = $size, median of $ITERS runs after $WARMUP warm-up, cuBLAS interleaved)"
        echo
        ladder md
    } >"$results/ladder.md"
    echo "wrote $results/ladder.csv and $results/ladder.md"
fi
exit $status
