#!/usr/bin/env bash
# make results: this GPU's folder results/<gpu-slug>/ (results/nvidia-h200/ on an H200), and
# nothing outside it but, on an H200 only, the top README's ladder block: the ladder of STEPS
# at SIZE^3, the sweep of SWEEP_SET over SIZES, SHAPE_SET over three suites (shapes.csv:
# shapes/llm.txt, shapes-models.csv: shapes/models.txt, shapes-random.csv: a random draw whose
# seed comes from the clock), the plots (when matplotlib is there), and a README.md naming the
# GPU, driver, CUDA, cuBLAS, date, commit, the commands and how long each part took. Steps that
# cannot run on this GPU are recorded as skipped; with no GPU at all, one line and exit 3.
# Usage: common/scripts/results.sh   (env: BUILD SIZE SIZES STAGES STEPS SWEEP_SET SHAPE_SET,
# and SUITES, RESULTS_ROOT and README_FILE: the three suites, results and README.md unless a
# test changes them)
set -u
BUILD=${BUILD:-build}
SIZE=${SIZE:-4096}
SIZES=${SIZES:-2048 4096 8192 12288 16384}
SUITES=${SUITES:-shapes/llm.txt shapes/models.txt random}
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
summary=$(mktemp -d)
trap 'rm -rf "$summary"' EXIT
# The CSV of a suite: shapes.csv for the first, shapes-NAME.csv for the others (NAME: the file's
# name without .txt, or random).
csv_of() { [ "$1" = "${suites[0]}" ] && echo shapes.csv || echo "shapes-$(basename "$1" .txt).csv"; }
read -r -a suites <<<"$SUITES"
for suite in "${suites[@]}"; do
    # the random draw's seed from the clock, never picked (shapes.sh prints it and writes it down)
    SEED= bash "$here/shapes.sh" --results "$dir/$(csv_of "$suite")" "$suite" "${shape_steps[@]}" | tee "$summary/$(csv_of "$suite")"
    [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
done
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
    echo "| \`ladder.csv\`, \`ladder.md\` | every step at ${SIZE}³ | \`make results SIZE=$SIZE\` |"
    echo "| \`sweep.csv\` | ${sweep_steps[*]} over $SIZES (cubes) | \`make sweep SIZES=\"$SIZES\" STEP=\"$(numbers "${sweep_steps[@]}")\"\` |"
    for suite in "${suites[@]}"; do
        command=$(sed -n 's/^wrote .* (command: \(.*\))$/\1/p' "$summary/$(csv_of "$suite")")
        echo "| \`$(csv_of "$suite")\` | ${shape_steps[*]} over \`$suite\` | \`${command:-make shapes SUITE=$suite}\` |"
    done
    echo "| \`*.png\` | the plots of the CSVs | \`make plots GPU=$slug\` (matplotlib) |"
    echo
    echo "## The shape suites"
    for suite in "${suites[@]}"; do
        echo
        echo "\`$(sed -n 's/: [0-9]* shapes; median.*//p' "$summary/$(csv_of "$suite")")\`, ratio to cuBLAS in the same process (\`$(csv_of "$suite")\`):"
        echo
        echo '```'
        sed -n '/^geometric mean, worst/,/^wrote /p' "$summary/$(csv_of "$suite")" | sed '1d;/^wrote /d'
        echo '```'
    done
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
