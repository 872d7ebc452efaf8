#!/usr/bin/env bash
# 16 and cuBLAS under ncu with warm caches (--cache-control none: as in the timed runs, where the
# operands stay in L2 from one run to the next), the launches after 4 of each, bf16, at four
# small-M shapes of shapes/llm.txt: duration, clock, L2 traffic and hit rate, DRAM reads, tensor
# pipe, instructions. Then 16 in the fits --tile 0 and 3..7 at two of them, timed (--no-check).
# Run from the repository root on an H200 with the commit to measure checked out:
# bash results/nvidia-h200/variants/ncu-warm.sh
set -u
log() { echo "### $(date +%T) [$SECONDS s] $*"; }
log start
make -j16 ARCH=90 >/tmp/ncu-warm-build.log 2>&1 || { tail -40 /tmp/ncu-warm-build.log; exit 1; }
m="gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,lts__t_bytes.sum,lts__t_sectors.sum.pct_of_peak_sustained_elapsed,lts__t_sector_hit_rate.pct,dram__bytes_read.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_elapsed,l1tex__throughput.avg.pct_of_peak_sustained_elapsed,sm__memory_throughput.avg.pct_of_peak_sustained_elapsed,lts__throughput.avg.pct_of_peak_sustained_elapsed,smsp__inst_executed.sum"
for sh in "128 7168 2048" "64 7168 2048" "128 2112 7168" "64 2112 7168"; do set -- $sh
  log "$sh"
  timeout 120 ncu --clock-control none --cache-control none --kernel-name regex:'hgemm|nvjet|splitK|reduce' --launch-skip 4 --launch-count 4 --metrics "$m" --csv --page raw --print-units base \
    build/16_hgemm_small_m --m $1 --n $2 --k $3 --dtype bf16 --iters 4 --warmup 4 --no-check 2>/dev/null | python3 -c '
import csv,sys
r=list(csv.reader(sys.stdin))
h=[i for i,x in enumerate(r) if x and x[0]=="ID"][0]
hd=r[h]
for x in r[h+2:]:
  d=dict(zip(hd,x))
  k=d["Kernel Name"].split("(")[0][:40]
  f=lambda n: float(d[n].replace(",",""))
  print("%-40s %6.2f us %4.0f MHz L2 %.3g B (%.0f%% sect, %.0f%% lts thr, hit %.0f%%) dram %.3g smem-lsu %.3g tensor %.1f%% l1tex %.0f%% mem %.0f%% inst %.3g" % (k, f("gpu__time_duration.sum")/1e3, f("sm__cycles_elapsed.avg.per_second")/1e6, f("lts__t_bytes.sum"), f("lts__t_sectors.sum.pct_of_peak_sustained_elapsed"), f("lts__throughput.avg.pct_of_peak_sustained_elapsed"), f("lts__t_sector_hit_rate.pct"), f("dram__bytes_read.sum"), f("l1tex__data_pipe_lsu_wavefronts_mem_shared.sum"), f("sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_elapsed"), f("l1tex__throughput.avg.pct_of_peak_sustained_elapsed"), f("sm__memory_throughput.avg.pct_of_peak_sustained_elapsed"), f("smsp__inst_executed.sum")))
'
done
log tiles
t() { local l=$1; shift; echo "$l: $(timeout 60 "$@" --no-check --csv 2>&1 | grep -v ',cublas_' | grep -E '^[^,]*,1' | cut -d, -f4,8,10,12 | tr '\n' ' ')"; }
for sh in "128 7168 2048" "64 7168 2048"; do set -- $sh
  for tile in 0 3 4 5 6 7; do t "$sh tile $tile" build/16_hgemm_small_m --m $1 --n $2 --k $3 --dtype bf16 --iters 200 --warmup 20 --tile $tile; done
done
log done
