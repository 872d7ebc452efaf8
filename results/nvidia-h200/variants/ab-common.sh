# shellcheck shell=bash
# Sourced, with the script's arguments, by start-end-ab.sh, prefetch-promotion-ab.sh,
# ring-depth.sh, fixup-rate-moved.sh and sk-begin-ab.sh: from the repository root, B is the
# binaries' folder (the first argument, else .device/bin, where build-16-variants.sh puts them)
# and OUT the logs' (else .); log TEXT prints a timed line; the GPU's name, clock, power and
# temperature are printed; row BINARY "OPTIONS" runs one process of 100 timed bf16 launches
# (--no-check) and prints the kernel's median ms and its ratio to cuBLAS: "0.0140 0.802x".
set -u
cd "$(dirname "${BASH_SOURCE[0]}")/../../.." || exit
OUT=${OUT:-.}
B=${1:-.device/bin}
log() { echo "### $(date +%T) [$SECONDS s] $*"; }
nvidia-smi --query-gpu=name,clocks.sm,power.draw,temperature.gpu --format=csv,noheader
row() {
    # shellcheck disable=SC2086 # OPTIONS is a list
    timeout 60 "$1" $2 --dtype bf16 --iters 100 --no-check --csv 2>&1 |
        awk -F, '$3 ~ /hgemm/ { printf "%s %sx", $8, $12 }'
}
