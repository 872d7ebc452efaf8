#!/usr/bin/env bash
# make calibrate: a step's cost model (a step with --tile and --info, 16) against what runs. Over
# a few shapes (SUITE: a suite file, or random: COUNT shapes, 8 unless told, from SEED), every
# candidate is forced in turn (--tile N), one process a candidate over the whole suite, bf16,
# timed as make shapes times; --info gives the model's clocks for each candidate and its pick.
# Per shape, two rows: each candidate's measured time and the model's (its clocks at the SM
# clock measured with that run), in microseconds, the fastest measured and the pick marked; then
# how far the pick is from the fastest. Closes with the count of shapes whose pick is within 5%
# of the fastest and the geometric mean of pick / fastest: the check that the model ranks the
# candidates as they run.
# Usage: common/scripts/calibrate.sh SUITE STEP   (make calibrate [SUITE=random SEED=n COUNT=8] [STEP=16])
set -u
BUILD=${BUILD:-build}
. "$(dirname "$0")/lib.sh"
timing_options
if [ $# -ne 2 ]; then
    echo "usage: common/scripts/calibrate.sh SUITE STEP   (make calibrate [SUITE=file|random] [SEED=n] [COUNT=8] [STEP=16])" >&2
    exit 2
fi
suite=$1 step=$2 bin=$BUILD/$2 name=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
last=$("$bin" --help 2>/dev/null | sed -n 's/^  --tile 0\.\.\([0-9]*\):.*/\1/p')
[ -n "$last" ] || { echo "make calibrate: $step has no --tile option: no candidates to weigh" >&2; exit 2; }
if [ "$suite" = random ]; then
    seed=${SEED:-$(date +%s)}
    "$BUILD/random_shapes" "$seed" "${COUNT:-8}" >"$tmp/suite.txt" || exit 2
    name="a random draw (seed $seed, ${COUNT:-8} shapes: SEED=$seed COUNT=${COUNT:-8} draws them again)"
    suite=$tmp/suite.txt
fi
[ -f "$suite" ] || { echo "make calibrate: no suite file $suite (a file, or SUITE=random)" >&2; exit 2; }
header=$(gpu_info calibrate "$bin") || exit
echo "$header"
echo "$step: candidates 1..$last forced in turn over $name, bf16, median of $ITERS runs after $(warmup_words)"

# M N K MS MHZ per candidate, from one process over the suite each
for t in $(seq "$last"); do
    progress "calibrate: candidate $t of $last"
    "$bin" --shapes "$suite" --tile "$t" --dtype bf16 "${TIMING[@]}" --csv 2>"$tmp/err" |
        awk -F, -v t="$t" '$3 !~ /^cublas_/ && $13 == "ok" { print t, $5, $6, $7, $8, $15 }' >>"$tmp/measured"
    rc=${PIPESTATUS[0]}
    [ "$rc" -eq 3 ] && { echo "make calibrate: $step cannot run here: $(head -n 1 "$tmp/err")" >&2; exit 3; }
done
# M N K PICK COST_1 .. COST_last, from --info at each shape
awk '{ sub(/#.*/, "") } NF == 3 { print }' "$suite" | while read -r m n k; do
    "$bin" --m "$m" --n "$n" --k "$k" --info 2>/dev/null | awk -v s="$m $n $k" '
        /^  [0-9]+: / { n++; cost[n] = $(NF - ($0 ~ /the pick$/ ? 3 : 0)); if ($0 ~ /the pick$/) pick = n }
        END { printf "%s %d", s, pick; for (i = 1; i <= n; i++) printf " %s", cost[i]; printf "\n" }'
done >"$tmp/model"

awk -v last="$last" '
    FNR == NR { key = $2 " " $3 " " $4; ms[key, $1] = $5; mhz[key, $1] = $6; next }
    {
        key = $1 " " $2 " " $3; pick = $4; best = 0
        for (t = 1; t <= last; t++)
            if ((key, t) in ms && (best == 0 || ms[key, t] < ms[key, best])) best = t
        printf "%-22s measured", key
        for (t = 1; t <= last; t++) printf " %9s", (key, t) in ms ? sprintf("%.1f%s", ms[key, t] * 1000, t == best ? "*" : "") : "-"
        printf "\n%-22s model   ", ""
        for (t = 1; t <= last; t++) printf " %9s", (key, t) in mhz ? sprintf("%.1f%s", $(4 + t) / mhz[key, t], t == pick ? "<" : "") : "-"
        if (best && (key, pick) in ms) {
            r = ms[key, pick] / ms[key, best]; shapes++; logsum += log(r); within += r <= 1.05
            printf "   pick %d: %.3fx the fastest (%d)\n", pick, r, best
        } else printf "   pick %d: not measured\n", pick
    }
    END {
        if (shapes) printf "\nthe pick within 5%% of the fastest candidate at %d of %d shapes; pick / fastest, geometric mean %.3f\n",
            within, shapes, exp(logsum / shapes)
    }' "$tmp/measured" "$tmp/model" | {
    printf "%-22s %8s" "M N K, microseconds" ""
    for t in $(seq "$last"); do printf " %9s" "--tile $t"; done
    printf "\n"
    cat
}
