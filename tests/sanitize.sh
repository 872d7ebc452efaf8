#!/usr/bin/env bash
# make sanitize: compute-sanitizer memcheck, racecheck and synccheck on every step's kernels
# (cuBLAS is left out with --kernel-name) at a small shape, every precision.
set -u
BUILD=${BUILD:-build}
command -v compute-sanitizer >/dev/null || { echo "compute-sanitizer not found (it ships with the CUDA toolkit)"; exit 3; }
failed=0
for step in "$@"; do
    bin=$BUILD/$step
    kernel=$("$bin" --help | sed -n 's/^kernel: //p')
    configs=("")
    "$bin" --help | grep -q -- --stages && configs=("--stages 2" "--stages 3" "--stages 4" "--stages 5")
    for config in "${configs[@]}"; do
        for tool in memcheck racecheck synccheck; do
            # shellcheck disable=SC2086 # config is a list of options
            log=$(compute-sanitizer --tool "$tool" --kernel-name "kns=$kernel" --error-exitcode 99 \
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
