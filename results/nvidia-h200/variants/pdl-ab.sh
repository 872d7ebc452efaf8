#!/usr/bin/env bash
# 16 launched with programmatic dependent launch (pdl-launch.diff: the launch attribute
# cudaLaunchAttributeProgrammaticStreamSerialization, and every thread's griddepcontrol.wait after
# the block's barrier set-up, before any copy or store) against 16 as it is, both built at
# d5b9bd1 into B (16_base, 16_pdl). In the timed pattern (event, launch, event, clock probe) the
# kernel before each timed launch is the 20 µs clock probe: with the attribute a block may start
# while the probe's last blocks end, before the start event. The pdl binary's checks at ten
# shapes, its SASS, then two rounds of bf16 rows at the small shapes, 2048³ and a decode shape.
# Run from the repository root on the H200: bash results/nvidia-h200/variants/pdl-ab.sh .device/bin
source "$(dirname "$0")/ab-common.sh" "$@"
export PATH=$PATH:/usr/local/cuda/bin
for v in base pdl; do
    sass=$(cuobjdump -sass "$B/16_$v")
    echo "16_$v: HGMMA $(grep -c HGMMA <<<"$sass"), ACQBULK $(grep -c ACQBULK <<<"$sass"), STL/LDL $(grep -c -E 'STL|LDL' <<<"$sass")"
done
log "checks of 16_pdl"
check_shapes 16_pdl
log "rows"
ab_rows 2 "128 7168 2048;64 7168 2048;128 2112 7168;64 2112 7168;64 24576 1536;2048 2048 2048;16 16384 16384" base pdl
log done
