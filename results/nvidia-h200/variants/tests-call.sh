#!/usr/bin/env bash
# The tests of one commit in one device call, the build carried (as make-results-call.sh): 15 and
# 16's SASS counts, the whole make test, and make sanitize STEP="15 16". Run from the repository
# root on the H200: OUT=DIR bash results/nvidia-h200/variants/tests-call.sh COMMIT
set -u
c=${1:?commit}
source "$(dirname "${BASH_SOURCE[0]}")/call-common.sh"
{
echo "# bash results/nvidia-h200/variants/tests-call.sh $c on the H200 ($(date -u +%F)), the tree of $c, build/ carried from the dev machine: make -j16 ARCH=90, SASS counts, make test ARCH=90 TEST_JOBS=12 (timeout 300), make sanitize ARCH=90 STEP=\"15 16\" (timeout 200)"
build_and_count
make_test "$OUT/test-$c.log" 300
log "make sanitize ARCH=90 STEP=\"15 16\""
timeout 200 make sanitize ARCH=90 STEP="15 16" >"$OUT/sanitize-15-16-$c.log" 2>&1
echo "make sanitize exit $?"
tail -2 "$OUT/sanitize-15-16-$c.log"
grep -c '^clean' "$OUT/sanitize-15-16-$c.log"
log "done"
} 2>&1 | tee "$OUT/tests-$c.log"
