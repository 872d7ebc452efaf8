#!/usr/bin/env bash
# Where a step's kernel and cuBLAS's spend their time, side by side at SIZE^3 (or a shape MxNxK),
# one launch of each (cuBLAS's split-K reduction too, where it runs one)
# in the same process (ncu --clock-control none): tensor-pipe activity (the hmma pipe counter,
# which counts wgmma too: a kernel with nothing but HGMMA reads 94% on it), issue slots, the leading
# stall reasons (warps stalled per issued instruction), L2 and DRAM traffic, the SM clock; then
# the board power nvidia-smi reads while the step runs interleaved with cuBLAS. Prints markdown.
# Usage: common/scripts/ncu_vs_cublas.sh SIZE STEP [DTYPE]   (NCU names another ncu, e.g. a test's fake;
# NO_POWER=1 skips the power run)
set -u
BUILD=${BUILD:-build}
NCU=${NCU:-ncu}
. "$(dirname "$0")/lib.sh"
if [ $# -lt 2 ]; then
    echo "usage: common/scripts/ncu_vs_cublas.sh SIZE|MxNxK STEP [DTYPE]   (e.g. 4096 16_hgemm_fit bf16)" >&2
    exit 2
fi
size=$1 step=$2 dtype=${3:-all}
m=$size n=$size k=$size # SIZE is M = N = K, or a shape MxNxK
[[ $size == *x*x* ]] && IFS=x read -r m n k <<<"$size"
shape="--m $m --n $n --k $k"
command -v "$NCU" >/dev/null || { echo "ncu_vs_cublas: ncu not found (Nsight Compute ships with the CUDA toolkit)" >&2; exit 3; }
stalls="long_scoreboard barrier wait math_pipe_throttle mio_throttle lg_throttle sleeping dispatch_stall short_scoreboard no_instruction membar branch_resolving"
metrics=gpu__time_duration.sum,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active,smsp__issue_active.avg.pct_of_peak_sustained_active,lts__t_bytes.sum,lts__t_sector_hit_rate.pct,dram__bytes_read.sum,dram__bytes_write.sum,sm__cycles_elapsed.avg.per_second
for s in $stalls; do metrics=$metrics,smsp__average_warps_issue_stalled_${s}_per_issue_active.ratio; done
raw=$(mktemp)
trap 'rm -f "$raw" "$raw.err"' EXIT
"$NCU" --clock-control none --kernel-name regex:"$STEP_KERNELS|gemm|nvjet|xmma|cutlass|splitK|reduce" --metrics "$metrics" --csv --page raw --print-units base \
    "$BUILD/$step" $shape --dtype "$dtype" --iters 1 --warmup 0 --no-check >"$raw" 2>"$raw.err"
rc=$?
rows=$(awk -F'","' -v stalls="$stalls" '
        { sub(/^"/, ""); sub(/"$/, "") }
        /^ID/ { for (i = 1; i <= NF; i++) col[$i] = i; next }
        # ncu prints thousands separators ("189,152"): strip them before arithmetic
        function num(name,    v) { v = $col[name]; gsub(/,/, "", v); return v + 0 }
        /^[0-9]/ && ("Kernel Name" in col) {
            k = $col["Kernel Name"]; sub(/\(.*/, "", k); sub(/^void /, "", k); gsub(/</, "[", k); gsub(/>/, "]", k)
            if (length(k) > 60) k = substr(k, 1, 60) "..."
            line = sprintf("| %s | %.1f | %.1f | %.1f | %.3g | %.1f | %.3g | %.3g | %.0f |", k,
                num("gpu__time_duration.sum") / 1000, num("sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active"),
                num("smsp__issue_active.avg.pct_of_peak_sustained_active"), num("lts__t_bytes.sum"),
                num("lts__t_sector_hit_rate.pct"), num("dram__bytes_read.sum"), num("dram__bytes_write.sum"),
                num("sm__cycles_elapsed.avg.per_second") / 1e6)
            n = split(stalls, s, " ")
            for (i = 1; i <= n; i++) line = line sprintf(" %.2f |", num("smsp__average_warps_issue_stalled_" s[i] "_per_issue_active.ratio"))
            print line
        }' "$raw")
# A profile that measured nothing (ncu failed, the step refused the shape, no kernel matched) is
# a failure, not an empty table.
if [ "$rc" -ne 0 ] || [ -z "$rows" ]; then
    why=$(grep -v '^==PROF==' "$raw.err" | grep -m 1 . || grep -m 1 'ERROR' "$raw")
    echo "ncu_vs_cublas: no kernel profiled for $step at $m x $n x $k (ncu exit $rc)${why:+: $why}" >&2
    exit 1
fi
echo "| kernel | µs | tensor pipe % | issue active % | L2 bytes | L2 hit % | DRAM read | DRAM write | SM MHz | $(echo $stalls | sed 's/ / | /g') |"
echo "|---|$(printf -- '---:|%.0s' $(seq 1 $((8 + $(echo $stalls | wc -w)))))"
printf '%s\n' "$rows"
if [ -z "${NO_POWER:-}" ] && command -v nvidia-smi >/dev/null; then
    log=$(mktemp)
    nvidia-smi --query-gpu=power.draw,clocks.sm --format=csv,noheader,nounits -lms 50 >"$log" &
    smi=$!
    iters=$((2250000000000000 / (4 * m * n * k) + 1)) # about 3 s of both at 750 TFLOPS
    "$BUILD/$step" $shape --dtype "$dtype" --iters "$iters" --warmup 20 --no-check >/dev/null
    kill "$smi"
    wait "$smi" 2>/dev/null
    sort -t, -k1 -n "$log" | awk -F', *' -v iters="$iters" -v dtype="$dtype" '$1 > 100 { p[n] = $1; c[n++] = $2 } END {
        if (n) printf "\nBoard power while %d timed runs alternate with cuBLAS, dtype %s (nvidia-smi, %d samples of 50 ms above 100 W): median %.0f W, max %.0f W; SM clock at the median sample %s MHz\n", iters, dtype, n, p[int(n / 2)], p[n - 1], c[int(n / 2)] }' 
    rm -f "$log"
fi
