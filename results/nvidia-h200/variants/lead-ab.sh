#!/usr/bin/env bash
# 16 with a lead in its split-K schedules (--lead, at the tree's kernel) against no lead
# (--lead 0, the shared fix-up of before): the binary's --info at the suite's split-K shapes,
# checks at the ten shapes of check_shapes and at configurations where a lead is taken (forced
# splits and leads, ragged M, N and K, a two-stage ring), racecheck, synccheck and memcheck at
# two of them (racecheck's report of the last kept), then three rounds of bf16 rows over leads 0,
# the rule's and 3 to 8.
# The binary is 16_lead, this tree's build90/16_hgemm_small_m. From the repository root:
#   OUT=$OUT bash results/nvidia-h200/variants/lead-ab.sh .device/bin
source "$(dirname "$0")/ab-common.sh" "$1"
SHAPES="128 2112 7168;64 2112 7168;128 4096 7168;64 4096 7168"
IFS=';' read -ra shapes <<<"$SHAPES"
log "schedules"
for s in "${shapes[@]}"; do
    read -r m n k <<<"$s"
    echo "$s: $("$B/16_lead" --m "$m" --n "$n" --k "$k" --info | tail -n +2)"
done
log "checks"
check_shapes 16_lead
check_configs "$B/16_lead" "--m 128 --n 2112 --k 7168 --lead 3" "--m 128 --n 2112 --k 7168 --lead 20" \
    "--m 64 --n 2112 --k 7168 --lead 1" "--m 1 --n 2112 --k 7168 --tile 7 --lead 4" \
    "--m 64 --n 1000 --k 4104 --tile 7 --lead 5" "--m 120 --n 1016 --k 3000 --tile 8 --split 64" \
    "--m 120 --n 1016 --k 3000 --tile 8 --split 64 --lead 2 --stages 2" "--m 40 --n 1000 --k 1000 --tile 7" \
    "--m 64 --n 4096 --k 7168 --lead 6" "--m 100 --n 4096 --k 7168 --tile 9 --lead 3" | count_bad
for s in "120 1016 3000 --tile 8 --split 64" "40 1000 1000 --tile 7" "64 4096 7168 --lead 6"; do
    read -r m n k rest <<<"$s"
    # shellcheck disable=SC2086 # rest is a list
    echo "$s: $("$B/16_lead" --m "$m" --n "$n" --k "$k" $rest --info | tail -n +2)"
done
log "sanitizers"
sanitize_configs 120 "$B/16_lead" bf16 "--m 40 --n 1000 --k 1000 --tile 7" "--m 120 --n 1016 --k 3000 --tile 8 --split 64"
grep -E "hazard|Race|kernel|at " "$OUT/san-racecheck.log" | sort | uniq -c | sort -rn | head -20
for r in 1 2 3; do
    log "round $r"
    for s in "${shapes[@]}"; do
        read -r m n k <<<"$s"
        line="$s:"
        for lead in 0 -1 3 4 5 6 7 8; do line="$line lead $lead $(row "$B/16_lead" "--m $m --n $n --k $k --lead $lead")"; done
        echo "$line"
    done
done
log "done"
