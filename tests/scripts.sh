#!/usr/bin/env bash
# The measuring scripts on GPUs this machine does not have: stub binaries that answer as the
# steps do on an sm_89 GPU (RTX 40: 09 on exit 3), an sm_120 GPU (RTX 50: 10 on exit 3), an H200
# and no GPU at all. Checks that run, sweep, shapes and results finish with the skipped steps
# recorded once each, that results writes only results/<gpu>/ (the top README's ladder block is
# rewritten on an H200 alone), and that with no GPU every target says so in one line, exit 3.
# One PASS/FAIL line per check (tests/run.sh counts them).
# Usage: tests/scripts.sh STEP...
set -u
if [ $# -eq 0 ]; then
    echo "usage: tests/scripts.sh STEP...   (make test runs it with every step)" >&2
    exit 2
fi
scripts=$(cd "$(dirname "$0")/../common/scripts" && pwd)
BUILD=$(cd "${BUILD:-build}" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
check() { # CONDITION-STATUS DESCRIPTION [DETAIL]
    if [ "$1" -eq 0 ]; then echo "PASS $2"; else echo "FAIL $2${3:+: $3}"; fi
}

# make_stubs DIR GPU_NAME SM FIRST_SKIPPED NEEDS STEP...: a stub per step; steps numbered
# FIRST_SKIPPED and up exit 3 as require_arch makes them ("cannot run: ... needs NEEDS: ...").
# Every call appends its options to DIR/calls.log.
make_stubs() {
    local dir=$1 gpu=$2 sm=$3 first=$4 needs=$5 step
    shift 5
    mkdir -p "$dir"
    for step in "$@"; do
        cat >"$dir/$step" <<STUB
#!/usr/bin/env bash
echo "\$*" >>"$dir/calls.log"
case " \$* " in
*" --info "*) echo "GPU $gpu | sm_$sm | 128 SMs | 2520 MHz max | driver CUDA 13.0 | runtime 13.0 | cuBLAS 13.1.0"
    echo "$step at M=4096 N=4096 K=4096: a schedule, as 15 and 16 print after the GPU line"; exit 0 ;;
*" --help "*) echo "shape: NN C = A * B; any M, N multiple of 8, K of 8; M*K, K*N, M*N < 2^31"; exit 0 ;;
esac
[ "${step%%_*}" -lt "$first" ] || { echo "cannot run: $gpu is sm_$sm; $step needs $needs: what it needs" >&2; exit 3; }
m=256 n=256 k=256 shapes=
while [ \$# -gt 0 ]; do
    case \$1 in --size) m=\$2 n=\$2 k=\$2; shift ;; --m) m=\$2; shift ;; --n) n=\$2; shift ;; --k) k=\$2; shift ;; --shapes) shapes=\$2; shift ;; esac
    shift
done
rows() {
    echo "$gpu,$step,cublas_fp16,fp16,\$1,\$2,\$3,1.000,100.0,1.000,100.0,1.000,ok,1.0e-05,2500,2500"
    echo "$gpu,$step,${step#*_},fp16,\$1,\$2,\$3,1.000,100.0,1.000,100.0,1.000,ok,1.0e-05,2500,2500"
}
if [ -n "\$shapes" ]; then # a suite, as run_step.c runs one: refused lines are rows, exit 2
    echo "gpu,step,kernel,dtype,m,n,k,ms,tflops,cublas_ms,cublas_tflops,ratio,check,max_err,sm_mhz,cublas_sm_mhz"
    line=0 rc=0
    while IFS= read -r l; do
        line=\$((line + 1))
        set -- \${l%%#*}
        [ \$# -eq 3 ] || continue
        if [ "\$1" = 3 ]; then
            echo "$gpu,$step,,,\$1,\$2,\$3,,,,,,rejected (line \$line): M must be a multiple of 128,,,"
            echo "\$shapes: rejected (line \$line): M must be a multiple of 128" >&2
            rc=2
        else
            rows "\$1" "\$2" "\$3"
        fi
    done <"\$shapes"
    exit \$rc
fi
[ "\$m" != 3 ] || { echo "error: \${m}x\${n}x\${k} rejected: M must be a multiple of 128" >&2; exit 2; }
echo "gpu,step,kernel,dtype,m,n,k,ms,tflops,cublas_ms,cublas_tflops,ratio,check,max_err,sm_mhz,cublas_sm_mhz"
rows "\$m" "\$n" "\$k"
STUB
        chmod +x "$dir/$step"
    done
    cp "$BUILD/random_shapes" "$dir/" # SUITE=random's generator, as make builds it beside the steps
}

steps=("$@")
n_steps=$#
printf '%s\n' "# two shapes" "64 2112 7168" "4096 4096 4096" >"$tmp/suite.txt"
readme=$(cd "$(dirname "$0")/.." && pwd)/README.md

# rtx40 and rtx50: how many steps each skips, from the step numbers
for gpu in "NVIDIA GeForce RTX 4090|89|9|sm_90 or newer" "NVIDIA GeForce RTX 5090|120|10|an sm_90 GPU"; do
    IFS='|' read -r name sm first needs <<<"$gpu"
    stubs=$tmp/sm$sm
    make_stubs "$stubs" "$name" "$sm" "$first" "$needs" "${steps[@]}"
    expect_skips=0
    for s in "${steps[@]}"; do [ "${s%%_*}" -lt "$first" ] || expect_skips=$((expect_skips + 1)); done
    slug=$(printf '%s' "$name" | tr 'A-Z ' 'a-z-')
    cp "$readme" "$tmp/README.md"
    out=$(BUILD=$stubs RESULTS_ROOT=$tmp/results README_FILE=$tmp/README.md STEPS="${steps[*]}" SIZES="256 512" \
        SUITES="$tmp/suite.txt random" SHAPE_SET="${steps[*]}" bash "$scripts/results.sh" 2>&1)
    rc=$?
    dir=$tmp/results/$slug
    check $rc "sm_$sm: make results finishes (exit $rc)" "$(printf '%s\n' "$out" | tail -n 3 | tr '\n' ' ')"
    for f in ladder.csv ladder.md sweep.csv shapes.csv shapes-random.csv README.md; do
        [ -s "$dir/$f" ]
        check $? "sm_$sm: make results wrote results/$slug/$f"
    done
    for f in ladder.csv sweep.csv shapes.csv shapes-random.csv; do
        skips=$(grep -c ',skipped: needs ' "$dir/$f" 2>/dev/null)
        once=$(cut -d, -f2,13 "$dir/$f" 2>/dev/null | grep ',skipped' | sort | uniq -d | wc -l)
        [ "$skips" -eq "$expect_skips" ] && [ "$once" -eq 0 ]
        check $? "sm_$sm: $f records each of the $expect_skips steps this GPU cannot run as skipped, once" "$skips skip rows"
    done
    ran=$(awk -F, '$13 == "ok" && $3 !~ /^cublas_/' "$dir/ladder.csv" 2>/dev/null | wc -l)
    [ "$ran" -eq $((n_steps - expect_skips)) ]
    check $? "sm_$sm: the ladder still holds a row for each of the $((n_steps - expect_skips)) steps that run" "$ran rows"
    [ "$expect_skips" -eq 0 ] || grep -q "needs $needs (this GPU is sm_$sm)" "$dir/ladder.md"
    check $? "sm_$sm: ladder.md says in one short line why a step was skipped, where one was"
    ! grep -l "a schedule" "$dir"/* >/dev/null 2>&1
    check $? "sm_$sm: a step's schedule line (--info) stays out of the results files" "$(grep -l 'a schedule' "$dir"/* 2>/dev/null | tr '\n' ' ')"
    cmp -s "$readme" "$tmp/README.md"
    check $? "sm_$sm: the top README is untouched by results on $name"
    grep -q "^# Results on $name" "$dir/README.md" && grep -q '^- commit: ' "$dir/README.md" && grep -q 'ladder.png' "$dir/README.md"
    check $? "sm_$sm: results/$slug/README.md names the GPU, the commit and the plot"
    ladder_command=$(sed -n 's/^- command: `\([^`]*\)`.*/\1/p' "$dir/ladder.md")
    [ -n "$ladder_command" ] && grep '^| `ladder.csv`' "$dir/README.md" | grep -qF "| \`$ladder_command\` |"
    check $? "sm_$sm: results/$slug/README.md gives the ladder the command ladder.md names" "${ladder_command:-no command in ladder.md}"
    seed=$(awk -F, 'NR > 1 && $17 ~ /^random seed [0-9]+$/ { sub(/^random seed /, "", $17); print $17; exit }' "$dir/shapes-random.csv" 2>/dev/null)
    [ -n "$seed" ] && head -n 1 "$dir/shapes-random.csv" | grep -q ',suite$' && grep -q "SUITE=random SEED=$seed COUNT=64" "$dir/README.md" &&
        [ "$(awk -F, 'NR > 1 && $3 !~ /^cublas_/ && ($13 == "ok" || $13 ~ /^rejected/)' "$dir/shapes-random.csv" | wc -l)" -eq $((64 * (n_steps - expect_skips))) ]
    check $? "sm_$sm: shapes-random.csv holds a draw of 64 shapes, its seed in the suite column and the README's command" "seed ${seed:-none}"
done

# SUITE=random's generator: the same seed draws the same shapes, another seed others, every
# shape within the ranges (N and K multiples of 8, every other one of 64, M*N*K <= 2^41) and one
# the steps take (M*K, K*N, M*N below 2^31: seed 7 drew one that was not, before the generator
# checked); a bad seed or count is one usage line, exit 2.
one=$("$BUILD/random_shapes" 7 200) && two=$("$BUILD/random_shapes" 7 200) && other=$("$BUILD/random_shapes" 8 200)
bad=$(printf '%s\n' "$one" | awk 'NR == 1 { next } { m = $1; n = $2; k = $3; q = (NR % 2 == 0) ? 64 : 8
    if (NF != 3 || m < 1 || m > 16384 || n < 256 || n > 65536 || k < 256 || k > 65536 || n % q || k % q || m * n * k > 2^41 ||
        m * k >= 2^31 || k * n >= 2^31 || m * n >= 2^31) print }' | head -n 3)
small=$(printf '%s\n' "$one" | awk 'NR > 1 && $1 < 100' | wc -l)
[ "$one" = "$two" ] && [ "$one" != "$other" ] && [ -z "$bad" ] && [ "$(printf '%s\n' "$one" | wc -l)" -eq 201 ] &&
    [ "$small" -gt 50 ] && printf '%s\n' "$one" | head -n 1 | grep -q '^# random draw: seed 7, 200 shapes'
check $? "random_shapes: a seed's draw is the same twice, another seed's differs, all 200 shapes within the ranges, M log-uniform" "${bad:-$small shapes below M = 100}"
# Q = 16 (the FP8 steps' N and K): the same draw, each N and K on a multiple of 16
sixteen=$("$BUILD/random_shapes" 7 200 16)
off=$(paste <(printf '%s\n' "$one") <(printf '%s\n' "$sixteen") | awk 'NR > 1 && ($1 != $4 || $5 % 16 || $6 % 16 ||
    $5 - $2 > 8 || $2 - $5 > 8 || $6 - $3 > 8 || $3 - $6 > 8) { n++ } END { print n + 0 }')
[ "$off" -eq 0 ] && [ "$(printf '%s\n' "$sixteen" | wc -l)" -eq 201 ]
check $? "random_shapes with Q = 16: the same draw, N and K on multiples of 16 (within 8 of Q = 8's)" "$off shapes differ"
err=$("$BUILD/random_shapes" x 2>&1 >/dev/null)
rc=$?
err2=$("$BUILD/random_shapes" 1 0 2>&1 >/dev/null)
rc2=$?
[ "$rc" -eq 2 ] && [ "$rc2" -eq 2 ] && printf '%s' "$err" | grep -q '^usage: random_shapes SEED' && printf '%s' "$err2" | grep -q '^usage:'
check $? "random_shapes with a seed that is no number, or COUNT 0: its usage line, exit 2" "$err"
# make shapes SUITE=random gives each step the seed's draw on its own multiples: a stub whose
# --help asks for N and K multiples of 16 (the FP8 steps) gets them, the same M as the other
# stub's, whose draw is random_shapes' own (multiples of 8).
make_stubs "$tmp/q" "NVIDIA H200" 90 99 "-" 16_stub 17_stub
sed -i 's/any M, N multiple of 8, K of 8;/any M, N multiple of 16, K of 16;/' "$tmp/q/17_stub"
for s in 16_stub 17_stub; do
    sed -i "s|^if \[ -n \"\$shapes\" \]; then.*|&\ncp \"\$shapes\" \"$tmp/q/$s.suite\"|" "$tmp/q/$s"
done
BUILD=$tmp/q SEED=7 COUNT=40 ITERS=1 WARMUP=0 WARMUP_MS=0 bash "$scripts/shapes.sh" random 16_stub 17_stub >/dev/null 2>&1
rc=$?
eight=$("$BUILD/random_shapes" 7 40)
off=$(paste <(grep -v '^#' "$tmp/q/16_stub.suite" 2>/dev/null) <(grep -v '^#' "$tmp/q/17_stub.suite" 2>/dev/null) |
    awk 'NF != 6 || $1 != $4 || $5 % 16 || $6 % 16 { n++ } END { print n + 0 }')
[ "$rc" -eq 0 ] && [ "$(cat "$tmp/q/16_stub.suite" 2>/dev/null)" = "$eight" ] && [ "$off" -eq 0 ] &&
    [ "$(grep -vc '^#' "$tmp/q/17_stub.suite")" -eq 40 ]
check $? "make shapes SUITE=random: a step asking for N, K multiples of 16 gets the seed's draw on them, the other random_shapes' own" \
    "exit $rc, $off shapes off"

# An H200 rewrites the top README's block, from its own folder
make_stubs "$tmp/h200" "NVIDIA H200" 90 99 "-" "${steps[@]}"
cp "$readme" "$tmp/README.md"
BUILD=$tmp/h200 RESULTS_ROOT=$tmp/results README_FILE=$tmp/README.md STEPS="${steps[*]}" SIZES=256 \
    SUITES=$tmp/suite.txt bash "$scripts/results.sh" >/dev/null 2>&1
grep -q "^| ${steps[0]} | ${steps[0]#*_} | fp16 | 1.000 | 100.0 |" "$tmp/README.md" &&
    grep -q "^<!-- ladder: $tmp/results/nvidia-h200/ladder.md -->" "$tmp/README.md"
check $? "an H200's make results rewrites the top README's ladder block from results/nvidia-h200/"

# FLUSH_L2=1: every timed run of run, sweep and shapes gets --flush-l2 and their headers say so;
# by default none does. Another value, or FLUSH_L2 for make results: one line, exit 2.
for target in "ladder.sh 256" "sweep.sh" "shapes.sh $tmp/suite.txt"; do
    read -r script args <<<"$target"
    for flush in 1 0; do
        : >"$tmp/h200/calls.log"
        # shellcheck disable=SC2086 # args is a list
        out=$(FLUSH_L2=$flush BUILD=$tmp/h200 SIZES=256 bash "$scripts/$script" $args "${steps[@]}" 2>/dev/null)
        timed=$(grep -c -- '--iters' "$tmp/h200/calls.log")
        flushed=$(grep -- '--iters' "$tmp/h200/calls.log" | grep -c -- '--flush-l2')
        said=$(printf '%s\n' "$out" | grep -c 'the L2 flushed before each run')
        if [ "$flush" = 1 ]; then
            [ "$timed" -gt 0 ] && [ "$flushed" -eq "$timed" ] && [ "$said" -gt 0 ]
            check $? "FLUSH_L2=1: ${script%.sh} flushes the L2 before each of its timed runs and says so" "$flushed of $timed runs, $said header lines"
        else
            [ "$timed" -gt 0 ] && [ "$flushed" -eq 0 ] && [ "$said" -eq 0 ]
            check $? "FLUSH_L2=0: ${script%.sh} leaves the L2 as the runs before left it" "$flushed of $timed runs flushed"
        fi
    done
done
err=$(FLUSH_L2=yes BUILD=$tmp/h200 bash "$scripts/shapes.sh" "$tmp/suite.txt" "${steps[@]}" 2>&1 >/dev/null)
rc=$?
[ "$rc" -eq 2 ] && [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] && printf '%s' "$err" | grep -q 'FLUSH_L2=yes'
check $? "FLUSH_L2=yes: shapes names the value in one line and exits 2 (exit $rc)" "$err"
err=$(FLUSH_L2=1 BUILD=$tmp/h200 STEPS="${steps[*]}" RESULTS_ROOT=$tmp/flushed bash "$scripts/results.sh" 2>&1 >/dev/null)
rc=$?
[ "$rc" -eq 2 ] && [ ! -e "$tmp/flushed" ] && printf '%s' "$err" | grep -q 'FLUSH_L2'
check $? "FLUSH_L2=1: make results refuses it in one line, exit 2, and writes nothing (exit $rc)" "$err"

# WARMUP_MS: every timed run of run, sweep and shapes warms up that long (300 ms unless told),
# and their headers say so.
for target in "ladder.sh 256" "sweep.sh" "shapes.sh $tmp/suite.txt"; do
    read -r script args <<<"$target"
    for ms in "" 1200; do
        : >"$tmp/h200/calls.log"
        # shellcheck disable=SC2086 # args is a list
        out=$(WARMUP_MS=$ms BUILD=$tmp/h200 SIZES=256 bash "$scripts/$script" $args "${steps[@]}" 2>/dev/null)
        timed=$(grep -c -- '--iters' "$tmp/h200/calls.log")
        warmed=$(grep -c -- "--warmup-ms ${ms:-300}\( \|$\)" "$tmp/h200/calls.log")
        said=$(printf '%s\n' "$out" | grep -c "(${ms:-300} ms at least)")
        [ "$timed" -gt 0 ] && [ "$warmed" -eq "$timed" ] && [ "$said" -gt 0 ]
        check $? "WARMUP_MS=${ms:-(unset)}: ${script%.sh} warms each timed run up for ${ms:-300} ms and says so" "$warmed of $timed runs, $said header lines"
    done
done

# The ladder's cuBLAS row: the run of median TFLOPS over the steps' processes (300, 100, 200 ->
# 200), not the first.
# Three stub steps of their own, so that the check runs whatever steps were asked for.
spread=(01_stub_a 02_stub_b 03_stub_c)
make_stubs "$tmp/spread" "NVIDIA H200" 90 99 "-" "${spread[@]}"
tflops=(300.0 100.0 200.0)
for i in 0 1 2; do
    sed -i "s/,cublas_fp16,fp16,\(.*\),1.000,100.0,1.000,100.0,/,cublas_fp16,fp16,\1,1.000,${tflops[$i]},1.000,100.0,/" "$tmp/spread/${spread[$i]}"
done
table=$(BUILD=$tmp/spread bash "$scripts/ladder.sh" 256 "${spread[@]}" 2>/dev/null)
row=$(printf '%s\n' "$table" | grep -E '^- +cublas_fp16')
[ "$(printf '%s\n' "$row" | wc -l)" -eq 1 ] && printf '%s' "$row" | grep -q ' 200\.0 '
check $? "the ladder's cuBLAS row is its median run over the steps (200.0 of 300.0, 100.0, 200.0)" "$row"

# No GPU: one line, exit 3, from every measuring target
mkdir -p "$tmp/none"
for step in "${steps[@]}"; do
    printf '#!/bin/sh\necho "cannot run: no NVIDIA driver on this machine (libcuda.so.1 not found): install it" >&2\nexit 3\n' >"$tmp/none/$step"
    chmod +x "$tmp/none/$step"
done
for target in "ladder.sh 256" "sweep.sh" "shapes.sh $tmp/suite.txt" "ncu.sh 256" "results.sh" "../../tests/sanitize.sh"; do
    read -r script args <<<"$target"
    # shellcheck disable=SC2086 # args is a list
    err=$(BUILD=$tmp/none STEPS="${steps[*]}" RESULTS_ROOT=$tmp/results bash "$scripts/$script" $args "${steps[@]}" 2>&1 >/dev/null)
    rc=$?
    [ "$rc" -eq 3 ] && [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] && printf '%s' "$err" | grep -q 'no GPU'
    check $? "no GPU: ${script%.sh} says so in one line and exits 3 (exit $rc)" "$err"
done

# make sanitize lists reports that lie in cuBLAS's kernels alone as the baseline's; one in the
# step's kernel, or an exit other than the tools' error code, is not.
ours='========= Invalid __shared__ write of size 16 bytes
=========     at void hgemm_fit<__half, 128, 256, 1, 0>(CUtensorMap)+0x1a0'
theirs='========= Error: Race reported between Read access at nvjet_sm90_tst_64x64_64x13_4x2_h_bz_NNT+0xab0
=========     and Write access at nvjet_sm90_tst_64x64_64x13_4x2_h_bz_NNT+0x2cd0 [384 hazards]'
. "$scripts/lib.sh"
[ "$(baseline_reports 99 "$theirs")" = nvjet_sm90_tst_64x64_64x13_4x2_h_bz_NNT ] && [ -z "$(baseline_reports 99 "$ours")" ] &&
    [ -z "$(baseline_reports 99 "$theirs
$ours")" ] && [ -z "$(baseline_reports 1 "$theirs")" ]
check $? "make sanitize takes reports in cuBLAS's nvjet kernels alone as the baseline's, and no others"

# The header the scripts write is the one the binaries print
. "$scripts/lib.sh"
grep -qF "#define CSV_COLUMNS \"$CSV_COLUMNS\"" "$scripts/../harness/report.c"
check $? "the scripts' CSV header (lib.sh) is report.c's CSV_COLUMNS"

# Which steps a GPU runs (runs_on, which make test follows): by each step's own --help, 01-08 on
# any of sm_80, 89, 90 and 120, 09 from sm_90 on, 10-16 on sm_90 alone; and the answer turns with
# the declaration.
wrong=
for step in "${steps[@]}"; do
    help=$("${BUILD:-build}/$step" --help 2>/dev/null)
    n=$((10#${step%%_*}))
    for sm in 80 89 90 120; do
        if [ "$n" -le 8 ] || { [ "$n" -eq 9 ] && [ "$sm" -ge 90 ]; } || [ "$sm" -eq 90 ]; then want=0; else want=1; fi
        runs_on "$sm" "$help"
        [ $? -eq "$want" ] || wrong="$wrong $step@sm_$sm"
    done
done
check "$([ -z "$wrong" ] && echo 0 || echo 1)" "runs_on reads each step's declared architecture: 01-08 everywhere, 09 from sm_90, 10-16 on sm_90" "wrong at:$wrong"
runs_on 120 "needs: sm_90 exactly (wgmma)" || ! runs_on 89 "needs: sm_80 or newer (mma.sync)" || ! runs_on 100 "needs: sm_90 or newer (TMA)"
check "$([ $? -ne 0 ] && echo 0 || echo 1)" "runs_on refuses sm_120 for sm_90 exactly, takes sm_89 for sm_80 or newer and sm_100 for sm_90 or newer"

# A suite's lines: a malformed one (not three integers, a CRLF line end) is named with its line
# number and nothing runs (exit 2); a shape a step refuses is a row naming its line, and the
# summary names the lines.
printf '%s\n' "# a suite" "64 2112 7168" "64 2112" "128 4096 x" "" "4096 4096 4096 # a comment" >"$tmp/bad.txt"
printf '64 2112 7168\r\n' >>"$tmp/bad.txt"
: >"$tmp/h200/calls.log"
err=$(BUILD=$tmp/h200 bash "$scripts/shapes.sh" "$tmp/bad.txt" "${steps[0]}" 2>&1 >/dev/null)
rc=$?
[ "$rc" -eq 2 ] && [ "$(printf '%s\n' "$err" | wc -l)" -eq 3 ] && printf '%s' "$err" | grep -q "bad.txt:3: " &&
    printf '%s' "$err" | grep -q "bad.txt:4: " && printf '%s' "$err" | grep -q "bad.txt:7: .*CRLF" && [ ! -s "$tmp/h200/calls.log" ]
check $? "shapes names each malformed suite line (3, 4 and the CRLF line 7), runs nothing, exit 2 (exit $rc)" "$(printf '%s' "$err" | tr '\n' ';')"
printf '%s\n' "# a suite" "64 2112 7168" "" "3 4096 4096 # refused" "4096 4096 4096" >"$tmp/refused.txt"
out=$(BUILD=$tmp/h200 bash "$scripts/shapes.sh" "$tmp/refused.txt" "${steps[0]}" 2>/dev/null)
rc=$?
[ "$rc" -eq 0 ] && printf '%s\n' "$out" | grep -q "rejected (line 4): M must be" &&
    printf '%s\n' "$out" | grep -q "^${steps[0]} refused the shapes of $tmp/refused.txt lines 4$" &&
    [ "$(printf '%s\n' "$out" | grep -c "^${steps[0]} .* ok")" -eq 2 ]
check $? "shapes runs the other shapes, names the refused one's line in its row and in the summary (exit $rc)" "$(printf '%s' "$out" | tail -n 3 | tr '\n' ';')"

# A profile that fails is an error, not an empty table
printf '#!/bin/sh\necho "==ERROR== the profiler failed" >&2\nexit 1\n' >"$tmp/ncu_fails"
chmod +x "$tmp/ncu_fails"
out=$(NCU=$tmp/ncu_fails NO_POWER=1 BUILD=$tmp/h200 bash "$scripts/ncu_vs_cublas.sh" 256 "${steps[0]}" 2>&1)
rc=$?
[ "$rc" -ne 0 ] && printf '%s' "$out" | grep -q 'the profiler failed' && ! printf '%s' "$out" | grep -q '^| kernel'
check $? "ncu_vs_cublas.sh exits non-zero and says why when the profile fails (exit $rc)" "$out"
mkdir -p "$tmp/ncubin"
cp "$tmp/ncu_fails" "$tmp/ncubin/ncu"
out=$(PATH=$tmp/ncubin:$PATH BUILD=$tmp/h200 RESULTS_ROOT=$tmp/ncu-results bash "$scripts/ncu.sh" 256 "${steps[0]}" 2>&1)
rc=$?
[ "$rc" -ne 0 ] && printf '%s' "$out" | grep -q "no kernel of ${steps[0]} profiled"
check $? "ncu.sh exits non-zero and names the step whose profile failed (exit $rc)" "$(printf '%s' "$out" | tail -n 2 | tr '\n' ';')"

# The plots: a truncated CSV is one line and exit 1 (read before matplotlib loads, so this runs
# anywhere), and a step keeps its colour across panels and plots
plot=$scripts/plot.py
if command -v python3 >/dev/null; then
    d=$tmp/plots/some-gpu
    mkdir -p "$d"
    cp "$tmp/results/nvidia-h200/ladder.csv" "$tmp/results/nvidia-h200/sweep.csv" "$d/"
    head -c 150 "$tmp/results/nvidia-h200/sweep.csv" >"$d/sweep.csv"
    err=$(python3 "$plot" "$d" 2>&1)
    rc=$?
    [ "$rc" -eq 1 ] && [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] && printf '%s' "$err" | grep -q 'sweep.csv line 2: .* (a truncated file?)'
    check $? "plot.py names a truncated CSV and its line in one line, exit 1 (exit $rc)" "$err"
    out=$(cd "$(dirname "$plot")" && python3 -c '
import plot
fp16 = [{"step": s, "kernel": k, "dtype": "fp16"} for s, k in (("07_a", "a"), ("08_b", "b_base"), ("08_b", "b_x4"), ("09_c", "c"))]
bf16 = [{"step": s, "kernel": k, "dtype": "bf16"} for s, k in (("07_a", "a"), ("09_c", "c"))]
one, both = plot.step_colors(bf16), plot.step_colors(fp16 + bf16)
print(len(set(both.values())) == 3 and both["09_c"] == plot.step_colors(fp16)["09_c"] == plot.step_colors(fp16, bf16)["09_c"])' 2>&1)
    [ "$out" = True ]
    check $? "plot.py gives a step one colour whichever precisions and kernels sit beside it" "$out"
    out=$(cd "$(dirname "$plot")" && python3 -c '
import plot
rows = [{"step": s, "kernel": k, "dtype": "fp16", "tflops": "100"} for s, k in
        (("07_a", "hgemm_a"), ("08_b", "hgemm_b_base_s2"), ("08_b", "hgemm_b_x4_s2"), ("16_c", "hgemm_fit"))]
print("|".join(b[0] for b in plot.ladder_bars(rows, "fp16")))' 2>&1)
    [ "$out" = "07|08 base_s2|08 x4_s2|16" ]
    check $? "plot.py labels the ladder's bars by step, and a step's variants by what tells them apart" "$out"
    if python3 -c 'import matplotlib' 2>/dev/null; then
        out=$(cd "$(dirname "$plot")" && python3 -c '
import sys, matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import plot
plot.plt = plt
d = sys.argv[1]
ladder, sweep = plot.rows(d + "/ladder.csv"), plot.rows(d + "/sweep.csv")
colors = plot.step_colors(ladder, sweep)
fails = []
for name, fig in (("ladder", plot.plot_ladder(d, ladder)), ("sweep", plot.plot_sweep(d, sweep, colors))):
    fig.canvas.draw()
    r = fig.canvas.get_renderer()
    legends = list(fig.legends) + [a.get_legend() for a in fig.axes if a.get_legend()]
    for leg in legends:
        box = leg.get_window_extent(r)
        for ax in fig.axes:
            if box.overlaps(ax.get_window_extent(r)):
                fails.append(name + ": a legend over the data")
    if name == "ladder":
        for ax in fig.axes:
            if len(ax.texts) < len(ax.patches):
                fails.append("ladder: a bar without its value")
print(" ".join(fails) or "ok")
# a second cuBLAS line in every panel: each panel draws its two apart
twice = lambda data: data + [dict(r, kernel=r["kernel"] + "_other") for r in data if r["kernel"].startswith("cublas")]
fails = []
for name, fig in (("ladder", plot.plot_ladder(d, twice(ladder))), ("sweep", plot.plot_sweep(d, twice(sweep), colors))):
    for ax in fig.axes:
        drawn = [(l.get_color(), l.get_linestyle()) for l in ax.get_lines() if l.get_label().startswith("cublas")]
        if len(set(drawn)) < len(drawn):
            fails.append(name + ": two cuBLAS lines of one panel drawn alike")
print(" ".join(fails) or "ok")' "$tmp/results/nvidia-h200" 2>&1 | tail -n 2)
        first=$(printf '%s\n' "$out" | head -n 1) second=$(printf '%s\n' "$out" | sed -n 2p)
        [ "$first" = ok ]
        check $? "plot.py draws legends outside the data and a value on every ladder bar" "$first"
        [ "$second" = ok ]
        check $? "plot.py draws two cuBLAS baselines of one precision apart (fp16 and its TN acc16, e4m3 and blk128)" "$second"
    else
        echo "matplotlib not found: the drawn plots' checks skipped"
    fi
else
    echo "python3 not found: the plot checks skipped"
fi

# make calibrate's arithmetic, on a stub of a step with five candidates (the fifth a pair along
# N, which the pair microbenchmarks must not take) whose times follow a made-up model: the
# microbenchmarks give back the model's constants (no nan or inf), and the pick table finds the
# stub's pick the fastest at one of the two shapes.
c=$tmp/calibrate
mkdir -p "$c"
cat >"$c/16_hgemm_fit" <<'STUB'
#!/usr/bin/env bash
tile=0 m=0 n=0 k=0 shapes=
while [ $# -gt 0 ]; do
    case $1 in
    --list-tiles) printf '%s\n' "# tile BM BN cluster swap stages parts part_cols along_n" "1 128 256 2 0 4 2 128 0" \
        "2 128 256 1 0 4 2 128 0" "3 128 64 1 0 8 1 64 0" "4 16 256 1 1 6 2 16 0" "5 128 256 2 0 4 2 128 1"; exit 0 ;;
    --help) [ "${STUB_DTYPES:-}" = none ] || echo "dtype: ${STUB_DTYPES:-fp16 bf16} (or all)"; exit 0 ;;
    --tile) tile=$2; shift ;; --m) m=$2; shift ;; --n) n=$2; shift ;; --k) k=$2; shift ;; --shapes) shapes=$2; shift ;;
    --dtype) echo "stub-dtype $2" >>"$(dirname "$0")/dtypes"; shift ;;
    esac
    shift
done
if [ -z "$shapes" ]; then # --info: the GPU line, or a shape's candidates with their clocks, candidate 2 the pick
    [ "$m" = 0 ] && { echo "GPU Stub H100 | sm_90 | 132 SMs | 1980 MHz max | driver CUDA 13.0 | runtime 13.0 | cuBLAS 13.1.0"; exit 0; }
    for t in 1 2 3 4; do echo "   $t: 128x256  DATA_PARALLEL on 66 clusters   $((m / 64 * t + k / 16 + 5000))$([ $t = 2 ] && echo '  <- the pick')"; done
    exit 0
fi
echo "gpu,step,kernel,dtype,m,n,k,ms,tflops,cublas_ms,cublas_tflops,ratio,check,max_err,sm_mhz,cublas_sm_mhz"
# a K tile: its wgmmas or 150 clocks and its bytes at 60 a clock; waves of 132 tiles; 1500 MHz
awk -v t="$tile" '{ sub(/#.*/, "") } NF == 3 {
    bm = t == 3 ? 128 : t == 4 ? 16 : 128; bn = t == 3 ? 64 : 256; c = t == 1 || t == 5 ? 2 : 1
    math = bm * bn * 128 / 4096 / 0.9; load = 150 + (bm + bn) * 128 / 60; kt = (math > load ? math : load)
    waves = int((int(($1 + bm - 1) / bm) * int(($2 + bn - 1) / bn) + 131) / 132)
    ms = (waves * int(($3 + 63) / 64) * kt + 9000 + 1000 * c) / 1.5e6
    printf "stub,16_hgemm_fit,cublas_bf16,bf16,%d,%d,%d,%.6f,1,%.6f,1,1,ok,0,1500,1500\n", $1, $2, $3, ms, ms
    printf "stub,16_hgemm_fit,hgemm_fit,bf16,%d,%d,%d,%.6f,1,%.6f,1,1,ok,0,1500,1500\n", $1, $2, $3, ms, ms }' "$shapes"
STUB
chmod +x "$c/16_hgemm_fit"
# a step that runs no bf16 (the FP8 steps): 16's constants kept (none printed), its K tiles and
# lines timed in its own dtype beside the model's clocks (? where --info lists no such
# candidate, as the stub's for its fifth), its fix-ups fitted (the stub's 128 x 64 and
# 128 x 256), its pick weighed in it too; a step whose --help names no dtype is refused in one
# line
out=$(STUB_DTYPES=e4m3 BUILD=$c ITERS=1 WARMUP=0 WARMUP_MS=0 bash "$scripts/calibrate.sh" "$tmp/suite.txt" 16_hgemm_fit 2>/dev/null)
rc=$?
micro=$(printf '%s\n' "$out" | grep -E '^  (k_tile|lines|split|fix-ups) ')
[ "$rc" -eq 0 ] && printf '%s\n' "$out" | grep -q '^microbenchmarks (e4m3' &&
    [ "$(printf '%s\n' "$micro" | grep -c '^  k_tile .*clocks a K tile, the model [ 0-9]*(')" -eq 4 ] &&
    [ "$(printf '%s\n' "$micro" | grep -c '^  k_tile .*the model ?$')" -eq 1 ] &&
    [ "$(printf '%s\n' "$micro" | grep -c '^  lines .*x on lines; the model [ 0-9]*(')" -eq 4 ] &&
    [ "$(printf '%s\n' "$micro" | grep -c '^  split .*, a part.s fix-up')" -eq 12 ] &&
    [ "$(printf '%s\n' "$micro" | grep -c '^  fix-ups .* a part ')" -eq 1 ] &&
    ! printf '%s' "$micro" | grep -qiE 'nan|inf' &&
    ! printf '%s\n' "$out" | grep -q '^constants: {' && printf '%s\n' "$out" | grep -q 'forced in turn over .*, e4m3,' &&
    [ -n "$(sed -n '/^stub-dtype e4m3$/p' "$c/dtypes")" ] && [ -z "$(sed -n '/^stub-dtype bf16$/p' "$c/dtypes")" ] &&
    printf '%s\n' "$out" | grep -q 'within 5% of the fastest candidate at 1 of 2 shapes'
check $? "make calibrate on a step without bf16 (an FP8 step): K tiles and lines in e4m3 beside the model, its fix-ups fitted, no constants line, the pick table in e4m3 (exit $rc)" \
    "$(printf '%s\n' "$out" | grep -E 'microbenchmarks|forced|within' | tr '\n' ' ')"
err=$(STUB_DTYPES=none BUILD=$c bash "$scripts/calibrate.sh" "$tmp/suite.txt" 16_hgemm_fit 2>&1 >/dev/null)
rc=$?
[ "$rc" -eq 2 ] && [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] && printf '%s' "$err" | grep -q 'names no dtype'
check $? "make calibrate on a step whose --help names no dtype: one line, exit 2" "exit $rc: $err"
out=$(BUILD=$c ITERS=1 WARMUP=0 WARMUP_MS=0 CALIBRATE_CSV=$c/all.csv bash "$scripts/calibrate.sh" "$tmp/suite.txt" 16_hgemm_fit 2>/dev/null)
rc=$?
constants=$(printf '%s\n' "$out" | grep '^constants: {')
[ "$rc" -eq 0 ] && ! printf '%s' "$constants" | grep -qiE 'nan|inf' &&
    printf '%s' "$constants" | grep -q 'wgmma_start 7, k_tile_start 150, sm_bytes 60, .*cluster_start 1000,' &&
    [ "$(printf '%s\n' "$out" | grep -c '^  l2 ')" -eq 3 ] && printf '%s\n' "$out" | grep -q 'within 5% of the fastest candidate at 1 of 2 shapes'
check $? "make calibrate on a stub: the stub's k_tile and cluster constants measured back, three l2 shapes, the pick table (exit $rc)" \
    "$(printf '%s\n' "$out" | grep -E 'constants|within|awk' | tr '\n' ' ')"
[ "$(head -n 1 "$c/all.csv" 2>/dev/null)" = "m,n,k,tile,bm,bn,cluster,swap,us,sm_mhz,cublas_us,model_clocks,pick" ] &&
    [ "$(awk -F, 'NR > 1 && $4 >= 1 && $4 <= 4 && $9 > 0 && $12 > 0' "$c/all.csv" | wc -l)" -eq 8 ] &&
    [ "$(awk -F, 'NR > 1 && $13 == 1 { print $1, $2, $3 }' "$c/all.csv" | sort -u | wc -l)" -eq 2 ] &&
    [ "$(awk -F, 'NR > 1 && $13 == 1' "$c/all.csv" | wc -l)" -eq 2 ]
check $? "make calibrate with CALIBRATE_CSV keeps every candidate's time and model clocks at each shape, one pick a shape"

# results/ holds what make results (and make ncu) write, and nothing else: no logs, no notes
if git -C "$scripts" rev-parse --git-dir >/dev/null 2>&1; then
    root=$(git -C "$scripts" rev-parse --show-toplevel)
    extra=$(git -C "$root" ls-files results | while read -r f; do [ -e "$root/$f" ] && echo "$f"; done | grep -Ev '^results/reference\.md$|^results/[a-z0-9-]+/(README\.md|ladder\.(csv|md|png)|sweep\.(csv|png)|shapes(-[a-z]+)?\.(csv|png)|ncu(-[0-9]+)*\.md)$' | head -n 5 | tr '\n' ' ')
    [ -z "$extra" ]
    check $? "results/ holds only what make results and make ncu write" "$extra"
else
    echo "not a git checkout: the results/ check skipped"
fi

# make test STEP=NN hands tests/docs.sh that step alone: it fails no check that passes on all
one=$(bash "$(dirname "$0")/docs.sh" "${@: -1}" | grep -c '^FAIL')
all=$(bash "$(dirname "$0")/docs.sh" "$@" | grep -c '^FAIL')
[ "$one" -eq "$all" ]
check $? "tests/docs.sh on ${*: -1} alone (make test STEP=NN) fails what it fails on every step, no more" "$one failed against $all"
