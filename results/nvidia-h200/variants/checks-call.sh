#!/usr/bin/env bash
# The checks of one commit in one device call, the build carried (as make-results-call.sh):
# 15 and 16's SASS counts, the whole make test, 16 against 14 at 8192³ and 12288³ (big-16-vs-14.sh,
# three rounds), and ncu-worst.sh into OUT/ncu-16-shapes.md. Run from the repository root on the
# H200: OUT=DIR bash results/nvidia-h200/variants/checks-call.sh COMMIT
set -u
c=${1:?commit}
v=results/nvidia-h200/variants
source "$(dirname "${BASH_SOURCE[0]}")/call-common.sh"
{
echo "# bash results/nvidia-h200/variants/checks-call.sh $c on the H200 ($(date -u +%F)), the tree of $c, build/ carried from the dev machine: make -j16 ARCH=90, SASS counts, make test ARCH=90 TEST_JOBS=12 (timeout 280), SIZES=\"8192 12288\" $v/big-16-vs-14.sh build 3 (timeout 100), $v/ncu-worst.sh $c (timeout 190)"
build_and_count
make_test "$OUT/test.txt" 280
log "big-16-vs-14.sh, 8192 and 12288"
SIZES="8192 12288" OUT=$OUT timeout 100 bash $v/big-16-vs-14.sh build 3
log "ncu-worst.sh $c"
timeout 190 bash $v/ncu-worst.sh "$c" >"$OUT/ncu-16-shapes.md" 2>&1
echo "ncu exit $?"
log "done"
} 2>&1 | tee "$OUT/checks-$c.log"
