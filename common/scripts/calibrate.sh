#!/usr/bin/env bash
# make calibrate: a step's cost model (a step with --tile, --list-tiles and --info, 16) measured,
# then checked.
# 1. The model's constants, each from a named microbenchmark (bf16, clocks = time x the SM clock
#    measured with the run; each a --shapes suite in one process, timed as make shapes times):
#    k_tile    a spread of candidates (every tile of today's orientation, the swapped ones of BM
#              16, 32, 64, 128 and 256), each forced over one full wave of its tiles (as many as
#              SMs), K = 2048 and 16384: the clocks of a K tile. wgmma_start: 128 x 256's
#              clocks a wgmma (16 a K tile) less a wgmma's at full rate; k_tile_start and
#              sm_bytes: the line clocks = k_tile_start + bytes / sm_bytes fitted (least
#              squares) to the candidates whose clocks exceed their wgmmas' by 15% or more,
#              bound by their copies.
#    l2        128 x 256 tiles alone and in pairs, unswapped, over many waves of three shapes
#              whose operands are 10 to 20 times the L2 (square, wide and tall), N and K 8 past
#              a multiple of 64 so that most rows straddle two 128-byte lines (where rows start
#              on lines, tiles alone are bound by their wgmmas, not by L2): the bytes of lines
#              all SMs pulled from L2 a clock (each tile's A and B rows every K tile, a pair's
#              B once, each row as the lines it spans, as fit.h's lines_per_row counts them);
#              l2_bytes, the median of the three where tiles run alone.
#    one_tile  128 x 64, 128 x 256 and 128 x 256 in pairs at one tile of one K tile: launch, the
#              clocks of 128 x 64's (less its C); c_kb, what a KB more of C adds (128 x 256's
#              against 128 x 64's); cluster_start, 128 x 256 in a pair against alone.
#    split     one tile of 64 K tiles, 128 x 64 and 128 x 256, forced over P = 1, 2, .., 64
#              clusters: each part's fix-up, what is left once the launch and its K tiles are
#              taken off, fitted as fixup + fixup_kb x the tile's fp32 KB + fixup_part x P.
#    The step's struct of constants is to be set to what this prints. A step that runs no bf16
#    (17, 18: e4m3) keeps 16's constants, and times in its own dtype what its cost adds to them:
#    k_tile    every candidate forced over one full wave (a pair along M over twice the tile
#              rows), K = 2048 and 16384: the clocks of a K tile beside the model's there (--info's
#              cost at both K, the difference over the 112 K tiles between): 18's promotion.
#    lines     128 x 128 alone (candidate 1) over 14336 x 34304 x K, K on L2's lines (3584) and
#              16, 32 and 64 bytes off, where 128 x 128 is bound by L2: the clocks of a K tile
#              beside the model's, which counts the rows off their lines with lines_per_row.
#    split     as above, on 128 x 64 and 128 x 128 (K tiles of 128): the fix-up's three
#              constants in the step's dtype, to set beside 16's in its fit.h.
# 2. Over a few shapes (SUITE: a suite file, or random: COUNT shapes, 8 unless told, from SEED),
#    every candidate forced in turn (--tile N), in bf16 or else the step's first dtype; --info
#    gives the model's clocks for each and its
#    pick. A row per shape: the fastest candidate and its time, the pick and its time, the
#    model's time for both (their clocks at the SM clock of the run), and how far the pick is
#    from the fastest. Closes with the count of shapes whose pick is within 5% of the fastest
#    and the geometric mean of pick / fastest. With CALIBRATE_CSV=FILE, every candidate's time at
#    every shape goes to FILE as well, beside the model's, for fitting the cost without the GPU.
# Usage: common/scripts/calibrate.sh SUITE STEP   (make calibrate [SUITE=random SEED=n COUNT=8] [STEP=16]
#        [CALIBRATE_CSV=file])
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
# The candidates, from --list-tiles: one a line, # lines are comments.
last=$("$bin" --list-tiles 2>/dev/null | awk '!/^#/ && NF >= 4 { n++ } END { print n + 0 }')
[ "$last" -gt 0 ] || { echo "make calibrate: $step has no --list-tiles: no candidates to weigh" >&2; exit 2; }
# The microbenchmarks time bf16 kernels with 16's tiles; a step without bf16 (FP8) keeps 16's
# constants, and only its pick is weighed, in its first dtype.
dtype=bf16
if ! "$bin" --help 2>/dev/null | grep -q '^dtype: .*bf16'; then
    dtype=$("$bin" --help 2>/dev/null | sed -n 's/^dtype: \([a-z0-9]*\).*/\1/p' | head -n 1)
    [ -n "$dtype" ] || { echo "make calibrate: $step --help names no dtype" >&2; exit 2; }
fi
if [ "$suite" = random ]; then
    seed=${SEED:-$(date +%s)}
    "$BUILD/random_shapes" "$seed" "${COUNT:-8}" "$(shape_multiple "$step")" >"$tmp/suite.txt" || exit 2
    name="a random draw (seed $seed, ${COUNT:-8} shapes: SEED=$seed COUNT=${COUNT:-8} draws them again)"
    suite=$tmp/suite.txt
fi
[ -f "$suite" ] || { echo "make calibrate: no suite file $suite (a file, or SUITE=random)" >&2; exit 2; }
header=$(gpu_info calibrate "$bin") || exit
sms=$(printf '%s\n' "$header" | sed -n 's/.* | \([0-9]*\) SMs | .*/\1/p')
echo "$header"

# bench NAME TILE SPLIT "M N K" ...: one process over the shapes, in $dtype; "NAME M N K CLOCKS" lines.
bench() {
    local tag=$1 tile=$2 split=$3
    shift 3
    printf '%s\n' "$@" >"$tmp/bench.txt"
    "$bin" --shapes "$tmp/bench.txt" --tile "$tile" --split "$split" --dtype "$dtype" --no-check "${TIMING[@]}" --csv 2>"$tmp/err" |
        awk -F, -v tag="$tag" '$3 !~ /^cublas_/ && $13 != "check" { printf "%s %s %s %s %.0f\n", tag, $5, $6, $7, $8 * $15 * 1000 }'
    [ "${PIPESTATUS[0]}" -eq 3 ] && { echo "make calibrate: $step cannot run here: $(head -n 1 "$tmp/err")" >&2; exit 3; }
    return 0
}
# N BM BN CLUSTER SWAP STAGES PARTS PART_COLS ALONG_N of each candidate
"$bin" --list-tiles | awk '!/^#/' >"$tmp/list"
# t_of BM BN CLUSTER SWAP: the candidate's N (a pair along M)
t_of() { awk -v f="$1 $2 $3 $4" '$2 " " $3 " " $4 " " $5 == f && !$9 { print $1 }' "$tmp/list"; }
# one_tile_bench BK T: candidate T at one tile (a pair's two) of one K tile (BK of K).
one_tile_bench() {
    local bm bn cl
    read -r bm bn cl < <(awk -v t="$2" '$1 == t { print $2, $3, $4 }' "$tmp/list")
    bench "one_tile $2 $bm $bn $cl" "$2" 0 "$((bm * cl)) $bn $1" >>"$tmp/micro"
}
# split_bench BK T...: each candidate T (alone) at one tile of one K tile, then of 64 K tiles
# forced over P = 1, 2, .., 64 clusters (--split P: P parts, each fixed up).
split_bench() {
    local bk=$1 t bm bn p
    shift
    for t in "$@"; do
        progress "calibrate: split: candidate $t"
        one_tile_bench "$bk" "$t"
        read -r bm bn < <(awk -v t="$t" '$1 == t { print $2, $3 }' "$tmp/list")
        for p in 1 2 4 8 16 32 64; do bench "split $t $bm $bn $p" "$t" "$p" "$bm $bn $((64 * bk))" >>"$tmp/micro"; done
    done
}
# The awk of split_bench's fit, given one[T] and sp[T, P] (the clocks of one tile of one K tile
# and of 64 over P clusters) and sbm[T], sbn[T]: a part's fix-up, fixup(P) = clocks(P) - one tile
# of 64 / P K tiles, a K tile at one SM alone being (clocks(1) - one_tile) / 63, then the least
# squares of fixup + fixup_kb x the tile's fp32 KB + fixup_part x P over the points (two tiles:
# the KB takes two values), into fix, fkb and part.
split_fit='
    function fit_fixups(   x, single, p, f, kb, np, sx, sk, sf, sxx, sxk, skk, sxf, skf, mx, mk, mf, vxx, vkk, vxk, vxf, vkf, d) {
        for (x in sbm) {
            single = (sp[x, 1] - one[x]) / 63
            for (p = 2; p <= 64; p *= 2) {
                f = sp[x, p] - one[x] - (64 / p - 1) * single
                printf "  split     %dx%d over %2d: %6.0f clocks, a part'"'"'s fix-up %6.0f\n", sbm[x], sbn[x], p, sp[x, p], f
                kb = sbm[x] * sbn[x] * 4 / 1024; np++; sx += p; sk += kb; sf += f; sxx += p * p; sxk += p * kb; skk += kb * kb; sxf += p * f; skf += kb * f
            }
        }
        mx = sx / np; mk = sk / np; mf = sf / np
        vxx = sxx / np - mx * mx; vkk = skk / np - mk * mk; vxk = sxk / np - mx * mk; vxf = sxf / np - mx * mf; vkf = skf / np - mk * mf
        d = vxx * vkk - vxk * vxk; part = (vxf * vkk - vkf * vxk) / d; fkb = (vkf * vxx - vxf * vxk) / d; fix = mf - part * mx - fkb * mk
    }'
# Part 1, for a bf16 step.
microbenchmarks() {
    echo "microbenchmarks (bf16, median of $ITERS runs after $(warmup_words)):"
    spread=$(awk '$4 == 1 && (!$5 || $2 == 16 || $2 == 32 || $2 == 64 || $2 == 128 || $2 == 256) { print $1 }' "$tmp/list")
    for t in $spread; do
        read -r bm bn cl sw parts cols < <(awk -v t="$t" '$1 == t { print $2, $3, $4, $5, $7, $8 }' "$tmp/list")
        progress "calibrate: k_tile: candidate $t ($bm x $bn$([ "$sw" = 1 ] && echo " swapped"))"
        # a full wave: SMs tiles, as close to square as whole tiles make them
        gm=1
        for d in $(seq 1 "$sms"); do [ $((sms % d)) -eq 0 ] && [ $((d * d)) -le "$sms" ] && gm=$d; done
        bench "k_tile $t $bm $bn $sw $parts $cols" "$t" 0 "$((gm * bm)) $((sms / gm * bn)) 2048" "$((gm * bm)) $((sms / gm * bn)) 16384" >>"$tmp/micro"
    done
    alone=$(t_of 128 256 1 0) pair=$(t_of 128 256 2 0) small=$(t_of 128 64 1 0)
    progress "calibrate: l2, one_tile"
    for t in "$alone" "$pair"; do bench "l2 $t" "$t" 0 "12288 12296 16392" "3072 49160 16392" "49152 3080 16392" >>"$tmp/micro"; done
    one_tile_bench 64 "$pair"
    split_bench 64 "$small" "$alone"
    awk -v alone="$alone" -v pair="$pair" -v small="$small" -v sms="$sms" "$split_fit"'
        function lines(pitch,  g) { for (g = 1; g < 128 && pitch % (2 * g) == 0; g *= 2); return 2 - g / 128 } # fit.h lines_per_row
        function wgmma(n) { return (n / 2 > (2048 + 32 * n) / 128) ? n / 2 : (2048 + 32 * n) / 128 } # full rate
        # NAME CANDIDATE ... M N K CLOCKS
        $1 == "k_tile" { kt[$2, $(NF - 1) == 2048 ? 0 : 1] = $NF; bm[$2] = $3; bn[$2] = $4; sw[$2] = $5; parts[$2] = $6; cols[$2] = $7; t[++nt] = $2 }
        $1 == "l2" { l2[$2, $3 "x" $4 "x" $5] = $NF; shapes[$3 "x" $4 "x" $5] = $3 " " $4 " " $5 }
        $1 == "one_tile" { one[$2] = $NF }
        $1 == "split" { sp[$2, $5] = $NF; sbm[$2] = $3; sbn[$2] = $4 }
        END {
            for (i = 1; i <= nt / 2; i++) {
                x = t[2 * i]; c[x] = (kt[x, 1] - kt[x, 0]) / (256 - 32); math[x] = 4 * 2 * parts[x] * wgmma(cols[x])
                bytes[x] = (bm[x] + bn[x]) * 128
            }
            start_w = c[alone] / (4 * 2 * parts[alone]) - wgmma(cols[alone])
            for (i = 1; i <= nt / 2; i++) {
                x = t[2 * i]; load = c[x] > 1.15 * (math[x] + 4 * 2 * parts[x] * start_w)
                printf "  k_tile    %3dx%-3d%s: %6.0f clocks a K tile (wgmma at full rate %5.0f, %6.0f bytes: %5.1f a clock)%s\n",
                    bm[x], bn[x], (sw[x] ? " swapped" : "        "), c[x], math[x], bytes[x], bytes[x] / c[x], load ? "  load-bound" : ""
                if (load) { nl++; lx += bytes[x]; ly += c[x]; lxx += bytes[x] * bytes[x]; lxy += bytes[x] * c[x] }
            }
            slope = (nl * lxy - lx * ly) / (nl * lxx - lx * lx); start = (ly - slope * lx) / nl; sm = 1 / slope
            # l2: every tile of the grid, each K tile, pulls its A rows and B columns from L2 (a pair B once),
            # each row the lines it spans (rows of A are K apart, rows of B N apart)
            for (sh in shapes) {
                split(shapes[sh], dim, " "); tiles = int((dim[1] + 127) / 128) * int((dim[2] + 255) / 256); ktiles = int((dim[3] + 63) / 64)
                la = lines(2 * dim[3]); lb = lines(2 * dim[2])
                rate[++nrate] = tiles * ktiles * (128 * la + 256 * lb) * 128 / l2[alone, sh]
                printf "  l2        128x256 over %s (rows of %.3f and %.3f lines): alone %.0f clocks (%.0f bytes of lines from L2 a clock), in pairs %.0f (%.0f)\n",
                    sh, la, lb, l2[alone, sh], rate[nrate], l2[pair, sh], tiles * ktiles * (128 * la + 128 * lb) * 128 / l2[pair, sh]
            }
            for (i = 1; i <= nrate; i++)
                for (j = i + 1; j <= nrate; j++)
                    if (rate[j] < rate[i]) { y = rate[i]; rate[i] = rate[j]; rate[j] = y }
            l2_bytes = rate[int((nrate + 1) / 2)]
            c_kb = (one[alone] - one[small]) / (64 - 16); launch = one[small] - 16 * c_kb
            for (x in one) printf "  one_tile  candidate %d: %6.0f clocks\n", x, one[x]
            fit_fixups()
            printf "constants: {wgmma_start %.0f, k_tile_start %.0f, sm_bytes %.0f, l2_bytes %.0f, launch %.0f, c_kb %.0f, cluster_start %.0f, fixup %.0f, fixup_kb %.0f, fixup_part %.0f}\n",
                start_w, start, sm, l2_bytes, launch, c_kb, one[pair] - one[alone], fix, fkb, part
        }' "$tmp/micro"
}
# info_costs M N K: the pick and every candidate's clocks at a shape, from --info's list.
info_costs() {
    "$bin" --m "$1" --n "$2" --k "$3" --info 2>/dev/null | awk '
        /^ +[0-9]+: / { n++; cost[n] = $(NF - ($0 ~ /the pick$/ ? 3 : 0)); if ($0 ~ /the pick$/) pick = n }
        END { printf "%d", pick; for (i = 1; i <= n; i++) printf " %s", cost[i]; printf "\n" }'
}
# info_cost T "M N K": candidate T's clocks alone.
info_cost() {
    # shellcheck disable=SC2086 # the shape is three words
    info_costs $2 | awk -v t="$1" '{ print $(t + 1) }'
}
# Part 1, for an FP8 step: 16's constants kept, what its cost adds timed.
fp8_microbenchmarks() {
    echo "microbenchmarks ($dtype, median of $ITERS runs after $(warmup_words); the model's clocks from --info):"
    local t bm bn cl sw st parts cols an gm ms stride
    while read -r t bm bn cl sw st parts cols an; do
        progress "calibrate: k_tile: candidate $t ($bm x $bn$([ "$sw" = 1 ] && echo " swapped"))"
        # a full wave, as close to square as whole tiles make it, a pair along M's rows in pairs
        stride=$([ "$an" = 0 ] && echo "$cl" || echo 1) gm=1
        for d in $(seq "$stride" "$stride" "$sms"); do [ $((sms % d)) -eq 0 ] && [ $((d * d)) -le $((sms * stride)) ] && gm=$d; done
        ms=("$((gm * bm)) $((sms / gm * bn)) 2048" "$((gm * bm)) $((sms / gm * bn)) 16384")
        bench "k_tile $t $bm $bn $sw $cl $an" "$t" 0 "${ms[@]}" >>"$tmp/micro"
        echo "model $t $(info_cost "$t" "${ms[0]}") $(info_cost "$t" "${ms[1]}")" >>"$tmp/micro"
    done <"$tmp/list"
    progress "calibrate: lines"
    ms=("14336 34304 3584" "14336 34304 3600" "14336 34304 3616" "14336 34304 3648")
    bench "lines" 1 0 "${ms[@]}" >>"$tmp/micro"
    for s in "${ms[@]}"; do echo "model_lines ${s##* } $(info_cost 1 "$s")" >>"$tmp/micro"; done
    # 128 x 64 and the widest 128-row tile alone, unswapped
    split_bench 128 "$(t_of 128 64 1 0)" "$(awk '$2 == 128 && $4 == 1 && !$5 && $3 > w { w = $3; t = $1 } END { print t }' "$tmp/list")"
    awk "$split_fit"'
        $1 == "k_tile" { kt[$2, $(NF - 1) == 2048 ? 0 : 1] = $NF; name[$2] = sprintf("%3dx%-3d%s%s", $3, $4, $5 ? " swapped" : "        ",
            $6 > 1 ? ($7 ? " pairs N" : " pairs M") : "        "); t[++nt] = $2 }
        $1 == "model" { model[$2] = NF == 4 ? ($4 - $3) / 112 : -1 }
        $1 == "lines" { lines[$4] = $NF / int(($4 + 127) / 128); k[++nk] = $4 }
        $1 == "model_lines" { mlines[$2] = NF == 3 ? $3 / int(($2 + 127) / 128) : -1 }
        $1 == "one_tile" { one[$2] = $NF }
        $1 == "split" { sp[$2, $5] = $NF; sbm[$2] = $3; sbn[$2] = $4 }
        END {
            for (i = 1; i <= nt; i += 2) {
                x = t[i]; c = (kt[x, 1] - kt[x, 0]) / 112
                printf "  k_tile    %s: %5.0f clocks a K tile, the model %s\n", name[x], c, (model[x] > 0 ? sprintf("%5.0f (%+.0f%%)", model[x], 100 * (model[x] / c - 1)) : "?")
            }
            for (i = 1; i <= nk; i++) {
                off = k[i] % 128; printf "  lines     K %d (%s): %5.0f clocks a K tile, %.3f x on lines; the model %s\n", k[i],
                    off ? off " bytes off a line" : "on lines", lines[k[i]], lines[k[i]] / lines[k[1]],
                    (mlines[k[i]] > 0 ? sprintf("%5.0f (%+.0f%%)", mlines[k[i]], 100 * (mlines[k[i]] / lines[k[i]] - 1)) : "?")
            }
            fit_fixups()
            printf "  fix-ups   %.0f clocks + %.0f a KB of fp32 sums + %.0f a part (fit.h: fixup, fixup_kb, fixup_part)\n", fix, fkb, part
        }' "$tmp/micro"
}
if [ "$dtype" = bf16 ]; then
    microbenchmarks
else
    fp8_microbenchmarks
fi
echo
echo "$step: candidates 1..$last forced in turn over $name, $dtype, median of $ITERS runs after $(warmup_words)"

# CANDIDATE M N K MS MHZ CUBLAS_MS, from one process over the suite per candidate
for t in $(seq "$last"); do
    progress "calibrate: candidate $t of $last"
    "$bin" --shapes "$suite" --tile "$t" --dtype "$dtype" "${TIMING[@]}" --csv 2>"$tmp/err" |
        awk -F, -v t="$t" '$3 !~ /^cublas_/ && $13 == "ok" { print t, $5, $6, $7, $8, $15, $10 }' >>"$tmp/measured"
    rc=${PIPESTATUS[0]}
    [ "$rc" -eq 3 ] && { echo "make calibrate: $step cannot run here: $(head -n 1 "$tmp/err")" >&2; exit 3; }
done
# M N K PICK COST_1 .. COST_last, from --info at each shape
awk '{ sub(/#.*/, "") } NF == 3 { print }' "$suite" | while read -r m n k; do
    echo "$m $n $k $(info_costs "$m" "$n" "$k")"
done >"$tmp/model"

printf "%-20s %-26s %-26s %9s %11s %8s\n" "M N K" "fastest forced (us)" "pick (us)" "model (us)" "pick/fastest" "cuBLAS"
awk -v last="$last" '
    FILENAME == ARGV[1] { name[$1] = sprintf("%d: %dx%d%s%s", $1, $2, $3, $5 ? "s" : "", $4 > 1 ? ($9 ? " pairs N" : " pairs") : ""); next }
    FILENAME == ARGV[2] { key = $2 " " $3 " " $4; ms[key, $1] = $5; mhz[key, $1] = $6; cublas[key] = $7; next }
    {
        key = $1 " " $2 " " $3; pick = $4; best = 0
        for (t = 1; t <= last; t++)
            if ((key, t) in ms && (best == 0 || ms[key, t] < ms[key, best])) best = t
        if (!best || !((key, pick) in ms)) { printf "%-20s pick %d: not measured\n", key, pick; next }
        r = ms[key, pick] / ms[key, best]; shapes++; logsum += log(r); within += r <= 1.05
        printf "%-20s %-18s %7.1f %-18s %7.1f %9.1f %11.3f %8.1f\n", key, name[best], ms[key, best] * 1000, name[pick],
            ms[key, pick] * 1000, $(4 + pick) / mhz[key, pick], r, cublas[key] * 1000
    }
    END {
        if (shapes) printf "\nthe pick within 5%% of the fastest candidate at %d of %d shapes; pick / fastest, geometric mean %.3f\n",
            within, shapes, exp(logsum / shapes)
    }' "$tmp/list" "$tmp/measured" "$tmp/model"
if [ -n "${CALIBRATE_CSV:-}" ]; then
    # m,n,k and each candidate: its list entry, what ran (time, SM clock, cuBLAS beside it), the
    # model's clocks, and whether it is the pick
    awk 'FILENAME == ARGV[1] { list[$1] = $2 "," $3 "," $4 "," $5; next }
        FILENAME == ARGV[2] { ms[$2 " " $3 " " $4, $1] = $5; mhz[$2 " " $3 " " $4, $1] = $6; cublas[$2 " " $3 " " $4, $1] = $7; next }
        FNR == 1 && !header++ { print "m,n,k,tile,bm,bn,cluster,swap,us,sm_mhz,cublas_us,model_clocks,pick" }
        {
            key = $1 " " $2 " " $3
            for (t = 1; t + 4 <= NF; t++)
                if ((key, t) in ms)
                    printf "%s,%s,%s,%d,%s,%.2f,%s,%.2f,%s,%d\n", $1, $2, $3, t, list[t], ms[key, t] * 1000, mhz[key, t],
                        cublas[key, t] * 1000, $(4 + t), t == $4
        }' "$tmp/list" "$tmp/measured" "$tmp/model" >"$CALIBRATE_CSV" && echo "wrote $CALIBRATE_CSV"
fi
