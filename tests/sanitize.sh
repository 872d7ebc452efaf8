#!/usr/bin/env bash
# make sanitize: compute-sanitizer memcheck, racecheck and synccheck over every step at a small
# shape, every precision (and every stage count for 08). The cuBLAS baseline runs under the tools
# too: filtering with --kernel-name made racecheck (CUDA 13.0) fail with "Internal Sanitizer
# Error" on every templated kernel, while unfiltered runs of the same kernels were clean.
set -u
BUILD=${BUILD:-build}
command -v compute-sanitizer >/dev/null || { echo "compute-sanitizer not found (it ships with the CUDA toolkit)"; exit 3; }
failed=0
for step in "$@"; do
    bin=$BUILD/$step
    configs=("")
    "$bin" --help | grep -q -- --stages && configs=("--stages 2" "--stages 3" "--stages 4" "--stages 5")
    for config in "${configs[@]}"; do
        for tool in memcheck racecheck synccheck; do
            # shellcheck disable=SC2086 # config is a list of options
            log=$(compute-sanitizer --tool "$tool" --error-exitcode 99 \
                "$bin" --m 256 --n 384 --k 128 --dtype all $config --iters 1 --warmup 0 2>&1)
            rc=$?
            summary=$(printf '%s\n' "$log" | grep -E "ERROR SUMMARY|RACECHECK SUMMARY" | tail -n 1)
            if [ "$rc" -eq 0 ]; then
                echo "clean  $step $config $tool: ${summary:-no summary}"
            else
                echo "FAILED $step $config $tool (exit $rc)"
                printf '%s\n' "$log" | head -n 40 | sed 's/^/    /'
                failed=$((failed + 1))
            fi
        done
    done
done
echo "sanitize: $failed failed"
[ "$failed" -eq 0 ]
