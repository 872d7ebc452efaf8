#!/usr/bin/env bash
# Where 16's warps wait, instruction by instruction: ncu's warp-state sampling (sections
# SourceCounters and WarpStateStats; one launch, bf16, cold caches as ncu leaves them) at
# 128 x 7168 x 2048 (128 x 64 tiles) and 64 x 7168 x 2048 (64 x 128 twins), exported as the SASS
# source page (OUT/src-MxNxK.csv), then summarised as markdown: per kernel the samples and the
# leading stall reasons, then the instructions holding the most samples, each with how many times
# its warps ran it and its two leading reasons. Given CSV files (or .csv.gz), only their summary.
# Run from the repository root on an H200 with build/ built:
#   OUT=DIR bash results/nvidia-h200/variants/ncu-source.sh
# or anywhere: bash results/nvidia-h200/variants/ncu-source.sh DIR/src-*.csv
set -u
export PATH=$PATH:/usr/local/cuda/bin
summary() {
    case $1 in *.gz) zcat "$1" ;; *) cat "$1" ;; esac | awk -F'","' -v file="$(basename "$1")" '
        { sub(/^"/, ""); sub(/",?$/, "") }
        NR == 1 { kernel = $2; next }
        NR == 2 { for (i = 1; i <= NF; i++) { col[$i] = i; if ($i ~ /^stall_/ && $i !~ /Not Issued/) reason[i] = substr($i, 7) } next }
        {
            n = $col["Warp Stall Sampling (All Samples)"] + 0; total += n
            best1 = best2 = ""; v1 = v2 = 0
            for (i in reason) {
                v = $i + 0; by[reason[i]] += v
                if (v > v1) { v2 = v1; best2 = best1; v1 = v; best1 = reason[i] } else if (v > v2) { v2 = v; best2 = reason[i] }
            }
            src = $col["Source"]; gsub(/^ +| +$/, "", src); gsub(/\|/, "/", src)
            if (n > 0) line[++lines] = sprintf("%d\t| %d | %s | `%s` | %d | %s | %s |", n, n, substr($col["Address"], length($col["Address"]) - 4),
                src, $col["Instructions Executed"], best1 (v1 ? " " v1 : ""), best2 (v2 ? " " v2 : ""))
        }
        END {
            print "## " file; print ""; print "`" kernel "`"; print ""
            printf "%d samples; by stall reason:", total
            for (done = 0; ; done++) { # the reasons in falling order
                top = ""; for (r in by) if (by[r] > 0 && (top == "" || by[r] > by[top])) top = r
                if (top == "") break
                printf "%s %s %d", (done ? "," : ""), top, by[top]; delete by[top]
            }
            print ""; print ""
            print "| samples | address | instruction | executed (warps) | reason | next reason |"
            print "|---:|---|---|---:|---|---|"
            for (i = 1; i <= lines; i++) print line[i] | "sort -t\"\t\" -k1,1nr | head -20 | cut -f2"
            close("sort -t\"\t\" -k1,1nr | head -20 | cut -f2")
            print ""
        }'
}
if [ $# -gt 0 ]; then
    for f in "$@"; do summary "$f"; done
    exit
fi
OUT=${OUT:?OUT: the folder for the reports and CSV files}
for s in 128x7168x2048 64x7168x2048; do
    IFS=x read -r m n k <<<"$s"
    timeout 200 ncu --clock-control none --set none --section SourceCounters --section WarpStateStats --import-source no \
        -k regex:hgemm_small_m -c 1 -o "$OUT/rep-$s" build/16_hgemm_small_m --m "$m" --n "$n" --k "$k" --dtype bf16 \
        --iters 1 --warmup 0 --no-check >"$OUT/ncu-$s.txt" 2>&1 || { tail "$OUT/ncu-$s.txt"; exit 1; }
    ncu -i "$OUT/rep-$s.ncu-rep" --page source --csv --print-source sass >"$OUT/src-$s.csv"
    summary "$OUT/src-$s.csv"
done
