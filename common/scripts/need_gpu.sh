#!/usr/bin/env bash
# Whether a GPU is visible here, asked before a measuring target builds anything (a build takes
# minutes; finding out afterwards that nothing can run wastes them). Visible: nvidia-smi lists a
# GPU, or, where there is no nvidia-smi, the driver shows a device node; never when
# CUDA_VISIBLE_DEVICES is set empty or to -1 (CUDA hides every GPU then). Otherwise one line on
# stderr and exit 3, as the binaries do. It only looks: the binaries make the exact checks
# (architecture, driver version) when they run.
# Usage: common/scripts/need_gpu.sh TARGET   (TARGET names the asking target in the message)
set -u
if [ $# -eq 0 ]; then
    echo "usage: common/scripts/need_gpu.sh TARGET   (e.g. 'make run'): exit 0 when a GPU is visible, else one line and exit 3" >&2
    exit 2
fi
target=$*
no_gpu() {
    echo "$target: no GPU to run on here ($1): build with make, run on a machine with an NVIDIA GPU" >&2
    exit 3
}
if [ "${CUDA_VISIBLE_DEVICES+set}" = set ]; then
    case $CUDA_VISIBLE_DEVICES in '' | -1) no_gpu "CUDA_VISIBLE_DEVICES='$CUDA_VISIBLE_DEVICES' hides every GPU" ;; esac
fi
if command -v nvidia-smi >/dev/null 2>&1; then
    nvidia-smi -L 2>/dev/null | grep -q '^GPU ' || no_gpu "nvidia-smi lists none"
elif ! ls /dev/nvidia[0-9]* >/dev/null 2>&1; then
    no_gpu "no nvidia-smi and no /dev/nvidia device"
fi
exit 0
