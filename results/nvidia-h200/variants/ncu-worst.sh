#!/usr/bin/env bash
# 16 and cuBLAS under ncu, one launch each (cold caches, as ncu leaves them), bf16, at the suite's
# three worst shapes for 16 and at the other M <= 64 shape under 0.90x, with the split 16 chose:
# the markdown of ncu-16-shapes.md. Run from the repository root on an H200 with the commit to
# measure checked out: bash results/nvidia-h200/variants/ncu-worst.sh COMMIT > ncu-16-shapes.md
set -u
export PATH=$PATH:/usr/local/cuda/bin
make -j16 ARCH=90 build/16_hgemm_small_m >/tmp/ncu-worst-build.log 2>&1 || { tail -40 /tmp/ncu-worst-build.log >&2; exit 1; }
B=build/16_hgemm_small_m
echo "# 16_hgemm_small_m against cuBLAS at four shapes of shapes/llm.txt, one launch each (ncu)"
echo
echo "- GPU: $($B --info | head -1 | sed 's/^GPU //'); the code at commit ${1:-unknown} ($(date -u +%F))"
echo "- command: \`bash results/nvidia-h200/variants/ncu-worst.sh\`: per shape \`NO_POWER=1 common/scripts/ncu_vs_cublas.sh MxNxK 16_hgemm_small_m bf16\`,"
echo "  then \`$B --m M --n N --k K --info\` (the schedule line)"
for shape in 128x7168x2048 128x2112x7168 64x7168x2048 64x2112x7168; do
    IFS=x read -r m n k <<<"$shape"
    echo
    echo "## $shape, bf16"
    echo
    NO_POWER=1 timeout 120 bash common/scripts/ncu_vs_cublas.sh "$shape" 16_hgemm_small_m bf16
    echo
    echo "schedule: $($B --m "$m" --n "$n" --k "$k" --info | tail -n +2 | tr '\n' ' ')"
done
