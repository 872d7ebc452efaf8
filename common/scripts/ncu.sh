#!/usr/bin/env bash
# make ncu: Nsight Compute counters for each step's kernels at SIZE^3 (clocks left alone):
# shared-memory wavefronts and bank conflicts (ld, st), ldmatrix count, L2 hit rate, DRAM bytes,
# L2 read requests and sectors (sectors per request: how much of a line each request uses),
# achieved occupancy. Prints a markdown table; with --results writes results/<gpu>/ncu.md, or for a
# STEP selection ncu-NN.md / ncu-NN-MM.md (first and last step), beside the full one. A step
# that cannot run on this GPU is one "skipped" row; with no GPU, one line and exit 3.
# Usage: common/scripts/ncu.sh [--results] SIZE STEP...
set -u
BUILD=${BUILD:-build}
RESULTS_ROOT=${RESULTS_ROOT:-results}
. "$(dirname "$0")/lib.sh"
results=
if [ "${1:-}" = --results ]; then
    results=1
    shift
fi
if [ $# -lt 2 ]; then
    echo "usage: common/scripts/ncu.sh [--results] SIZE STEP...   (make ncu [SIZE=4096] [STEP=NN])" >&2
    exit 2
fi
size=$1
shift
header=$(gpu_info ncu "$BUILD/$1") || exit
command -v ncu >/dev/null || { echo "make ncu: ncu not found (Nsight Compute ships with the CUDA toolkit)" >&2; exit 3; }
results=${results:+$RESULTS_ROOT/$(printf '%s' "$header" | sed 's/^GPU //; s/ |.*//' | tr 'A-Z ' 'a-z-' | tr -cd 'a-z0-9-')}
metrics=gpu__time_duration.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,sm__inst_executed_op_ldsm.sum,lts__t_sector_hit_rate.pct,dram__bytes_read.sum,sm__warps_active.avg.pct_of_peak_sustained_active,lts__t_requests_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_read.sum
status=0
table=$(mktemp)
trap 'rm -f "$table" "$table.err"' EXIT
{
    echo "| step | kernel | ns | shared ld wavefronts | ld conflicts | shared st wavefronts | st conflicts | ldmatrix | L2 hit % | DRAM read | occupancy % | L2 read requests | L2 read sectors |"
    echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
} >"$table"
for step in "$@"; do
    progress "ncu: $step at ${size}^3 ..."
    ncu --clock-control none --kernel-name regex:"$STEP_KERNELS" --metrics "$metrics" --csv --page raw --print-units base \
        "$BUILD/$step" --size "$size" --dtype all --iters 1 --warmup 0 --no-check 2>"$table.err" |
        awk -F'","' -v step="$step" '
            { sub(/^"/, ""); sub(/"$/, "") }
            /^ID/ { for (i = 1; i <= NF; i++) col[$i] = i; next }
            /^[0-9]/ && ("Kernel Name" in col) {
                k = $col["Kernel Name"]; sub(/\(.*/, "", k); sub(/^void /, "", k); gsub(/</, "[", k); gsub(/>/, "]", k)
                printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", step, k, $col["gpu__time_duration.sum"],
                    $col["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"],
                    $col["l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"],
                    $col["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"],
                    $col["l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"],
                    $col["sm__inst_executed_op_ldsm.sum"], $col["lts__t_sector_hit_rate.pct"],
                    $col["dram__bytes_read.sum"], $col["sm__warps_active.avg.pct_of_peak_sustained_active"],
                    $col["lts__t_requests_srcunit_tex_op_read.sum"], $col["lts__t_sectors_srcunit_tex_op_read.sum"]
            }' >>"$table"
    if grep -q 'cannot run' "$table.err"; then
        echo "| $step | skipped: $(skip_reason "$(cat "$table.err")") | | | | | | | | | | | |" >>"$table"
    elif ! grep -q "^| $step | " "$table"; then # nothing profiled: ncu failed or matched no kernel
        echo "make ncu: no kernel of $step profiled: $(grep -v '^==PROF==' "$table.err" | grep -m 1 . || echo 'ncu printed no row')" >&2
        status=1
    fi
done
cat "$table"
if [ -n "$results" ]; then
    file=ncu.md
    [ -n "${STEP:-}" ] && { [ $# -eq 1 ] && file=ncu-${1%%_*}.md || file=ncu-${1%%_*}-$(echo "${@: -1}" | cut -d_ -f1).md; }
    mkdir -p "$results"
    {
        echo "# Nsight Compute counters, M = N = K = $size"
        echo
        echo "- GPU: ${header#GPU }"
        echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
        echo "- commit: ${COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}"
        echo "- steps: $*"
        echo "- command: \`make ncu SIZE=$size${STEP:+ STEP='$STEP'}\` (ncu --clock-control none, one launch of each kernel, each step at its default options)"
        echo "- values and units as ncu reports them with --print-units base (time in ns, DRAM in bytes); a conflict is a wavefront beyond the first one a request needs"
        echo
        cat "$table"
    } >"$results/$file"
    echo "wrote $results/$file"
fi
exit $status
