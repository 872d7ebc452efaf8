# Shared by the scripts behind the make targets (sourced): progress lines, the one-line exit when
# there is no GPU, whether a step's architecture takes the GPU, the short reason of a skipped
# step, column widths that fit the step names, and how the timed runs are made.

SCRIPT_START=$SECONDS

# The columns of the binaries' --csv rows (common/harness/report.c), for the files the scripts
# write: a skipped step leaves no binary output to take them from.
CSV_COLUMNS=gpu,step,kernel,dtype,m,n,k,ms,tflops,cublas_ms,cublas_tflops,ratio,check,max_err,sm_mhz,cublas_sm_mhz

# The steps' kernels, for ncu's --kernel-name: every step names its kernel sgemm_*, hgemm_* or
# fp8_* (tests/run.sh checks each kernel.cu against it).
STEP_KERNELS='^(sgemm|hgemm|fp8)_'

# progress MESSAGE: "[m:ss] MESSAGE" on stderr, the time since the script started.
progress() {
    local t=$((SECONDS - SCRIPT_START))
    printf '[%d:%02d] %s\n' $((t / 60)) $((t % 60)) "$*" >&2
}

# gpu_info TARGET BINARY: the binary's GPU line on stdout. With no GPU it says so in one line
# on stderr and exits 3; any other failure exits with the binary's status.
gpu_info() {
    local out rc
    out=$("$2" --info 2>&1)
    rc=$?
    if [ "$rc" -eq 3 ]; then
        echo "make $1: no GPU to run on here: $(printf '%s\n' "$out" | head -n 1 | sed 's/^cannot run: //')" >&2
        exit 3
    elif [ "$rc" -ne 0 ]; then
        echo "make $1: $2 --info failed (exit $rc): $(printf '%s\n' "$out" | head -n 1)" >&2
        exit "$rc"
    fi
    printf '%s\n' "$out" | head -n 1 # the GPU line (a step that splits work prints its schedule after it)
}

# gpu_sm GPU_LINE: the compute capability in a binary's GPU line ("GPU NVIDIA H200 | sm_90 | ..."): 90.
gpu_sm() {
    printf '%s\n' "$1" | sed -n 's/^GPU .* | sm_\([0-9]*\) | .*/\1/p'
}

# runs_on SM HELP: whether a step whose --help text is HELP runs on an sm_SM GPU, by the
# architecture it declares ("needs: sm_90 or newer (...)", "needs: sm_90 exactly (...)").
runs_on() {
    local need kind
    read -r need kind < <(printf '%s\n' "$2" | sed -n 's/^needs: sm_\([0-9]*\) \(or newer\|exactly\) .*/\1 \2/p')
    [ -n "$need" ] || return 0
    if [ "$kind" = exactly ]; then [ "$1" -eq "$need" ]; else [ "$1" -ge "$need" ]; fi
}

# skip_reason STDERR: why a step exited 3, short: "needs sm_90 or newer (this GPU is sm_89)".
skip_reason() {
    printf '%s\n' "$1" | grep -m 1 'cannot run' | sed -e 's/.* is \(sm_[0-9]*\); [^ ]* needs \([^:]*\):.*/needs \2 (this GPU is \1)/' \
        -e 's/^cannot run: //' | tr ',' ';' | cut -c 1-100
}

# name_width STEP...: the width of a column that holds every step name (at least 24).
name_width() {
    local w=24 s
    for s in "$@"; do [ "${#s}" -gt "$w" ] && w=${#s}; done
    echo "$w"
}

# timing_options: the array TIMING of what every timed step gets from run, sweep and shapes:
# ITERS, WARMUP and WARMUP_MS (the warm-up goes on that long: a GPU at its power limit settles to
# its clock over a few hundred ms of load, and a short warm-up would time each step's process at
# the clock the one before left), and --flush-l2 with FLUSH_L2=1, which overwrites the L2 before
# each run so that the operands come from memory, as a model's weights do between two uses of a
# layer, not from the L2 the runs before left them in. FLUSH_L2 other than 0 or 1: one line, exit 2.
# Unset, ITERS, WARMUP and WARMUP_MS take the Makefile's defaults.
timing_options() {
    ITERS=${ITERS:-20} WARMUP=${WARMUP:-5} WARMUP_MS=${WARMUP_MS:-300}
    TIMING=(--iters "$ITERS" --warmup "$WARMUP" --warmup-ms "$WARMUP_MS")
    case ${FLUSH_L2:-0} in
    0) ;;
    1) TIMING+=(--flush-l2) ;;
    *)
        echo "make: FLUSH_L2=$FLUSH_L2: say 1 (the L2 flushed before every timed run) or 0" >&2
        exit 2
        ;;
    esac
}

# warmup_words: the warm-up, as the tables' headers say it.
warmup_words() {
    printf '%s warm-up runs (%s ms at least)' "$WARMUP" "$WARMUP_MS"
}

# flush_words: what the tables' headers add when FLUSH_L2=1.
flush_words() {
    [ "${FLUSH_L2:-0}" = 1 ] && printf ', the L2 flushed before each run'
}

# baseline_reports RC LOG: where compute-sanitizer exited 99 (it found something) and every code
# location its reports name ("at KERNEL+0x...") lies in cuBLAS's own kernels (nvjet_*, whose
# racecheck reports CUDA 13.0 shows on sm_90), those kernels' names; else nothing (the step's
# own report, or none).
baseline_reports() {
    local sites
    [ "$1" -eq 99 ] || return 0
    sites=$(printf '%s\n' "$2" | grep '^=========' | grep -oE ' at .+\+0x[0-9a-f]+' | sed -E 's/^ at //; s/\+0x[0-9a-f]+$//' | sort -u)
    [ -n "$sites" ] && ! printf '%s\n' "$sites" | grep -qv '^nvjet_' && printf '%s\n' "$sites" | tr '\n' ' ' | sed 's/ $//'
    return 0
}

# shape_multiple STEP...: the multiple SUITE=random draws N and K in so that every step takes
# every shape, read from each step's --help ("N multiple of 16, K of 16" for FP8): 8 at least.
shape_multiple() {
    local q=8 s v
    for s in "$@"; do
        for v in $("$BUILD/$s" --help 2>/dev/null | sed -n 's/^shape: .*N \(multiple \)\{0,1\}of \([0-9]*\), K of \([0-9]*\);.*/\2 \3/p'); do
            [ "$v" -gt "$q" ] && q=$v
        done
    done
    echo "$q"
}
