# shellcheck shell=bash
# Sourced, with the script's arguments, by the scripts of this folder that measure binaries
# (`grep -l ab-common.sh *.sh` lists them): from the repository root, B is the binaries'
# folder (the first argument, else .device/bin, where build-16-variants.sh puts them) and OUT
# the logs' (else .); log TEXT prints a timed line; the GPU's name, clock, power and
# temperature are printed; row BINARY "OPTIONS" [DTYPE] runs one process of 100 timed launches (bf16 unless DTYPE)
# (--no-check) and prints the kernel's median ms and its ratio to cuBLAS: "0.0140 0.802x". It
# adds no warm-up time, where make adds 300 ms: where B streams from memory that brings the GPU
# to its power limit, and a fit can win here and lose in make shapes (settled-fits.sh times a
# rule as make does; NOTES.md, section on 2648c69);
# check_configs BINARY CONFIG... runs it on each configuration in both precisions (3 runs,
# checked), a line each with its exit status and its kernel's row; check_shapes BINARY... does
# that at ten shapes for each, its name before each line, then "bad lines: N" (those not
# exiting 0);
# settled_both (below) times as make shapes does; rule_against_old (below) times the rule's pick against an older pick;
# sanitize_configs SECONDS BINARY DTYPE CONFIG... runs racecheck, synccheck and memcheck on each
# configuration (one launch, under a timeout of SECONDS), a line each with the exit status and
# the tool's summary; the last configuration's log of each tool stays in $OUT/san-TOOL.log.
set -u
cd "$(dirname "${BASH_SOURCE[0]}")/../../.." || exit
OUT=${OUT:-.}
B=${1:-.device/bin}
log() { echo "### $(date +%T) [$SECONDS s] $*"; }
nvidia-smi --query-gpu=name,clocks.sm,power.draw,temperature.gpu --format=csv,noheader
row() {
    # shellcheck disable=SC2086 # OPTIONS is a list
    timeout 60 "$1" $2 --dtype "${3:-bf16}" --iters 100 --no-check --csv 2>&1 |
        awk -F, '$3 ~ /hgemm/ { printf "%s %sx", $8, $12 }'
}
# settled_both BINARY "OPTIONS": one process timed as make shapes times (300 ms warm-up, 20 runs),
# both precisions: per kernel row "DTYPE ms ratio x @MHz (cuBLAS @MHz)".
settled_both() {
    # shellcheck disable=SC2086 # OPTIONS is a list
    timeout 60 "$1" $2 --warmup-ms 300 --dtype all --no-check --csv 2>&1 |
        awk -F, '$3 ~ /hgemm|sgemm/ { printf "%s %s %sx @%s (cuBLAS @%s)  ", $4, $8, $12, $15, $16 }'
}
check_configs() {
    local bin=$1 args dt out rc
    shift
    for args in "$@"; do
        for dt in fp16 bf16; do
            # shellcheck disable=SC2086 # args is a list
            out=$(timeout 30 "$bin" $args --dtype $dt --iters 3 2>&1)
            rc=$?
            echo "$args $dt rc=$rc | $(echo "$out" | grep hgemm_small_m | tail -1)"
        done
    done
}
# count_bad: passes check_configs' lines through, then "bad lines: N", those not exiting 0.
count_bad() { awk '{print} !/rc=0 / {bad++} END {print "bad lines:", bad+0}'; }
check_shapes() {
    local bin
    for bin in "$@"; do
        check_configs "$B/$bin" "--m 128 --n 7168 --k 2048" "--m 64 --n 7168 --k 2048" "--m 100 --n 1000 --k 1000" \
            "--m 40 --n 1000 --k 1000 --split 7" "--m 1 --n 2112 --k 7168" "--m 128 --n 2112 --k 7168" "--size 2048" \
            "--m 4096 --n 2112 --k 7168" "--m 40 --n 1000 --k 1000 --tile 7" "--m 100 --n 1000 --k 40 --tile 8" |
            sed "s|^|$bin |"
    done 2>&1 | count_bad
}
sanitize_configs() {
    local seconds=$1 bin=$2 dt=$3 tool args
    shift 3
    for tool in racecheck synccheck memcheck; do
        for args in "$@"; do
            # shellcheck disable=SC2086 # args is a list
            timeout "$seconds" compute-sanitizer --tool $tool --error-exitcode 9 "$bin" $args --dtype "$dt" --iters 1 \
                --warmup 0 >"$OUT/san-$tool.log" 2>&1
            echo "$tool $args rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$OUT/san-$tool.log" | tail -1)"
        done
    done
}
# ab_rows ROUNDS "M N K;M N K;..." NAME...: ROUNDS rounds over the shapes, a line a shape, each
# binary $B/16_NAME's row in turn: "M N K: NAME ms ratio NAME ms ratio ...".
ab_rows() {
    local rounds=$1 r s v line m n k
    local -a shapes
    IFS=';' read -ra shapes <<<"$2"
    shift 2
    for r in $(seq "$rounds"); do
        for s in "${shapes[@]}"; do
            read -r m n k <<<"$s"
            line="$s:"
            for v in "$@"; do line="$line $v $(row "$B/16_$v" "--m $m --n $n --k $k")"; done
            echo "$line"
        done
    done
}
# ab_rounds ROUNDS "M N K;..." NAME...: ab_rows one round at a time, each after a timed "round R" line.
ab_rounds() {
    local rounds=$1 r
    shift
    for r in $(seq "$rounds"); do
        log "round $r"
        ab_rows 1 "$@"
    done
}
# stage_rows ROUNDS BINARY "M N K;M N K;...": ROUNDS rounds over the shapes, a line a shape, the
# binary forced to twins (--tile 10) at --stages 2, 3 and 4 in turn: "M N K: stages 2 ms ratio ...".
stage_rows() {
    local rounds=$1 bin=$2 r s st line m n k
    local -a shapes
    IFS=';' read -ra shapes <<<"$3"
    for r in $(seq "$rounds"); do
        for s in "${shapes[@]}"; do
            read -r m n k <<<"$s"
            line="$s:"
            for st in 2 3 4; do line="$line stages $st $(row "$bin" "--m $m --n $n --k $k --tile 10 --stages $st")"; done
            echo "$line"
        done
    done
}
# rule_against_old BINARY "M N K OLD;M N K OLD;...": each shape's --info line (the rule's pick),
# then two rounds of bf16 rows: "M x N x K: rule MS RATIO | before (--tile OLD) MS RATIO".
rule_against_old() {
    local bin=$1 r s m n k old a
    local -a list
    IFS=';' read -ra list <<<"$2"
    for s in "${list[@]}"; do
        read -r m n k old <<<"$s"
        echo "$m x $n x $k: $("$bin" --m "$m" --n "$n" --k "$k" --info | tail -n +2)"
    done
    for r in 1 2; do
        log "round $r"
        for s in "${list[@]}"; do
            read -r m n k old <<<"$s"
            a="--m $m --n $n --k $k"
            echo "$m x $n x $k: rule $(row "$bin" "$a") | before (--tile $old) $(row "$bin" "$a --tile $old")"
        done
    done
}
