#!/usr/bin/env bash
# make test: host tests and argument rejection (no GPU needed), then, when a GPU is visible,
# every step on the shape matrix for each of its precisions. Last line: N passed, N failed[, N skipped].
# Usage: tests/run.sh STEP...   (BUILD selects the build folder)
set -u
BUILD=${BUILD:-build}
passed=0 failed=0 skipped=0
pass() { passed=$((passed + 1)); echo "PASS $*"; }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }

# expect_exit WANT DESCRIPTION CMD...: exit code WANT and a one-line reason on stderr.
expect_exit() {
    local want=$1 desc=$2 err rc
    shift 2
    err=$("$@" 2>&1 >/dev/null)
    rc=$?
    if [ "$rc" -eq "$want" ] && [ -n "$err" ] && [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ]; then
        pass "$desc: exit $rc, '$err'"
    else
        fail "$desc: exit $rc (want $want), stderr: ${err:-<empty>}"
    fi
}

# The step's own contract, read from its --help: K multiple, kernel name, precisions.
k_multiple() { "$BUILD/$1" --help | sed -n 's/.* K of \([0-9]*\);.*/\1/p'; }
dtypes() { "$BUILD/$1" --help | sed -n 's/^dtype: \(.*\) (or all)$/\1/p'; }
has_stages() { "$BUILD/$1" --help | grep -q -- --stages; }

# run_checks CMD...: counts the PASS/FAIL lines a host test program prints; a crash is a failure.
run_checks() {
    local out rc verdict rest
    out=$("$@")
    rc=$?
    while read -r verdict rest; do
        case $verdict in
        PASS) pass "$rest" ;;
        FAIL) fail "$rest" ;;
        esac
    done <<<"$out"
    [ "$rc" -le 1 ] || fail "$1 crashed (exit $rc)"
}

echo "== host tests"
run_checks "$BUILD/test_host"

echo "== bank-conflict model against the articles' claims"
run_checks "$BUILD/conflicts" --check

echo "== argument and shape rejection (exit 2, before any CUDA call)"
for step in "$@"; do
    bin=$BUILD/$step
    kq=$(k_multiple "$step")
    expect_exit 2 "$step M = 1000" "$bin" --m 1000 --n 128 --k "$kq"
    expect_exit 2 "$step K = $((kq / 2))" "$bin" --m 128 --n 128 --k $((kq / 2))
    expect_exit 2 "$step K = $((kq * 3 / 2)) (not a multiple of $kq)" "$bin" --m 128 --n 128 --k $((kq * 3 / 2))
    expect_exit 2 "$step size 0" "$bin" --size 0
    expect_exit 2 "$step negative M" "$bin" --m -128 --n 128 --k "$kq"
    expect_exit 2 "$step non-numeric size" "$bin" --size abc
    expect_exit 2 "$step trailing garbage" "$bin" --size 128x
    expect_exit 2 "$step size overflowing 64 bits" "$bin" --size 99999999999999999999999
    expect_exit 2 "$step M*N = 2^32 elements" "$bin" --m 65536 --n 65536 --k "$kq"
    expect_exit 2 "$step M*K = 2^31 elements" "$bin" --m 131072 --n 128 --k 16384
    expect_exit 2 "$step K*N = 2^31 elements" "$bin" --m 128 --n 131072 --k 16384
    expect_exit 2 "$step unknown dtype" "$bin" --dtype fp64
    expect_exit 2 "$step zero iterations" "$bin" --iters 0
    expect_exit 2 "$step unknown option" "$bin" --bogus
    expect_exit 2 "$step M without N and K" "$bin" --m 256
    expect_exit 2 "$step --size with --m" "$bin" --size 256 --m 256
    expect_exit 2 "$step missing value" "$bin" --size
    if has_stages "$step"; then
        expect_exit 2 "$step x4 with K = 48" "$bin" --m 128 --n 128 --k 48 --variant x4
        expect_exit 2 "$step stages 6" "$bin" --stages 6
        expect_exit 2 "$step stages 1" "$bin" --stages 1
        expect_exit 2 "$step unknown variant" "$bin" --variant x8
        expect_exit 2 "$step swizzle stride 100" "$bin" --swizzle-stride 100
    else
        expect_exit 2 "$step has no --stages" "$bin" --stages 2
    fi
done

gpu_shapes() { # STEP: the shape matrix, K rounded to the step's multiple
    local kq
    kq=$(k_multiple "$1")
    echo "128 128 $kq"
    echo "256 384 $((kq * 3))"
    echo "1152 1152 1152"
    echo "1024 3072 512"
    echo "4096 4096 4096"
    echo "16384 128 4096"
    if has_stages "$1"; then
        echo "128 128 32"  # x4: one tile, shorter than any pipeline
        echo "256 128 80"  # 5 tiles: not a multiple of the stage count
    fi
}

gpu_cases() { # STEP DTYPE: one line of arguments per GPU test
    local m n k s
    while read -r m n k; do
        if ! has_stages "$1"; then
            echo "--m $m --n $n --k $k --dtype $2"
            continue
        fi
        for s in 2 3 4 5; do
            if [ $((k % 32)) -eq 0 ]; then
                echo "--m $m --n $n --k $k --dtype $2 --stages $s --variant all"
            else
                echo "--m $m --n $n --k $k --dtype $2 --stages $s --variant base"
                echo "--m $m --n $n --k $k --dtype $2 --stages $s --variant swizzle"
            fi
        done
    done < <(gpu_shapes "$1")
    if has_stages "$1"; then # band widths other than the default: 1-tile bands, a narrower last band, the note's 2048
        for w in 128 384 2048; do
            echo "--m 1152 --n 3200 --k 1152 --dtype $2 --stages 2 --variant all --swizzle-stride $w"
        done
    fi
}

first=$1
"$BUILD/$first" --info >/dev/null 2>&1
gpu_rc=$?
if [ "$gpu_rc" -eq 3 ]; then
    echo "== no GPU visible: each step must say so with exit 3"
    for step in "$@"; do
        expect_exit 3 "$step without a GPU" "$BUILD/$step" --size 256
        for dt in $(dtypes "$step"); do
            skipped=$((skipped + $(gpu_cases "$step" "$dt" | wc -l)))
        done
    done
elif [ "$gpu_rc" -ne 0 ]; then
    fail "$first --info exited $gpu_rc"
else
    "$BUILD/$first" --info
    echo "== GPU: every step x precision x shape, checked against cuBLAS and fp64"
    expect_exit 3 "no visible GPU (CUDA_VISIBLE_DEVICES=)" env CUDA_VISIBLE_DEVICES= "$BUILD/$first" --size 256
    expect_exit 2 "--device beyond the visible GPUs" "$BUILD/$first" --size 256 --device 63
    for step in "$@"; do
        for dt in $(dtypes "$step"); do
            while read -r args; do
                # shellcheck disable=SC2086 # args is a list of options
                out=$("$BUILD/$step" $args --iters 2 --warmup 1 --csv 2>&1)
                rc=$?
                rows=$(printf '%s\n' "$out" | grep -c ",ok,")
                # every row carries the SM clock its probe measured: a real clock, not 0 or garbage
                bad_clocks=$(printf '%s\n' "$out" | awk -F, '/,ok,/ && !($15 >= 100 && $15 <= 5000)' | wc -l)
                if [ "$rc" -eq 0 ] && [ "$rows" -ge 2 ] && [ "$bad_clocks" -eq 0 ]; then
                    pass "$step $args: $(printf '%s\n' "$out" | grep ",ok," | tail -n +2 | cut -d, -f3,9,14 | tr '\n' ' ')"
                else
                    fail "$step $args: exit $rc, $bad_clocks row(s) without a measured clock"
                    printf '%s\n' "$out" | sed 's/^/    /'
                fi
            done < <(gpu_cases "$step" "$dt")
        done
    done
fi

if [ "$skipped" -gt 0 ]; then
    echo "$passed passed, $failed failed, $skipped skipped"
else
    echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
