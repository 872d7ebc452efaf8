#!/usr/bin/env bash
# 99bb2ef's slot address from lane 0 (U) and count-out-early.diff on top of it (UC: a tile's
# finisher counts out on the flag before its reduction, not after), against the kernels without
# U ("base", 99bb2ef reverted): R2UR and HGMMA in the SASS, checks of UC on ragged and split
# shapes, then 14 and the three builds interleaved at 4096^3 and at six suite shapes
# (--no-check). Run from the repository root on an H200 with a9fe736 checked out:
# bash results/nvidia-h200/variants/uniform-ab.sh (it builds, patches, and restores).
set -u
log() { echo "### $(date +%T) [$SECONDS s] $*"; }
v=results/nvidia-h200/variants
log start
git diff 99bb2ef^ 99bb2ef -- 15_hgemm_stream_k 16_hgemm_small_m >/tmp/U.diff
make -j16 ARCH=90 >/tmp/ab-build.log 2>&1 || { tail -40 /tmp/ab-build.log; exit 1; }
mkdir -p /tmp/base /tmp/U /tmp/UC
cp build/14_hgemm_wgmma_tma_store build/15_hgemm_stream_k build/16_hgemm_small_m /tmp/U/
cp build/14_hgemm_wgmma_tma_store /tmp/base/
for s in 15 16; do cuobjdump -sass build/obj/${s}_*/kernel.o > /tmp/U/$s.sass; done
git apply -R /tmp/U.diff || exit 1
make -j16 ARCH=90 build/15_hgemm_stream_k build/16_hgemm_small_m >>/tmp/ab-build.log 2>&1 || { git apply /tmp/U.diff; exit 1; }
cp build/15_hgemm_stream_k build/16_hgemm_small_m /tmp/base/
for s in 15 16; do cuobjdump -sass build/obj/${s}_*/kernel.o > /tmp/base/$s.sass; done
git apply /tmp/U.diff && git apply $v/count-out-early.diff || exit 1
make -j16 ARCH=90 build/15_hgemm_stream_k build/16_hgemm_small_m >>/tmp/ab-build.log 2>&1
cp build/15_hgemm_stream_k build/16_hgemm_small_m /tmp/UC/
git apply -R $v/count-out-early.diff
make -j16 ARCH=90 >>/tmp/ab-build.log 2>&1
for b in base U; do for s in 15 16; do echo "$b $s: R2UR $(grep -c R2UR /tmp/$b/$s.sass) HGMMA $(grep -c HGMMA /tmp/$b/$s.sass) lines $(wc -l < /tmp/$b/$s.sass)"; done; done
log checks
for a in "--m 1 --n 8 --k 8" "--m 129 --n 1000 --k 1000 --split 7" "--m 100 --n 1000 --k 4104" "--m 300 --n 1000 --k 1000" \
         "--m 2000 --n 2056 --k 200" "--m 4096 --n 2112 --k 7168" "--m 64 --n 7168 --k 2048" "--size 2048"; do
  for s in 15_hgemm_stream_k 16_hgemm_small_m; do
    out=$(timeout 60 /tmp/UC/$s $a --dtype all --iters 2 --warmup 1 --csv 2>&1); rc=$?
    echo "rc=$rc UC $s $a :: $(echo "$out" | grep -v ',cublas_' | grep -E '^[^,]*,1' | cut -d, -f4,13,14 | tr '\n' ' ')"
  done
done
t() { local l=$1; shift; echo "$l: $(timeout 60 "$@" --no-check --csv 2>&1 | grep -v ',cublas_' | grep -E '^[^,]*,1' | cut -d, -f4,8,10,12 | tr '\n' ' ')"; }
log squares
for rep in 1 2 3; do
  A="--size 4096 --dtype all --iters 100 --warmup 20"
  t "4096 14" /tmp/base/14_hgemm_wgmma_tma_store $A
  for b in base U UC; do t "4096 15 $b" /tmp/$b/15_hgemm_stream_k $A; t "4096 16 $b" /tmp/$b/16_hgemm_small_m $A; done
done
log shapes
for rep in 1 2; do for sh in "64 7168 2048" "64 2112 7168" "128 2112 7168" "4096 2112 7168" "16 18432 16384" "512 16384 16384"; do
  set -- $sh; it=$([ $1 -ge 512 ] && echo 30 || echo 200)
  for b in base U UC; do t "$sh 16 $b" /tmp/$b/16_hgemm_small_m --m $1 --n $2 --k $3 --dtype bf16 --iters $it --warmup 10; done
done; done
log done
