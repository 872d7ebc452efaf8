#!/usr/bin/env bash
# The shared-memory counters of 16 in its 64 x 64 fit at 4096^3 (--tile 7: 4096 whole tiles,
# each handing wg 1's sums to wg 0 once and staging one C box), beside what make conflicts
# predicts for it ("16 --tile 7"). Run from the repository root on an H200:
# bash results/nvidia-h200/variants/ncu-tile7.sh
set -u
make -j16 ARCH=90 build/16_hgemm_small_m build/conflicts >/tmp/ncu-tile7-build.log 2>&1 || { tail -20 /tmp/ncu-tile7-build.log; exit 1; }
m=gpu__time_duration.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
ncu --clock-control none --kernel-name regex:'^hgemm' --metrics "$m" --csv --page raw --print-units base \
    build/16_hgemm_small_m --size 4096 --tile 7 --dtype all --iters 1 --warmup 0 --no-check 2>&1 |
    awk -F'","' '{ sub(/^"/, ""); sub(/"$/, "") } /^ID/ { for (i = 1; i <= NF; i++) c[$i] = i; next }
        /^[0-9]/ && ("Kernel Name" in c) { k = $c["Kernel Name"]; sub(/\(.*/, "", k)
            printf "ncu %s: %s ns, shared ld %s wavefronts (%s conflicts), st %s (%s conflicts)\n", k, $c["gpu__time_duration.sum"],
                $c["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"], $c["l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"],
                $c["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"], $c["l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"] }'
build/conflicts | grep -A4 -- '--tile 7'
