#!/usr/bin/env bash
# Where a block of 16 spends the clocks before its first TMA copy, and whether three changes
# shorten them: P1 prefetch.tensormap of the three maps at entry (block-start-prefetch.diff), P2
# sk_begin without 64-bit division (block-start-sk-begin-32.diff), P3 no setmaxnreg for 64-row
# tiles (the sed below). 16 is built four ways (base, P1, P1+P2, P1+P2+P3), each also with
# block-start-clocks.diff (clock64 at each phase of every block's first producer and consumer
# thread; the launch's 7th call prints one T line per block), then the median block's clocks at
# six shapes and the clean builds' times, twice (bf16, 300 runs). Run from the repository root on
# an H200 at 427d43a, where the diffs apply: bash results/nvidia-h200/variants/block-start.sh
set -u
V=results/nvidia-h200/variants
B=build/16_hgemm_small_m
export PATH=$PATH:/usr/local/cuda/bin
mkdir -p /tmp/block-start
build() { # name clocks(0/1) patches...
    local name=$1 clk=$2
    shift 2
    git checkout -q 16_hgemm_small_m/kernel.cu common/kernel/ptx.cuh common/harness/clock_probe.cu
    [ "$clk" = 1 ] && git apply $V/block-start-clocks.diff
    for p in "$@"; do
        case $p in
        P3) sed -i -e 's/^        setmaxnreg_dec<PRODUCER_REGS>();$/        if constexpr (BM == 128)\n            setmaxnreg_dec<PRODUCER_REGS>();/' \
                -e 's/^    setmaxnreg_inc<CONSUMER_REGS>();$/    if constexpr (BM == 128)\n        setmaxnreg_inc<CONSUMER_REGS>();/' 16_hgemm_small_m/kernel.cu ;;
        *) git apply "$V/$p" ;;
        esac
    done
    make -j16 ARCH=90 $B >/tmp/block-start/build.log 2>&1 || { tail -20 /tmp/block-start/build.log; exit 1; }
    cp $B "/tmp/block-start/$name"
}
for clk in 0 1; do
    s=$([ $clk = 1 ] && echo _clk)
    build base$s $clk
    build P1$s $clk block-start-prefetch.diff
    build P12$s $clk block-start-prefetch.diff block-start-sk-begin-32.diff
    build P123$s $clk block-start-prefetch.diff block-start-sk-begin-32.diff P3
done
git checkout -q 16_hgemm_small_m/kernel.cu common/kernel/ptx.cuh common/harness/clock_probe.cu
median() { # the median block's value of each phase among the T lines
    local rows line name
    rows=$(grep '^T ' || true)
    line="  n=$(printf '%s\n' "$rows" | wc -l)"
    for name in setup first loop fix c_sync c_inc c_walk p_sync p_dec p_walk p_next p_coord p_wait p_first; do
        line="$line  $name $(printf '%s\n' "$rows" | awk -v k="$name" '{ for (i = 1; i < NF; i++) if ($i == k) print $(i + 1) }' |
            sort -n | awk '{ v[NR] = $1 } END { printf "%s", v[int(NR / 2) + 1] }')"
    done
    echo "$line"
}
SHAPES=("--m 128 --n 7168 --k 2048" "--m 64 --n 7168 --k 2048" "--m 64 --n 2112 --k 7168" "--m 128 --n 2112 --k 7168" "--m 64 --n 24576 --k 1536" "--size 4096")
for v in base P1 P12 P123; do
    for a in "${SHAPES[@]}"; do
        # shellcheck disable=SC2086 # a is a list of options
        echo "$v | $a | $(timeout 60 /tmp/block-start/${v}_clk $a --dtype bf16 --warmup 3 --iters 5 --no-check 2>&1 | median)"
    done
done
for round in 1 2; do
    for a in "${SHAPES[@]:0:5}"; do
        for v in base P1 P12 P123; do
            # shellcheck disable=SC2086
            echo "r$round $v | $a | $(timeout 60 /tmp/block-start/$v $a --dtype bf16 --iters 300 2>&1 | grep -E '^16_' | tail -1)"
        done
    done
done
