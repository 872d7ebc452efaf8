#!/usr/bin/env bash
# make test: host tests and argument rejection (no GPU needed), then, when a GPU is visible,
# every step its architecture runs on (the others must say so, exit 3) on the shape matrix for
# each of its precisions, TEST_JOBS processes at a time.
# Progress lines say which step runs and the time so far. Last line: N passed, N failed[, N skipped].
# Usage: tests/run.sh STEP...   (BUILD selects the build folder)
set -u
BUILD=${BUILD:-build}
TEST_JOBS=${TEST_JOBS:-4}
. "$(dirname "$0")/../common/scripts/lib.sh"
if [ $# -eq 0 ]; then
    echo "usage: tests/run.sh STEP...   (make test [STEP=NN] [TEST_JOBS=4])" >&2
    exit 2
fi
passed=0 failed=0 skipped=0
declare -A skipped_for # why cases were skipped -> how many
skip() { skipped=$((skipped + $1)); skipped_for[$2]=$((${skipped_for[$2]:-0} + $1)); } # COUNT WHY
pass() { passed=$((passed + 1)); echo "PASS $*"; }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }

# expect_exit WANT DESCRIPTION NEEDLE CMD...: exit code WANT and a one-line reason on stderr
# that names the offending option or value (NEEDLE, a fixed string).
expect_exit() {
    local want=$1 desc=$2 needle=$3 err rc
    shift 3
    err=$(timeout 60 "$@" 2>&1 >/dev/null)
    rc=$?
    if [ "$rc" -eq "$want" ] && [ -n "$err" ] && [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] &&
        printf '%s' "$err" | grep -qF -- "$needle"; then
        pass "$desc: exit $rc, '$err'"
    else
        fail "$desc: exit $rc (want $want, a one-line reason naming '$needle'), stderr: ${err:-<empty>}"
    fi
}

# The step's own contract, read from its --help: multiples of M, N, K, precisions, options.
# Each step's --help is read once, here: a binary start loads cuBLAS, a tenth of a second.
declare -A help_text_of
for step in "$@"; do help_text_of[$step]=$("$BUILD/$step" --help); done
help_of() { printf '%s\n' "${help_text_of[$1]}"; }
m_multiple() { help_of "$1" | sed -n 's/.* M multiple of \([0-9]*\),.*/\1/p; s/.*; any M,.*/1/p'; }
n_multiple() { help_of "$1" | sed -n 's/.* N \(multiple \)\{0,1\}of \([0-9]*\),.*/\2/p'; }
k_multiple() { help_of "$1" | sed -n 's/.* K of \([0-9]*\);.*/\1/p'; }
dtypes() { help_of "$1" | sed -n 's/^dtype: \(.*\) (or all)$/\1/p'; }
has_option() { help_of "$1" | grep -q -- "^  --$2 "; }
stage_range() { help_of "$1" | sed -n 's/^  --stages \([0-9]*\)\.\.\([0-9]*\):.*/\1 \2/p'; }
# A persistent grid (one block per SM, whatever the shape) has no grid dimension a tall M can overflow.
grid_rows_grow_with_m() { help_of "$1" | grep -q '^grid: persistent' && echo no || echo yes; }
# DTYPE:VARIANT:NAME of every kernel the step offers
kernels_of() { help_of "$1" | sed -n 's/^kernels: //p' | tr ' ' '\n'; }

# run_checks CMD...: counts the PASS/FAIL lines a host test program prints; a crash, or a
# program that prints no check at all, is a failure.
run_checks() {
    local out rc verdict rest count=0
    out=$(timeout 120 "$@")
    rc=$?
    while read -r verdict rest; do
        case $verdict in
        PASS) pass "$rest"; count=$((count + 1)) ;;
        FAIL) fail "$rest"; count=$((count + 1)) ;;
        esac
    done <<<"$out"
    [ "$rc" -le 1 ] || fail "$1 crashed or hung (exit $rc)"
    [ "$count" -gt 0 ] || fail "$1 printed no check"
}

echo "== host tests"
run_checks "$BUILD/test_host"

echo "== stream-K bookkeeping of 15-18, replayed on the host with their own schedule and walk"
run_checks "$BUILD/stream_k_15"
run_checks "$BUILD/stream_k_16"
run_checks "$BUILD/stream_k_17"
run_checks "$BUILD/stream_k_18"

echo "== bank-conflict model against the articles' claims"
run_checks "$BUILD/conflicts" --check

echo "== the README's ladder table is the committed results file it names"
run_checks bash common/scripts/readme_ladder.sh --check README.md

echo "== the measuring scripts on GPUs that are not here: stub steps for sm_89, sm_120, an H200, no GPU"
run_checks bash tests/scripts.sh "$@"

echo "== the Makefile as a newcomer meets it: no GPU, ARCH, STEP, CC, what kernels include"
run_checks bash tests/make.sh "$@"

echo "== make help names every target and every variable the Makefile takes from the user"
help_text=$(make -s help 2>&1)
missing=$(for v in $(sed -n 's/^\([A-Z_]*\) *?=.*/\1/p' Makefile) STEP; do
    printf '%s\n' "$help_text" | grep -qw -- "$v" || printf '%s ' "$v"; done
    for t in $(sed -n 's/^\.PHONY: //p' Makefile); do
    [ "$t" = FORCE ] || printf '%s\n' "$help_text" | grep -q -- "make $t\b\|make \[$t\]" || printf 'make %s ' "$t"; done)
if [ -z "$missing" ]; then
    pass "make help lists every target and every ?= variable of the Makefile"
else
    fail "make help does not mention: $missing"
fi

echo "== every figure the README quotes comes from the committed file it names"
run_checks bash tests/readme_figures.sh README.md

echo "== the README's size and sources, a notes page for each step from 09 on, links that resolve"
run_checks bash tests/docs.sh "$@"

echo "== the build embeds PTX of its newest target (GPUs newer than the list JIT it)"
cuobjdump=$(command -v cuobjdump || echo "${CUDA_HOME:-/usr/local/cuda}/bin/cuobjdump")
newest=$(tr ' ' '\n' <"$BUILD/arch.txt" | sort -n | tail -n 1)
if [ -x "$cuobjdump" ]; then
    for step in "$@"; do
        if "$cuobjdump" --list-ptx "$BUILD/$step" 2>/dev/null | grep -q "sm_${newest}a\{0,1\}\.ptx"; then
            pass "$step carries PTX for sm_$newest"
        else
            fail "$step has no PTX for sm_$newest (cuobjdump --list-ptx)"
        fi
    done
else
    echo "cuobjdump not found: PTX check skipped"
    skip $# "PTX checks (no cuobjdump)"
fi

echo "== no spills in the sm_90 code (what the H100 and H200 run): every kernel's stack frame is 0 bytes"
# cuobjdump --dump-resource-usage gives the frame, not ptxas's spill count: a frame may also hold
# a local array (09's sm_120 code keeps 8 bytes, with no spill), so only sm_90's is held to 0.
if [ -x "$cuobjdump" ]; then
    for step in "$@"; do
        # 08's build for 4 blocks an SM spills a few bytes after its K loop by design (its kernel.cu)
        case $step in 08_*) skip 1 "spill checks (08's 4-blocks build spills by design)"; continue ;; esac
        usage=$("$cuobjdump" --dump-resource-usage "$BUILD/$step" 2>/dev/null)
        if ! printf '%s\n' "$usage" | grep -q 'arch = sm_90'; then
            skip 1 "spill checks (no sm_90 code in the build)"
            continue
        fi
        spilled=$(printf '%s\n' "$usage" | awk '/arch =/ { a = $3 } /Function/ { f = $2 }
            a ~ /^sm_90a?$/ && /STACK:[1-9]/ { sub(/:$/, "", f); print f }' | sort -u | tr '\n' ' ')
        if [ -z "$spilled" ]; then
            pass "$step: no kernel of its sm_90 code spills"
        else
            fail "$step spills (a stack frame) on sm_90 in: $spilled"
        fi
    done
else
    skip $# "spill checks (no cuobjdump)"
fi

echo "== ncu_vs_cublas.sh reads ncu's numbers, thousands separators and all (a fake ncu)"
fake_ncu=$(mktemp)
cat >"$fake_ncu" <<'FAKE'
#!/bin/sh
echo '"ID","Kernel Name","gpu__time_duration.sum","sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active","sm__cycles_elapsed.avg.per_second","smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio"'
echo '"0","void hgemm_x<__half, 4>(CUtensorMap)","189,152","94.2","1,905,000,000","6.62"'
FAKE
chmod +x "$fake_ncu"
row=$(NCU=$fake_ncu NO_POWER=1 bash common/scripts/ncu_vs_cublas.sh 4096 none fp16 | grep '^| hgemm_x')
if printf '%s' "$row" | grep -qF '| hgemm_x[__half, 4] | 189.2 | 94.2 |' && printf '%s' "$row" | grep -qF '| 1905 |' &&
    printf '%s' "$row" | grep -qF '| 6.62 |'; then
    pass "ncu_vs_cublas.sh: 189,152 ns -> 189.2 µs, 1,905,000,000 Hz -> 1905 MHz, stall ratio kept"
else
    fail "ncu_vs_cublas.sh misread a fake ncu row: ${row:-no row}"
fi
rm -f "$fake_ncu"

echo "== make ncu and ncu_vs_cublas.sh profile every step's kernel (ncu's --kernel-name, STEP_KERNELS)"
for src in [0-9][0-9]_*/kernel.cu; do
    kernel=$(grep -A1 '^__global__' "$src" | grep -o '^[a-z][a-z0-9_]*(' | head -n 1 | tr -d '(')
    if [ -n "$kernel" ] && printf '%s\n' "$kernel" | grep -qE "$STEP_KERNELS"; then
        pass "${src%/kernel.cu}'s kernel $kernel is profiled"
    else
        fail "${src%/kernel.cu}'s kernel ${kernel:-(none found)} matches no STEP_KERNELS ($STEP_KERNELS): make ncu would profile nothing"
    fi
done

echo "== the test harness itself: a checker that prints nothing, a wrong exit, a missing reason"
( out=$(passed=0 failed=0; run_checks true; echo "$failed") ; [ "${out##*$'\n'}" = 1 ] ) &&
    pass "run_checks fails a program that prints no check" || fail "run_checks passed a silent program"
( out=$(passed=0 failed=0; expect_exit 2 probe "--size" sh -c 'echo "error: --iters bad" >&2; exit 2'; echo "$failed");
  [ "${out##*$'\n'}" = 1 ] ) &&
    pass "expect_exit fails a message that does not name the offending option" ||
    fail "expect_exit accepted a message naming another option"

echo "== argument and shape rejection (exit 2, before any CUDA call)"
for step in "$@"; do
    bin=$BUILD/$step
    mq=$(m_multiple "$step") nq=$(n_multiple "$step") kq=$(k_multiple "$step")
    if [ "$mq" -gt 1 ]; then
        expect_exit 2 "$step M = $((mq * 3 / 2))" "$((mq * 3 / 2))x" "$bin" --m $((mq * 3 / 2)) --n "$nq" --k "$kq"
    elif [ "$(grid_rows_grow_with_m "$step")" = yes ]; then # any M: a tall one runs out of grid rows (gridDim.y <= 65535) long before 2^31 elements
        expect_exit 2 "$step M = 2^24, 131072 tile rows" "gridDim.y" "$bin" --m 16777216 --n 8 --k 8
        limit=$(help_of "$step" | sed -n 's/.*grid limits.*: M <= \([0-9]*\).*/\1/p')
        if [ -n "$limit" ] && "$bin" --m "$limit" --n 8 --k 8 --help >/dev/null &&
            [ "$(timeout 60 "$bin" --m $((limit + 1)) --n 8 --k 8 2>&1 >/dev/null | grep -c gridDim.y)" -eq 1 ]; then
            pass "$step --help gives the grid's limit on M ($limit), and M = $((limit + 1)) is refused"
        else
            fail "$step --help gives no grid limit on M, or a wrong one (${limit:-none})"
        fi
    fi
    expect_exit 2 "$step N = $((nq * 3 / 2))" "x$((nq * 3 / 2))x" "$bin" --m "$mq" --n $((nq * 3 / 2)) --k "$kq"
    expect_exit 2 "$step K = $((kq / 2))" "x$((kq / 2)) rejected" "$bin" --m "$mq" --n "$nq" --k $((kq / 2))
    expect_exit 2 "$step K = $((kq * 3 / 2)) (not a multiple of $kq)" "K of $kq" "$bin" --m "$mq" --n "$nq" --k $((kq * 3 / 2))
    expect_exit 2 "$step size 0" "'0'" "$bin" --size 0
    expect_exit 2 "$step negative M" "'-128'" "$bin" --m -128 --n 128 --k "$kq"
    expect_exit 2 "$step non-numeric size" "'abc'" "$bin" --size abc
    expect_exit 2 "$step trailing garbage" "'128x'" "$bin" --size 128x
    expect_exit 2 "$step size overflowing 64 bits" "99999999999999999999999" "$bin" --size 99999999999999999999999
    expect_exit 2 "$step M*N = 2^32 elements" "2^31" "$bin" --m 65536 --n 65536 --k "$kq"
    expect_exit 2 "$step M*K = 2^31 elements" "2^31" "$bin" --m 131072 --n 128 --k 16384
    expect_exit 2 "$step K*N = 2^31 elements" "2^31" "$bin" --m 128 --n 131072 --k 16384
    expect_exit 2 "$step unknown dtype" "'fp64'" "$bin" --dtype fp64
    expect_exit 2 "$step zero iterations" "--iters" "$bin" --iters 0
    expect_exit 2 "$step unknown option" "'--bogus'" "$bin" --bogus
    expect_exit 2 "$step M without N and K" "--m, --n and --k" "$bin" --m 256
    expect_exit 2 "$step --size with --m" "--size" "$bin" --size 256 --m 256
    expect_exit 2 "$step missing value" "--size needs a value" "$bin" --size
    expect_exit 2 "$step missing value before another option" "--m needs a value" "$bin" --m --n 8 --k 8
    expect_exit 2 "$step empty --opt=" "--k needs a value" "$bin" --m 8 --n 8 --k=
    expect_exit 2 "$step --opt=value parsed as the value" "--size or --m" "$bin" --size=256 --m 256
    expect_exit 2 "$step leading space" "' 256'" "$bin" --size ' 256'
    expect_exit 2 "$step trailing space" "'256 '" "$bin" --size '256 '
    expect_exit 2 "$step plus sign" "'+256'" "$bin" --size +256
    expect_exit 2 "$step a newline in the value, one line" "'25\\n6'" "$bin" --size "$(printf '25\n6')"
    expect_exit 2 "$step flag with a value" "--csv takes no value" "$bin" --csv=1
    expect_exit 2 "$step --iters=0" "--iters '0'" "$bin" --iters=0
    expect_exit 2 "$step warm-up of 61 s" "--warmup-ms '61000'" "$bin" --warmup-ms 61000
    if help_of "$step" | grep -q "(default 4096 each)" && help_of "$step" | grep -q -- "--iters N .*1\.\.100000 (default 20)" &&
        help_of "$step" | grep -q '^exit: 0 ok, 1 wrong result, 2 bad argument, 3 cannot run here'; then
        pass "$step --help gives the defaults, the ranges and the exit codes"
    else
        fail "$step --help lacks a default, a range or the exit codes"
    fi
    repeated=$(help_of "$step" | grep -E '(a multiple of [0-9]+).*\1' | head -n 1)
    if [ -z "$repeated" ]; then
        pass "$step --help says each constraint once a line"
    else
        fail "$step --help repeats itself: $repeated"
    fi
    if has_option "$step" stages; then
        read -r lo hi < <(stage_range "$step")
        expect_exit 2 "$step stages $((hi + 1))" "--stages '$((hi + 1))'" "$bin" --stages $((hi + 1))
        expect_exit 2 "$step stages $((lo - 1))" "--stages '$((lo - 1))'" "$bin" --stages $((lo - 1))
        expect_exit 2 "$step --stages=$((hi + 1))" "--stages '$((hi + 1))'" "$bin" --stages=$((hi + 1))
    else
        expect_exit 2 "$step has no --stages" "'--stages'" "$bin" --stages 2
    fi
    if has_option "$step" variant; then
        expect_exit 2 "$step unknown variant" "'x8'" "$bin" --variant x8
    fi
    if has_option "$step" tile; then # --list-tiles numbers the candidates --tile takes, 1..N, without a GPU
        last=$(help_of "$step" | sed -n 's/^  --tile [0-9]*\.\.\([0-9]*\):.*/\1/p')
        listed=$(timeout 60 "$bin" --list-tiles | awk '!/^#/ { n++; ok += $1 == n } END { print n == ok ? n : -1 }')
        if [ -n "$last" ] && [ "$listed" = "$last" ]; then
            pass "$step --list-tiles lists the $last candidates of --tile 1..$last"
        else
            fail "$step --list-tiles lists ${listed:-none}, --tile takes 1..${last:-?}"
        fi
        expect_exit 2 "$step --tile $((last + 1))" "--tile '$((last + 1))'" "$bin" --tile $((last + 1))
    fi
    case $step in
    08_*)
        expect_exit 2 "$step x4 with K = 48" "x4" "$bin" --m 128 --n 128 --k 48 --variant x4
        expect_exit 2 "$step default variants (all) with K = 48" "x4" "$bin" --m 128 --n 128 --k 48
        expect_exit 2 "$step swizzle stride 100" "--swizzle-stride '100'" "$bin" --swizzle-stride 100
        expect_exit 2 "$step swizzle stride 200 (not a multiple of 128)" "multiple of 128" "$bin" --swizzle-stride 200
        expect_exit 2 "$step grid z 65536" "gridDim.z" "$bin" --m 128 --n 8388608 --k 32 --swizzle-stride 128
        ;;
    esac
done

gpu_shapes() { # STEP: the shape matrix, K rounded to the step's multiple
    local kq m n k
    kq=$(k_multiple "$1")
    if [ "$(m_multiple "$1")" -eq 1 ]; then # any M, N and K multiples of 8: ragged edges everywhere
        for m in 1 7 129 1000; do
            for n in 8 136 1000; do
                for k in 8 24 1000 4104; do echo "$m $n $k"; done
            done
        done
        echo "4096 4096 4096"
        echo "8200 1000 1000" # 65 tile rows (an odd count) and more tiles than SMs
        echo "128 256 64" # one K tile, shorter than any ring
        return
    fi
    echo "128 128 $kq"
    echo "256 384 $((kq * 3))"
    echo "1152 1152 1152"
    echo "1024 3072 512"
    echo "4096 4096 4096"
    echo "16384 128 4096"
    case $1 in
    08_*)
        echo "128 128 32" # x4: one tile, shorter than any pipeline
        echo "256 128 80" # 5 tiles: not a multiple of the stage count
        ;;
    esac
}

# fit_contract STEP: each --n and --k of the lines on stdin rounded up to the step's multiple
# (17's 16: every shape below keeps its ragged edges, 8 more where it was 8 off).
fit_contract() {
    awk -v nq="$(n_multiple "$1")" -v kq="$(k_multiple "$1")" '{
        for (i = 1; i < NF; i++)
            if ($i == "--n" && nq > 0) $(i + 1) = int(($(i + 1) + nq - 1) / nq) * nq
            else if ($i == "--k" && kq > 0) $(i + 1) = int(($(i + 1) + kq - 1) / kq) * kq
        print
    }'
}

gpu_cases() { # STEP DTYPE: one line of arguments per GPU test (DTYPE may be all)
    gpu_cases_raw "$@" | fit_contract "$1"
}

gpu_cases_raw() {
    local m n k s lo hi w
    while read -r m n k; do
        if ! has_option "$1" stages; then
            echo "--m $m --n $n --k $k --dtype $2"
            continue
        fi
        read -r lo hi < <(stage_range "$1")
        case $1 in
        08_*)
            for s in $(seq "$lo" "$hi"); do
                if [ $((k % 32)) -eq 0 ]; then
                    echo "--m $m --n $n --k $k --dtype $2 --stages $s --variant all"
                else
                    echo "--m $m --n $n --k $k --dtype $2 --stages $s --variant base"
                    echo "--m $m --n $n --k $k --dtype $2 --stages $s --variant swizzle"
                fi
            done
            ;;
        *)  # every ring depth on the square and the one-tile shapes, the default one on the rest
            if [ "$m" -eq 4096 ] || [ "$m $n $k" = "128 256 64" ]; then
                for s in $(seq "$lo" "$hi"); do echo "--m $m --n $n --k $k --dtype $2 --stages $s"; done
            else
                echo "--m $m --n $n --k $k --dtype $2"
            fi
            ;;
        esac
    done < <(gpu_shapes "$1")
    if has_option "$1" split; then # stream-K (--split 1024: as many clusters as fit)
        echo "--m 1 --n 8 --k 8 --dtype $2 --split 1024"        # one iteration: more clusters asked for than there are
        echo "--m 7 --n 136 --k 24 --dtype $2 --split 3"         # K shorter than a K tile: one cluster of the 3 asked for
        echo "--m 129 --n 1000 --k 1000 --dtype $2 --split 7"    # ranges that start and end inside tiles
        echo "--m 1000 --n 1000 --k 4104 --dtype $2 --split 1024" # up to 5 clusters share a tile, ragged K tail
        echo "--m 4096 --n 4096 --k 4096 --dtype $2 --split 1024" # every tile split, big
        echo "--m 100 --n 1000 --k 1000 --dtype $2 --split 7"    # one tile row
        echo "--m 300 --n 1000 --k 1000 --dtype $2 --split 7"    # three tile rows: a pair half empty
        echo "--m 65 --n 136 --k 4104 --dtype $2"                # the smallest M past 64-row tiles
        echo "--m 16 --n 18432 --k 1024 --dtype $2"              # decode, the plan's own choice
        echo "--m 16 --n 18432 --k 16384 --dtype $2"             # decode, long K
        echo "--m 64 --n 2112 --k 7168 --dtype $2"               # the rule's split-K (15: 9 groups, 112 K tiles)
        echo "--m 2560 --n 3584 --k 2000 --dtype $2"             # the rule's hybrid on 66 clusters: 2 waves whole, the partial one split
    fi
    if has_option "$1" tile; then # every candidate's kernel, whatever the cost model picks (--tile N, 16)
        for t in $(seq "$(help_of "$1" | sed -n 's/^  --tile [0-9]*\.\.\([0-9]*\):.*/\1/p')"); do
            echo "--m 129 --n 1096 --k 1000 --dtype $2 --tile $t --split 7" # ranges inside tiles, ragged rows, odd tile columns
            echo "--m 300 --n 1000 --k 4104 --dtype $2 --tile $t"           # the plan in this candidate, ragged K tail
            echo "--m 13 --n 1000 --k 1000 --dtype $2 --tile $t"            # M short of any tile
            echo "--m 1000 --n 136 --k 64 --dtype $2 --tile $t"             # one K tile, N short of any tile but 64 wide
        done
        echo "--m 266 --n 2432 --k 21696 --dtype $2"                        # few long-K tiles: the model's split
        echo "--m 3000 --n 5000 --k 3000 --dtype $2"                        # the model's pick over several waves
    fi
    case $1 in
    08_*) # band widths other than the default: 1-tile bands, a narrower last band, the note's 2048
        for w in 128 384 2048; do
            echo "--m 1152 --n 3200 --k 1152 --dtype $2 --stages 2 --variant all --swizzle-stride $w"
        done
        ;;
    esac
}

# missing_rows STEP ARGS CSV: the kernels (DTYPE:VARIANT:NAME) that ARGS selects but CSV has no
# ok row for. Names carry option suffixes (_s2), so a row matches NAME followed by _ or nothing.
missing_rows() {
    local dt variant entry kd kv kn
    dt=$(printf '%s\n' "$2" | sed -n 's/.*--dtype \([a-z0-9]*\).*/\1/p')
    variant=$(printf '%s\n' "$2" | sed -n 's/.*--variant \([a-z0-9]*\).*/\1/p')
    for entry in $(kernels_of "$1"); do
        IFS=: read -r kd kv kn <<<"$entry"
        [ "$dt" = all ] || [ "$kd" = "$dt" ] || continue
        [ -z "$variant" ] || [ "$variant" = all ] || [ "$variant" = "$kv" ] || continue
        printf '%s\n' "$3" | awk -F, -v k="$kn" -v d="$kd" '($3 == k || index($3, k "_") == 1) && $4 == d && $13 == "ok" { f = 1 } END { exit !f }' ||
            echo "$kn/$kd"
    done
}

echo "== the GPU case checker against a made-up output"
for step in "$@"; do # a GPU case whose output lacks one of its kernels' ok rows must fail
    case $step in 08_*)
        fake="gpu,08,hgemm_mma_tn_base_s2,fp16,1,1,1,1,1,1,1,1,ok,0,1980,1980
gpu,08,hgemm_mma_tn_swizzle_s2,fp16,1,1,1,1,1,1,1,1,ok,0,1980,1980
gpu,08,hgemm_mma_tn_x4_s2,fp16,1,1,1,1,1,1,1,1,FAIL,0,1980,1980"
        [ "$(missing_rows "$step" "--dtype fp16 --variant all" "$fake")" = "hgemm_mma_tn_x4/fp16" ] &&
            [ -z "$(missing_rows "$step" "--dtype fp16 --variant swizzle" "$fake")" ] &&
            pass "missing_rows names the kernel whose row is not ok (and only when it was selected)" ||
            fail "missing_rows did not single out the FAIL row of x4"
        ;;
    esac
done


# run_case STEP ARGS OUT: one GPU case, its output and exit status in OUT and OUT.rc
run_case() {
    # shellcheck disable=SC2086 # args is a list of options
    timeout 300 "$BUILD/$1" $2 --iters 2 --warmup 1 --csv >"$3" 2>&1
    echo $? >"$3.rc"
}

# judge_case STEP ARGS OUT: one PASS or FAIL line for a finished case
judge_case() {
    local out rc missing bad_clocks
    out=$(cat "$3")
    rc=$(cat "$3.rc")
    missing=$(missing_rows "$1" "$2" "$out" | tr '\n' ' ')
    # every row carries the SM clock its probe measured: a real clock, not 0 or garbage
    bad_clocks=$(printf '%s\n' "$out" | awk -F, '/,ok,/ && !($15 >= 100 && $15 <= 5000)' | wc -l)
    if [ "$rc" -eq 0 ] && [ -z "$missing" ] && [ "$bad_clocks" -eq 0 ]; then
        pass "$1 $2: $(printf '%s\n' "$out" | grep ",ok," | grep -v ",cublas_" | cut -d, -f3,4,9,14 | tr '\n' ' ')"
    else
        fail "$1 $2: exit $rc$([ "$rc" -eq 124 ] && echo ' (timed out: a hang)'), no ok row for: ${missing:-none}, $bad_clocks row(s) without a measured clock"
        printf '%s\n' "$out" | sed 's/^/    /'
    fi
}

first=$1
first_info=$("$BUILD/$first" --info 2>/dev/null)
gpu_rc=$?
if [ "$gpu_rc" -eq 3 ]; then
    echo "== no GPU visible: each step must say so with exit 3, and each measuring target in one line"
    for step in "$@"; do
        expect_exit 3 "$step --size=256 without a GPU" "cannot run:" "$BUILD/$step" --size=256
        skip "$(gpu_cases "$step" all | wc -l)" "GPU runs (no GPU here)"
    done
    for step in "$@"; do # a step that plans its split shows the plan an H200 would get, and still exits 3
        has_option "$step" split || continue
        info=$(timeout 60 "$BUILD/$step" --m 64 --n 2112 --k 7168 --info 2>/dev/null)
        rc=$?
        if [ "$rc" -eq 3 ] && printf '%s\n' "$info" | grep -q '^no GPU here: the schedule on an H200' &&
            printf '%s\n' "$info" | grep -q "^$step at M=64 N=2112 K=7168: [A-Z_]*: " &&
            { ! has_option "$step" tile || printf '%s\n' "$info" | grep -q '<- the pick$'; }; then
            pass "$step --info without a GPU prints an H200's schedule$(has_option "$step" tile && echo ", every candidate's clocks and the pick"), exit 3"
        else
            fail "$step --info without a GPU: exit $rc, $(printf '%s\n' "$info" | head -n 2 | tr '\n' ' ')"
        fi
    done
    # A suite's bad lines are named even with no GPU to run it on: exit 2, a line each
    last_step=${*: -1}
    suite=$(mktemp)
    printf '128 100 128 # N\nabc\n128 128 128\r\n256 256 256\n' >"$suite"
    err=$(timeout 60 "$BUILD/$last_step" --shapes "$suite" 2>&1 >/dev/null)
    rc=$?
    if [ "$rc" -eq 2 ] && [ "$(printf '%s\n' "$err" | grep -c "^error: $suite line [123]: ")" -eq 3 ] &&
        ! printf '%s' "$err" | grep -q 'line 4'; then
        pass "$last_step --shapes without a GPU names the refused, malformed and CRLF lines (1-3), exit 2"
    else
        fail "$last_step --shapes without a GPU: exit $rc, $err"
    fi
    : >"$suite"
    expect_exit 2 "$last_step --shapes of an empty suite" "lists no" "$BUILD/$last_step" --shapes "$suite"
    rm -f "$suite"
    expect_exit 3 "make run without a GPU" "make run: no GPU" env BUILD="$BUILD" bash common/scripts/ladder.sh 256 "$@"
    expect_exit 3 "check_gpu (the harness's checks) without a GPU" "cannot run:" "$BUILD/check_gpu"
elif [ "$gpu_rc" -ne 0 ]; then
    fail "$first --info exited $gpu_rc"
else
    gpu_line=$(printf '%s\n' "$first_info" | head -n 1)
    printf '%s\n' "$gpu_line"
    echo "== the harness's own checks on the GPU: its inputs, and a wrong result of every kind caught"
    run_checks "$BUILD/check_gpu"
    echo "== GPU: every step x precision x shape, checked against cuBLAS and fp64 ($TEST_JOBS processes at a time)"
    expect_exit 3 "no visible GPU (CUDA_VISIBLE_DEVICES=)" "CUDA_VISIBLE_DEVICES" env CUDA_VISIBLE_DEVICES= "$BUILD/$first" --size 256
    expect_exit 2 "--device beyond the visible GPUs" "--device 63" "$BUILD/$first" --size 256 --device 63
    # --warmup-ms: the same run, warmed up 1.5 s longer, takes at least 1.2 s longer.
    took_ms() { # CMD...: its wall time in ms
        local t0
        t0=$(date +%s%N)
        timeout 60 "$@" >/dev/null 2>&1
        echo $((($(date +%s%N) - t0) / 1000000))
    }
    short=$(took_ms "$BUILD/$first" --size 256 --iters 1 --warmup 1 --no-check)
    long=$(took_ms "$BUILD/$first" --size 256 --iters 1 --warmup 1 --warmup-ms 1500 --no-check)
    if [ $((long - short)) -ge 1200 ]; then
        pass "--warmup-ms 1500 warms up for 1.5 s ($short ms without, $long ms with)"
    else
        fail "--warmup-ms 1500 does not warm up for 1.5 s ($short ms without, $long ms with)"
    fi
    # The steps this GPU's architecture takes, by what each declares (09 needs sm_90 or newer,
    # 10-16 sm_90 exactly); any other says so with exit 3, and its cases count as skipped.
    sm=$(gpu_sm "$gpu_line")
    here=()
    for step in "$@"; do
        if [ -z "$sm" ] || runs_on "$sm" "$(help_of "$step")"; then
            here+=("$step")
        else
            expect_exit 3 "$step on this sm_$sm GPU, which it does not run on" "cannot run:" "$BUILD/$step" --size 256
            skip "$(gpu_cases "$step" all | wc -l)" "GPU runs of steps this sm_$sm GPU does not run"
        fi
    done
    for step in ${here[@]+"${here[@]}"}; do # a step that chooses its split prints the choice with --info
        has_option "$step" split || continue
        info=$(timeout 60 "$BUILD/$step" --m 64 --n 2112 --k 7168 --info 2>&1)
        if printf '%s\n' "$info" | grep -q "^$step at M=64 N=2112 K=7168: .* groups split-K"; then
            pass "$step --info prints its schedule: $(printf '%s\n' "$info" | tail -n 1)"
        else
            fail "$step --info gives no schedule: $info"
        fi
    done
    # A workspace that cannot be allocated: exit 3 with the bytes it needed, before any launch.
    # hold_memory leaves the step its context and 16 MiB; with 2 GiB left the same run goes
    # through, so the exit comes from the workspace and not from the hold.
    for step in ${here[@]+"${here[@]}"}; do
        has_option "$step" split || continue
        ws_shape="--m 4096 --n 2304 --k 7168"
        has_option "$step" tile && ws_shape="$ws_shape --tile 1" # 15's tiles: its plan splits them
        # shellcheck disable=SC2086 # ws_shape is a list of options
        bytes=$(timeout 60 "$BUILD/$step" $ws_shape --info 2>&1 | sed -n 's/.*; workspace \([0-9]*\) bytes$/\1/p')
        if [ -z "$bytes" ] || [ "$bytes" -le $((16 << 20)) ]; then # the 16 MiB hold_memory leaves
            fail "$step --info names no workspace over 16 MiB at $ws_shape: ${bytes:-none}"
            continue
        fi
        # shellcheck disable=SC2086
        expect_exit 3 "$step at $ws_shape with 16 MiB free" "needs a workspace of $bytes bytes" \
            "$BUILD/hold_memory" 16 "$BUILD/$step" $ws_shape --iters 1 --warmup 0 --no-check
        # shellcheck disable=SC2086
        if out=$(timeout 120 "$BUILD/hold_memory" 2048 "$BUILD/$step" $ws_shape --iters 1 --warmup 0 --no-check 2>&1); then
            pass "$step at $ws_shape with 2 GiB free beside the same hold: runs"
        else
            fail "$step at $ws_shape with 2 GiB free beside the hold: $out"
        fi
    done
    # --shapes: a suite in one process; a malformed line and a refused shape are rows naming
    # their lines, the rest run, and the exit status says a line was skipped.
    if [ ${#here[@]} -gt 0 ]; then
        step=${here[${#here[@]} - 1]}
        suite=$(mktemp)
        printf '# two shapes, a refused one and a malformed line\n128 128 128\n\n128 100 128 # N\n12 x 5\n256 128 256\n' >"$suite"
        out=$(timeout 120 "$BUILD/$step" --shapes "$suite" --iters 2 --warmup 1 --csv 2>/dev/null)
        rc=$?
        oks=$(printf '%s\n' "$out" | awk -F, '$13 == "ok" && $3 !~ /^cublas_/ { print $5 "x" $6 "x" $7 }' | sort -u | tr '\n' ' ')
        if [ "$rc" -eq 2 ] && [ "$oks" = "128x128x128 256x128x256 " ] &&
            printf '%s\n' "$out" | grep -q ',rejected (line 4): ' && printf '%s\n' "$out" | grep -q ',rejected (line 5): not three'; then
            pass "$step --shapes runs a suite in one process, naming its refused (4) and malformed (5) lines, exit 2"
        else
            fail "$step --shapes: exit $rc, ok shapes '$oks'"
            printf '%s\n' "$out" | sed 's/^/    /'
        fi
        rm -f "$suite"
    fi
    cases_dir=$(mktemp -d)
    for step in ${here[@]+"${here[@]}"}; do
        mapfile -t cases < <(gpu_cases "$step" all)
        progress "$step: ${#cases[@]} cases"
        for i in "${!cases[@]}"; do # every precision the step offers in one process per case
            while [ "$(jobs -rp | wc -l)" -ge "$TEST_JOBS" ]; do wait -n; done
            run_case "$step" "${cases[$i]}" "$cases_dir/$i" &
        done
        wait
        for i in "${!cases[@]}"; do judge_case "$step" "${cases[$i]}" "$cases_dir/$i"; done
    done
    rm -rf "$cases_dir"
    progress "GPU cases done"
fi

if [ "$skipped" -gt 0 ]; then
    why=$(for w in "${!skipped_for[@]}"; do printf '%s %s; ' "${skipped_for[$w]}" "$w"; done)
    echo "skipped: ${why%; }"
    echo "$passed passed, $failed failed, $skipped skipped"
else
    echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
