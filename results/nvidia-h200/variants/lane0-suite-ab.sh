#!/usr/bin/env bash
# After lane0-ab.sh: whose are the two racecheck hazards it reported at two split-K
# configurations (the kernels named in the hazards, for 16_base and 16_uni alike), then 16_base
# against 16_uni over the whole suite (shapes/llm.txt), fp16 and bf16, ROUNDS rounds (default 2) of
# one process a row (100 timed runs), and each binary's geometric mean of the ratio to cuBLAS by
# precision. Run from the repository root on the H200, with the binaries of
# build-lane0-variants.sh in DIR: OUT=$OUT bash results/nvidia-h200/variants/lane0-suite-ab.sh [DIR] [ROUNDS]
source "$(dirname "$0")/ab-common.sh" "$@"
rounds=${2:-2}
log "racecheck"
for v in base uni; do
    for args in "--m 100 --n 1000 --k 1096 --tile 8 --split 7" "--m 300 --n 2112 --k 1000 --split 20"; do
        # shellcheck disable=SC2086 # args is a list
        timeout 120 compute-sanitizer --tool racecheck --error-exitcode 9 "$B/16_$v" $args --dtype bf16 --iters 1 \
            --warmup 0 >"$OUT/race.log" 2>&1
        echo "$v $args rc=$? $(grep 'RACECHECK SUMMARY' "$OUT/race.log")"
        grep -oE 'in [^ ]*(nvjet|hgemm|splitK|Kernel)[^ (]*' "$OUT/race.log" | sort | uniq -c | sed 's/^/    /'
    done
done
log "suite"
grep -v '^#' shapes/llm.txt | grep . >"$OUT/suite.txt"
for r in $(seq "$rounds"); do
    while read -r m n k; do
        for dt in fp16 bf16; do
            line="$m $n $k $dt:"
            for v in base uni; do line="$line $v $(row "$B/16_$v" "--m $m --n $n --k $k" $dt)"; done
            echo "$line"
        done
    done <"$OUT/suite.txt"
done | tee "$OUT/suite-rows.txt"
for dt in fp16 bf16; do
    awk -v dt="$dt" '$4 == dt":" { sub("x", "", $7); sub("x", "", $10); b += log($7); u += log($10); n++ }
        END { printf "%s: geometric mean over %d rows: base %.3f, uni %.3f\n", dt, n, exp(b / n), exp(u / n) }' "$OUT/suite-rows.txt"
done
log "done"
