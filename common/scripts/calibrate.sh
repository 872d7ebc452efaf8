#!/usr/bin/env bash
# make calibrate: a step's cost model (a step with --tile and --info, 16) measured, then checked.
# 1. The model's constants, each from a named microbenchmark (bf16, clocks = time x the SM clock
#    measured with the run; each a --shapes suite in one process, timed as make shapes times):
#    k_tile    every candidate forced over one full wave of its tiles (as many as SMs), K = 2048
#              and 16384: the clocks of a K tile. mma_share: 128 x 256's math over its clocks;
#              sm_bytes: the median of the other candidates' bytes a K tile over its clocks.
#    one_tile  every candidate at one tile of one K tile: launch, the clocks of 128 x 64's (less
#              its C); c_kb, what a KB more of C adds (128 x 256's against 128 x 64's);
#              cluster_start, 128 x 256 in a pair against alone.
#    split     one tile of 64 K tiles, 128 x 64 and 128 x 256, forced over P = 1, 2, .., 64
#              clusters: each part's fix-up, what is left once the launch and its K tiles are
#              taken off, fitted as fixup + fixup_kb x the tile's fp32 KB + fixup_part x P.
#    The step's struct of constants is to be set to what this prints.
# 2. Over a few shapes (SUITE: a suite file, or random: COUNT shapes, 8 unless told, from SEED),
#    every candidate forced in turn (--tile N); --info gives the model's clocks for each and its
#    pick. Per shape, two rows: each candidate's measured time and the model's (its clocks at the
#    SM clock measured with that run), in microseconds, the fastest measured and the pick marked;
#    then how far the pick is from the fastest. Closes with the count of shapes whose pick is
#    within 5% of the fastest and the geometric mean of pick / fastest.
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
# The candidates, "N BM BN CLUSTER" a line, from --list-tiles (its # lines are comments).
tiles=$("$bin" --list-tiles 2>/dev/null | awk '!/^#/ && NF >= 4 { print $1, $2, $3, $4 }')
last=$(printf '%s\n' "$tiles" | awk 'END { print NR }')
[ -n "$tiles" ] || { echo "make calibrate: $step has no --tile option: no candidates to weigh" >&2; exit 2; }
if [ "$suite" = random ]; then
    seed=${SEED:-$(date +%s)}
    "$BUILD/random_shapes" "$seed" "${COUNT:-8}" >"$tmp/suite.txt" || exit 2
    name="a random draw (seed $seed, ${COUNT:-8} shapes: SEED=$seed COUNT=${COUNT:-8} draws them again)"
    suite=$tmp/suite.txt
fi
[ -f "$suite" ] || { echo "make calibrate: no suite file $suite (a file, or SUITE=random)" >&2; exit 2; }
header=$(gpu_info calibrate "$bin") || exit
sms=$(printf '%s\n' "$header" | sed -n 's/.* | \([0-9]*\) SMs | .*/\1/p')
echo "$header"

# bench NAME TILE SPLIT "M N K" ...: one process over the shapes, bf16; "NAME M N K CLOCKS" lines.
bench() {
    local tag=$1 tile=$2 split=$3
    shift 3
    printf '%s\n' "$@" >"$tmp/bench.txt"
    "$bin" --shapes "$tmp/bench.txt" --tile "$tile" --split "$split" --dtype bf16 --no-check "${TIMING[@]}" --csv 2>"$tmp/err" |
        awk -F, -v tag="$tag" '$3 !~ /^cublas_/ && $13 != "check" { printf "%s %s %s %s %.0f\n", tag, $5, $6, $7, $8 * $15 * 1000 }'
    [ "${PIPESTATUS[0]}" -eq 3 ] && { echo "make calibrate: $step cannot run here: $(head -n 1 "$tmp/err")" >&2; exit 3; }
    return 0
}
echo "microbenchmarks (bf16, median of $ITERS runs after $(warmup_words)):"
while read -r t bm bn cl; do
    progress "calibrate: k_tile, one_tile: candidate $t of $last"
    # a full wave: (SMs / cluster) groups as close to square as whole tiles make them
    g=$((sms / cl)) gm=1
    for d in $(seq 1 "$g"); do [ $((g % d)) -eq 0 ] && [ $((d * d)) -le "$g" ] && gm=$d; done
    m=$((gm * cl * bm)) n=$((g / gm * bn))
    bench "k_tile $t $bm $bn $cl" "$t" 0 "$m $n 2048" "$m $n 16384" >>"$tmp/micro"
    bench "one_tile $t $bm $bn $cl" "$t" 0 "$((bm * cl)) $bn 64" >>"$tmp/micro"
done <<<"$tiles"
for t in $(printf '%s\n' "$tiles" | awk '$4 == 1 && $2 == 128 && ($3 == 64 || $3 == 256) { print $1 }'); do
    progress "calibrate: split: candidate $t"
    read -r bm bn < <(printf '%s\n' "$tiles" | awk -v t="$t" '$1 == t { print $2, $3 }')
    for p in 1 2 4 8 16 32 64; do bench "split $t $bm $bn $p" "$t" "$p" "$bm $bn 4096" >>"$tmp/micro"; done
done
awk '
    # NAME CANDIDATE BM BN CLUSTER-or-P M N K CLOCKS
    $1 == "k_tile" { kt[$2, $8 == 2048 ? 0 : 1] = $9; bm[$2] = $3; bn[$2] = $4; cl[$2] = $5 }
    $1 == "one_tile" { one[$2] = $9 }
    $1 == "split" { sp[$2, $5] = $9; sbm[$2] = $3; sbn[$2] = $4 }
    END {
        for (t = 1; t in bm; t++) {
            c[t] = (kt[t, 1] - kt[t, 0]) / (256 - 32); math = 2 * bm[t] * bn[t] * 64 / 4096; bytes = (bm[t] + bn[t]) * 128
            printf "  k_tile    %dx%d%s: %6.0f clocks a K tile (math at full rate %5.0f, %6.0f bytes: %5.1f a clock)\n",
                bm[t], bn[t], (cl[t] > 1 ? " pairs" : ""), c[t], math, bytes, bytes / c[t]
            if (cl[t] == 1 && bm[t] == 128 && bn[t] == 256) { share = math / c[t]; big = t; alone = one[t] }
            else if (cl[t] == 1) r[++nr] = bytes / c[t]
            if (cl[t] == 1 && bm[t] == 128 && bn[t] == 64) small = t
            if (cl[t] == 2 && bm[t] == 128 && bn[t] == 256) pair = one[t]
        }
        for (i = 1; i <= nr; i++)
            for (j = i + 1; j <= nr; j++)
                if (r[j] < r[i]) { x = r[i]; r[i] = r[j]; r[j] = x }
        sm = nr % 2 ? r[(nr + 1) / 2] : (r[nr / 2] + r[nr / 2 + 1]) / 2
        c_kb = (one[big] - one[small]) / (64 - 16); launch = one[small] - 16 * c_kb
        for (t = 1; t in bm; t++) printf "  one_tile  %dx%d%s: %6.0f clocks\n", bm[t], bn[t], (cl[t] > 1 ? " pairs" : ""), one[t]
        # split: fixup(P) = clocks(P) - one tile of (64 / P) K tiles, a K tile at one SM alone: (clocks(1) - one_tile) / 63
        for (t in sbm) {
            single = (sp[t, 1] - one[t]) / 63
            for (p = 2; p <= 64; p *= 2) {
                f = sp[t, p] - one[t] - (64 / p - 1) * single
                printf "  split     %dx%d over %2d: %6.0f clocks, a part'"'"'s fix-up %6.0f\n", sbm[t], sbn[t], p, sp[t, p], f
                kb = sbm[t] * sbn[t] * 4 / 1024; np++; sx += p; sk += kb; sf += f; sxx += p * p; sxk += p * kb; skk += kb * kb; sxf += p * f; skf += kb * f
            }
        }
        # least squares of f = a + b kb + c p over the points (two tiles: kb takes two values)
        mx = sx / np; mk = sk / np; mf = sf / np
        vxx = sxx / np - mx * mx; vkk = skk / np - mk * mk; vxk = sxk / np - mx * mk; vxf = sxf / np - mx * mf; vkf = skf / np - mk * mf
        d = vxx * vkk - vxk * vxk; part = (vxf * vkk - vkf * vxk) / d; fkb = (vkf * vxx - vxf * vxk) / d; fix = mf - part * mx - fkb * mk
        printf "constants: {mma_share %.2f, sm_bytes %.0f, launch %.0f, c_kb %.0f, cluster_start %.0f, fixup %.0f, fixup_kb %.0f, fixup_part %.0f}\n",
            share, sm, launch, c_kb, pair - alone, fix, fkb, part
    }' "$tmp/micro"
echo
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
