#!/usr/bin/env bash
# The ladder table again from a committed ladder.csv, by today's common/scripts/ladder.sh, without
# a GPU: a stub per step replays that step's rows of the CSV (and the GPU line for --info); the
# date and driver lines of the ladder.md beside the CSV are kept, since they name the run that
# measured the rows. Writes DIR/ladder.md; then `common/scripts/readme_ladder.sh --write` puts it
# in the README. Used at 963e59b on make-results-f2dd316's ladder.csv (its cuBLAS row the median).
# Usage: bash results/nvidia-h200/variants/ladder-from-csv.sh results/nvidia-h200 DIR
set -u
src=$(cd "$1" && pwd) out=$2
cd "$(dirname "$0")/../../.." || exit
stubs=$(mktemp -d)
trap 'rm -rf "$stubs"' EXIT
gpu=$(sed -n 's/^- GPU: //p' "$src/ladder.md" | head -n 1)
steps=$(awk -F, 'NR > 1 && !seen[$2]++ { print $2 }' "$src/ladder.csv")
for s in $steps; do
    printf '#!/usr/bin/env bash\n[ "$1" = --info ] && { echo "GPU %s"; exit 0; }\nhead -n 1 "%s"\nawk -F, -v s=%s '"'"'NR > 1 && $2 == s'"'"' "%s"\n' \
        "$gpu" "$src/ladder.csv" "$s" "$src/ladder.csv" >"$stubs/$s"
    chmod +x "$stubs/$s"
done
size=$(awk -F, 'NR == 2 { print $5 }' "$src/ladder.csv")
commit=$(sed -n 's/^- commit: //p' "$src/ladder.md" | head -n 1)
# shellcheck disable=SC2086 # steps is a list
BUILD=$stubs COMMIT=$commit bash common/scripts/ladder.sh --results "$out" "$size" $steps >/dev/null 2>&1 || exit
awk -v src="$src/ladder.md" '
    BEGIN { while ((getline l < src) > 0) if (l ~ /^- (driver|date): /) keep[substr(l, 1, 8)] = l }
    /^- (driver|date): / { print keep[substr($0, 1, 8)]; next }
    { print }' "$out/ladder.md" >"$out/ladder.md.tmp" && mv "$out/ladder.md.tmp" "$out/ladder.md"
