#!/usr/bin/env bash
# make results: this GPU's folder results/<gpu-slug>/ (results/nvidia-h200/ on an H200), and
# nothing outside it but, on an H200 only, the top README's ladder block: the ladder of STEPS
# at SIZE^3, the sweep of SWEEP_SET over SIZES, SUITE over SHAPE_SET, the plots (when
# matplotlib is there), and a README.md naming the GPU, driver, CUDA, cuBLAS, date, commit, the
# commands and how long each part took. Steps that cannot run on this GPU are recorded as
# skipped; with no GPU at all, one line and exit 3.
# Usage: common/scripts/results.sh   (env: BUILD SIZE SIZES STAGES STEPS SWEEP_SET SHAPE_SET
# SUITE, and RESULTS_ROOT and README_FILE, results and README.md unless a test moves them)
set -u
BUILD=${BUILD:-build}
SIZE=${SIZE:-4096}
SIZES=${SIZES:-2048 4096 8192 12288 16384}
SUITE=${SUITE:-shapes/llm.txt}
RESULTS_ROOT=${RESULTS_ROOT:-results}
README_FILE=${README_FILE:-README.md}
here=$(dirname "$0")
. "$here/lib.sh"
if [ "${FLUSH_L2:-0}" != 0 ]; then
    echo "make results: FLUSH_L2 is for make run, sweep and shapes; results/ keeps the runs timed as by default" >&2
    exit 2
fi
if [ -z "${STEPS:-}" ]; then
    echo "usage: STEPS='NN_step ...' [SWEEP_SET=...] [SHAPE_SET=...] common/scripts/results.sh   (make results [STEP=NN])" >&2
    exit 2
fi
read -r -a steps <<<"$STEPS"
read -r -a sweep_steps <<<"${SWEEP_SET:-${STEPS}}"
read -r -a shape_steps <<<"${SHAPE_SET:-${steps[${#steps[@]} - 1]}}"

header=$(gpu_info results "$BUILD/${steps[0]}") || exit
slug=$(printf '%s' "$header" | sed 's/^GPU //; s/ |.*//' | tr 'A-Z ' 'a-z-' | tr -cd 'a-z0-9-')
dir=$RESULTS_ROOT/$slug
mkdir -p "$dir"
progress "make results: writing $dir/"

status=0
t0=$SECONDS
bash "$here/ladder.sh" --results "$dir" "$SIZE" "${steps[@]}" || status=1
t1=$SECONDS
SIZES=$SIZES bash "$here/sweep.sh" --results "$dir" "${sweep_steps[@]}" || status=1
t2=$SECONDS
summary=$(mktemp)
trap 'rm -f "$summary"' EXIT
bash "$here/shapes.sh" --results "$dir" "$SUITE" "${shape_steps[@]}" | tee "$summary"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1
t3=$SECONDS
took() { printf '%dm %02ds' $(($1 / 60)) $(($1 % 60)); }
numbers() { local s out=; for s in "$@"; do out="$out ${s%%_*}"; done; echo "${out# }"; } # STEP=... of the steps

{
    gpu_name=$(printf '%s' "$header" | sed 's/^GPU //; s/ |.*//')
    echo "# Results on $gpu_name"
    echo
    echo "Written by \`make results\` (common/scripts/results.sh) with the commands below; the"
    echo "\`ncu*.md\` files beside it, if any, come from \`make ncu\` and name their own command."
    echo
    echo "- GPU: ${header#GPU }"
    echo "- driver: $(nvidia-smi --query-gpu=driver_version --format=csv,noheader 2>/dev/null | head -n 1)"
    echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "- commit: ${COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}"
    echo "- time: $(took $((t3 - t0))) (ladder $(took $((t1 - t0))), sweep $(took $((t2 - t1))), shapes $(took $((t3 - t2))))"
    echo
    echo "| file | what | command |"
    echo "|---|---|---|"
    echo "| \`ladder.csv\`, \`ladder.md\` | every step at ${SIZE}³ | \`make run SIZE=$SIZE\` |"
    echo "| \`sweep.csv\` | ${sweep_steps[*]} over $SIZES (cubes) | \`make sweep SIZES=\"$SIZES\" STEP=\"$(numbers "${sweep_steps[@]}")\"\` |"
    echo "| \`shapes.csv\` | ${shape_steps[*]} over \`$SUITE\` | \`make shapes SUITE=$SUITE STEP=\"$(numbers "${shape_steps[@]}")\"\` |"
    echo "| \`ladder.png\`, \`sweep.png\`, \`shapes.png\` | the plots of the three CSVs | \`make plots GPU=$slug\` (matplotlib) |"
    echo
    echo "## The shape suite"
    echo
    echo "\`$SUITE\`, ratio to cuBLAS in the same process (\`shapes.csv\`):"
    echo
    echo '```'
    sed -n '/^geometric mean, worst/,/^wrote /p' "$summary" | sed '1d;/^wrote /d'
    echo '```'
    echo
    echo "## The ladder"
    echo
    tail -n +3 "$dir/ladder.md"
    echo
    echo "![The ladder on $gpu_name](ladder.png)"
} >"$dir/README.md"
echo "wrote $dir/README.md"

# The top README shows the H200's ladder, and only a run on an H200 rewrites it.
if [ "$slug" = nvidia-h200 ]; then
    bash "$here/readme_ladder.sh" --write "$dir/ladder.md" "$README_FILE" || status=1
else
    echo "$README_FILE left as it is: its ladder is the H200's (this GPU's is in $dir/README.md)"
fi
if python3 -c 'import matplotlib' 2>/dev/null; then
    python3 "$here/plot.py" "$dir" || status=1
else
    echo "plots skipped: no matplotlib here (python3 -m pip install matplotlib, then make plots GPU=$slug)"
fi
progress "make results: done"
exit $status
