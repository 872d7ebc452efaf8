#!/usr/bin/env bash
# make results in one device call, the build carried: build/ built here (make ARCH=90) and sent
# with the tree, make -j16 ARCH=90 there only brings it up to date; make results under timeout
# 530, its written files tarred into OUT (the device returns a few files a call). Run from the
# repository root on the H200: OUT=DIR bash results/nvidia-h200/variants/make-results-call.sh COMMIT
set -u
export PATH=$PATH:/usr/local/cuda/bin
c=${1:?commit}
{
echo "# make results ARCH=90 COMMIT=$c (variants/make-results-call.sh) on the H200 ($(date -u +%F)): build/ carried from the dev machine, brought up to date by make -j16 ARCH=90 in the same call; make results under timeout 530; the written files came back in one tar"
nvidia-smi --query-gpu=name,clocks.sm,power.draw,temperature.gpu,driver_version --format=csv,noheader
s=$SECONDS; make -j16 ARCH=90 >"$OUT/build.txt" 2>&1 || { tail -20 "$OUT/build.txt"; exit 1; }; echo "build $((SECONDS-s)) s, $(grep -c nvcc "$OUT/build.txt") nvcc lines"
timeout 530 make results ARCH=90 COMMIT="$c"
echo "exit $?"
} 2>&1 | tee "$OUT/make-results-$c.log"
tar cf "$OUT/results.tar" results/nvidia-h200/{ladder.csv,ladder.md,ladder.png,sweep.csv,sweep.png,shapes.csv,shapes.png,README.md} README.md
