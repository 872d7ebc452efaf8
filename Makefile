# One entry point for the ladder. `make help` lists the targets and variables.

CUDA_HOME ?= $(patsubst %/bin/nvcc,%,$(shell command -v nvcc 2>/dev/null || echo /usr/local/cuda/bin/nvcc))
NVCC      ?= $(CUDA_HOME)/bin/nvcc
CUDART    ?= static
CCBIN     ?=
LDFLAGS   ?=
BUILD     ?= build
SIZE      ?= 4096
SIZES     ?= 2048 4096 8192 12288 16384
STAGES    ?=
STEP_OPTS ?=
SUITE     ?= shapes/llm.txt
SEED      ?=
COUNT     ?= 64
ITERS     ?= 20
WARMUP    ?= 5
WARMUP_MS ?= 300
FLUSH_L2  ?= 0
COMMIT    ?=
TEST_JOBS ?= 4
# Make's own default for CC is cc; ours is gcc, and CC=clang (command line or environment) wins.
ifeq ($(origin CC),default)
  CC := gcc
endif

# Goals that compile nothing with nvcc, and so work without a CUDA toolkit.
NO_NVCC_GOALS := help clean conflicts diff plots
NEEDS_NVCC := $(filter-out $(NO_NVCC_GOALS),$(or $(MAKECMDGOALS),all))

# Targets every step is built for: ARCH as compute capabilities (ARCH=90, ARCH="80 90"), from the
# command line or the environment. Some toolchains export ARCH as a CPU (x86_64, arm64): such an
# ARCH from the environment is not ours, and is set aside in one line. With no ARCH: the visible
# GPU's compute capability, or, with no GPU, every architecture of the ladder that this nvcc knows
# (a fat binary).
LADDER_ARCHS   := 80 86 89 90 120
NVCC_ARCHS     := $(patsubst compute_%,%,$(shell $(NVCC) --list-gpu-arch 2>/dev/null))
SUPPORTED_ARCHS := $(filter-out 50 52 53 60 61 62 70 72 75,$(NVCC_ARCHS))
ifeq ($(origin ARCH),environment)
  ifneq ($(shell printf '%s\n' '$(ARCH)' | grep -Eq '^ *[0-9]+( +[0-9]+)* *$$' && echo numbers),numbers)
    $(info make: ARCH=$(ARCH) from the environment names no compute capability: set aside (ARCH=90 on the command line picks targets))
    undefine ARCH
  endif
endif
ifeq ($(origin ARCH),undefined)
  ARCH := $(shell nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -n 1 | tr -d '. ')
  ifeq ($(strip $(ARCH)),)
    ARCH := $(filter $(NVCC_ARCHS),$(LADDER_ARCHS))
  endif
endif
ifneq ($(NEEDS_NVCC),)
  ifeq ($(strip $(NVCC_ARCHS)),)
    $(error nvcc not found at '$(NVCC)': put it on PATH or set CUDA_HOME=/path/to/cuda (see README, Troubleshooting))
  endif
  ifeq ($(strip $(ARCH)),)
    $(error ARCH is empty: name the compute capabilities to build for, e.g. ARCH=90 or ARCH="80 90", or leave ARCH out (this nvcc builds $(SUPPORTED_ARCHS)))
  endif
  ifneq ($(filter-out $(SUPPORTED_ARCHS),$(ARCH)),)
    $(error ARCH=$(ARCH) is not supported: say compute capabilities this nvcc builds, $(SUPPORTED_ARCHS) (the steps need sm_80 or newer), e.g. ARCH=90)
  endif
endif

# STEP=NN (or a list, or folder names) restricts every target that runs steps. Unset: run,
# test, sanitize and ncu take every step, sweep the steps from 07 on (01-06 are far from
# cuBLAS at every size), shapes the last step of each precision: fp16/bf16 and FP8 (e4m3).
ALL_STEPS := $(patsubst %/,%,$(sort $(dir $(wildcard [0-9][0-9]_*/kernel.cu))))
# A one-digit step is its folder's two digits: STEP=1 is 01.
STEP_NAMES := $(foreach s,$(STEP),$(if $(filter 1 2 3 4 5 6 7 8 9,$(s)),0$(s),$(s)))
STEP_MISSES := $(strip $(foreach s,$(STEP_NAMES),$(if $(filter $(s) $(s)_%,$(ALL_STEPS)),,$(s))))
ifneq ($(STEP_MISSES),)
  $(error STEP=$(STEP): $(STEP_MISSES) matches no step folder; steps are: $(ALL_STEPS))
endif
STEPS       := $(if $(STEP),$(foreach s,$(STEP_NAMES),$(filter $(s) $(s)_%,$(ALL_STEPS))),$(ALL_STEPS))
SWEEP_SET   := $(if $(STEP),$(STEPS),$(filter-out 01_% 02_% 03_% 04_% 05_% 06_%,$(ALL_STEPS)))
FP8_STEPS   := $(patsubst %/main.c,%,$(shell grep -l 'DTYPE_E4M3' $(ALL_STEPS:%=%/main.c) 2>/dev/null))
SHAPE_SET   := $(if $(STEP),$(STEPS),$(lastword $(filter-out $(FP8_STEPS),$(ALL_STEPS))) $(lastword $(FP8_STEPS)))
STEP_NUMBERS := $(foreach s,$(STEPS),$(firstword $(subst _, ,$(s))))

# The targets that measure say there is no GPU before they build anything (a dry run, make -n,
# runs nothing and is let through).
GPU_GOALS := run sweep shapes results ncu sanitize calibrate
ifneq ($(filter $(GPU_GOALS),$(MAKECMDGOALS)),)
  ifeq ($(findstring n,$(firstword -$(MAKEFLAGS))),)
    # A suite file is checked first: a bad line is named whether or not there is a GPU.
    ifneq ($(and $(filter shapes calibrate,$(MAKECMDGOALS)),$(filter-out random,$(SUITE))),)
      BAD_SUITE := $(shell bash common/scripts/suite_lines.sh $(SUITE) 2>&1 >/dev/null | head -n 1)
      ifneq ($(BAD_SUITE),)
        $(error $(BAD_SUITE))
      endif
    endif
    NO_GPU := $(shell bash common/scripts/need_gpu.sh make $(firstword $(filter $(GPU_GOALS),$(MAKECMDGOALS))) 2>&1 >/dev/null)
    ifneq ($(NO_GPU),)
      $(error $(NO_GPU))
    endif
  endif
endif

, := ,
# Machine code for every target, plus PTX of the newest one, which the driver compiles at load
# time on GPUs newer than the list (sm_100, sm_103, sm_110, sm_121, ...).
NEWEST_ARCH := $(shell echo $(ARCH) | tr ' ' '\n' | sort -n | tail -n 1)
GENCODE   := $(foreach a,$(ARCH),-gencode arch=compute_$(a),code=sm_$(a)) \
             $(if $(NEWEST_ARCH),-gencode arch=compute_$(NEWEST_ARCH)$(,)code=compute_$(NEWEST_ARCH))
# wgmma and setmaxnreg exist only in sm_90a, whose code runs on sm_90 alone: the steps whose
# main.c declares .target = "sm_90a" get it in place of plain sm_90 whenever 90 is a target
# (elsewhere they build a launcher that reports they need Hopper).
SM90A_STEPS := $(patsubst %/main.c,%,$(shell grep -l '\.target = "sm_90a"' $(ALL_STEPS:%=%/main.c) 2>/dev/null))
GENCODE_SM90A := $(subst arch=compute_90$(,)code=sm_90,arch=compute_90a$(,)code=sm_90a,$(GENCODE))
HOSTCC    := $(if $(CCBIN),-ccbin $(CCBIN))
NVCCFLAGS = -O3 -std=c++17 --threads 0 -Icommon/kernel -Icommon/harness $(if $(filter $*,$(SM90A_STEPS)),,$(GENCODE)) $(HOSTCC) -Xcompiler -Wall $(if $(VERBOSE),-Xptxas -v)
CFLAGS    := -std=c11 -O2 -Wall -Wextra -Werror -Wno-missing-field-initializers -Icommon/kernel -Icommon/harness -I$(CUDA_HOME)/include -MMD -MP
LDLIBS    := -lcublasLt -lcublas -ldl -lpthread

HARNESS_SRC := $(wildcard common/harness/*.c common/harness/*.cu common/kernel/*.c)
HARNESS_OBJ := $(patsubst %.cu,$(BUILD)/obj/%.o,$(HARNESS_SRC:%.c=$(BUILD)/obj/%.o))
BINARIES    := $(STEPS:%=$(BUILD)/%)

.PHONY: all run test sanitize sweep shapes calibrate results plots ncu conflicts diff clean help FORCE
.SECONDARY:
all: $(BINARIES) $(BUILD)/test_host $(BUILD)/check_gpu $(BUILD)/conflicts $(BUILD)/random_shapes $(BUILD)/stream_k_15 $(BUILD)/stream_k_16 $(BUILD)/stream_k_17 $(BUILD)/stream_k_18 $(BUILD)/hold_memory

# Rebuild the kernels whenever ARCH changes.
$(BUILD)/arch.txt: FORCE
	@mkdir -p $(@D)
	@echo '$(ARCH)' | cmp -s - $@ || echo '$(ARCH)' > $@

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -c $< -o $@

$(BUILD)/obj/common/%.o: common/%.cu $(BUILD)/arch.txt
	@mkdir -p $(@D)
	$(NVCC) $(NVCCFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/obj/%/kernel.o: %/kernel.cu $(BUILD)/arch.txt
	@mkdir -p $(@D)
	$(NVCC) $(NVCCFLAGS) $(if $(filter $*,$(SM90A_STEPS)),$(GENCODE_SM90A)) -MMD -MP -c $< -o $@

$(BUILD)/%: $(BUILD)/obj/%/main.o $(BUILD)/obj/%/kernel.o $(HARNESS_OBJ)
	$(NVCC) $(HOSTCC) --cudart $(CUDART) $^ -o $@ $(LDFLAGS) $(LDLIBS)

$(BUILD)/test_host: $(BUILD)/obj/tests/test_host.o $(BUILD)/obj/common/harness/numeric.o \
                    $(BUILD)/obj/common/harness/cli.o $(BUILD)/obj/common/harness/contract.o
	$(CC) $^ -o $@ -lm

# The harness's own checks, on the GPU (tests/run.sh runs it where there is one).
$(BUILD)/check_gpu: $(BUILD)/obj/tests/check_gpu.o $(HARNESS_OBJ)
	$(NVCC) $(HOSTCC) --cudart $(CUDART) $^ -o $@ $(LDFLAGS) $(LDLIBS)

$(BUILD)/conflicts: $(BUILD)/obj/common/scripts/conflicts.o
	$(CC) $^ -o $@

# SUITE=random's shapes, from SEED (common/scripts/random_shapes.c).
$(BUILD)/random_shapes: $(BUILD)/obj/common/scripts/random_shapes.o
	$(CC) $^ -o $@ -lm

# Runs a command with the GPU's memory held but a few MiB: the tests' failed allocation.
$(BUILD)/hold_memory: $(BUILD)/obj/tests/hold_memory.o
	$(NVCC) $(HOSTCC) --cudart $(CUDART) $^ -o $@ $(LDFLAGS) -ldl -lpthread

# The stream-K bookkeeping of 15-18 replayed on the host with their own schedule and walk.
$(BUILD)/stream_k_%: tests/stream_k_%.cu tests/stream_k_check.h $(HARNESS_OBJ) common/kernel/step_launch.cuh \
                     common/kernel/launch.h $(BUILD)/arch.txt
	$(NVCC) $(NVCCFLAGS) --cudart $(CUDART) tests/stream_k_$*.cu $(HARNESS_OBJ) -o $@ $(LDFLAGS) $(LDLIBS)
$(BUILD)/stream_k_15: 15_hgemm_stream_k/kernel.cu common/kernel/schedule.h
$(BUILD)/stream_k_16: 16_hgemm_fit/kernel.cu 16_hgemm_fit/fit.h common/kernel/schedule.h tests/fit_check.h
$(BUILD)/stream_k_17: 17_fp8_wgmma/fit.h common/kernel/schedule.h tests/fit_check.h
$(BUILD)/stream_k_18: 18_fp8_blockscale/fit.h common/kernel/schedule.h tests/fit_check.h

# The bank-conflict model of every shared-memory instruction (no GPU needed).
conflicts: $(BUILD)/conflicts
	@$(BUILD)/conflicts $(if $(STEP),$(STEP_NUMBERS))

# What the measuring scripts read from the environment.
MEASURE_ENV = BUILD=$(BUILD) ITERS=$(ITERS) WARMUP=$(WARMUP) WARMUP_MS=$(WARMUP_MS) FLUSH_L2=$(FLUSH_L2) $(if $(COMMIT),COMMIT=$(COMMIT)) \
              SEED=$(SEED) COUNT=$(COUNT)

run: all
	@$(MEASURE_ENV) bash common/scripts/ladder.sh $(SIZE) $(STEPS)

test: all
	@BUILD=$(BUILD) TEST_JOBS=$(TEST_JOBS) bash tests/run.sh $(STEPS)

sanitize: all
	@BUILD=$(BUILD) STAGES="$(STAGES)" bash tests/sanitize.sh $(STEPS)

sweep: all
	@$(MEASURE_ENV) SIZES="$(SIZES)" STAGES="$(STAGES)" STEP_OPTS="$(STEP_OPTS)" bash common/scripts/sweep.sh $(SWEEP_SET)

shapes: all
	@$(MEASURE_ENV) bash common/scripts/shapes.sh $(SUITE) $(SHAPE_SET)

# The cost model of the last fp16/bf16 step (or STEP) against every candidate forced in turn,
# over SUITE if given, else a random draw of COUNT shapes (8 unless given).
calibrate: all
	@$(MEASURE_ENV) COUNT=$(if $(filter command line,$(origin COUNT)),$(COUNT),8) CALIBRATE_CSV=$(CALIBRATE_CSV) \
	    bash common/scripts/calibrate.sh \
	    $(if $(filter command line,$(origin SUITE)),$(SUITE),random) $(lastword $(if $(STEP),$(STEPS),$(filter-out $(FP8_STEPS),$(ALL_STEPS))))

# results/<gpu>/ for the GPU here, e.g. results/nvidia-h200/ (common/scripts/results.sh).
results: all
	@$(MEASURE_ENV) SIZE=$(SIZE) SIZES="$(SIZES)" STEPS="$(STEPS)" SWEEP_SET="$(SWEEP_SET)" \
	    SHAPE_SET="$(SHAPE_SET)" bash common/scripts/results.sh

# PNG plots of results/<gpu>/ from its CSVs (matplotlib): GPU=nvidia-h200 works anywhere;
# without GPU= the folder of the GPU on this machine.
GPU_SLUG = $(BUILD)/$(firstword $(STEPS)) --info 2>/dev/null | sed -n 's/^GPU //p' | sed 's/ |.*//' | tr 'A-Z ' 'a-z-' | tr -cd 'a-z0-9-'
plots:
	@slug=$(if $(GPU),$(GPU),$$( ( $(GPU_SLUG) ) 2>/dev/null)); \
	[ -n "$$slug" ] || { echo "make plots: no GPU here to name the folder: say which, e.g. make plots GPU=nvidia-h200" >&2; exit 2; }; \
	python3 common/scripts/plot.py results/$$slug

ncu: all
	@$(MEASURE_ENV) STEP="$(STEP)" bash common/scripts/ncu.sh --results $(SIZE) $(STEPS)

# The lesson of step NN (each of a list): its kernel.cu and main.c against the step it builds on.
diff:
	@$(if $(STEP),for s in $(STEP_NUMBERS); do bash common/scripts/diff.sh $$s || exit; done,bash common/scripts/diff.sh)

clean:
	rm -rf $(BUILD)

help:
	@echo "targets (help, clean, conflicts, diff and plots need no CUDA toolkit):"
	@echo "  make [all]        build every step into BUILD/ (now $(BUILD)/, for ARCH=$(ARCH))"
	@echo "  make run          the ladder: every step against cuBLAS at SIZE^3, grouped by precision"
	@echo "  make test         host tests, argument checks; with a GPU, every step on the shape matrix"
	@echo "  make sanitize     compute-sanitizer memcheck, racecheck, synccheck over every step (and ring depth)"
	@echo "  make sweep        steps 07 on (or STEP) over SIZES (and each of STAGES): TFLOPS, ratio to cuBLAS, SM clock"
	@echo "  make shapes       the last step of each precision (or STEP) over the shape suite SUITE, against cuBLAS: geomean and worst"
	@echo "  make calibrate    the last fp16/bf16 step's cost model against each candidate forced (--tile), over SUITE or a random draw of 8 (STEP=17, 18: K tiles and lines beside the model, fix-ups fitted, then the pick)"
	@echo "  make results      results/<gpu>/: the ladder, the sweep, the three suites (llm, models, a random draw), plots, README.md"
	@echo "  make plots        the PNG plots of results/<gpu>/ from its CSVs (GPU=<gpu folder>; matplotlib)"
	@echo "  make ncu          Nsight Compute counters per step at SIZE^3 into results/<gpu>/ncu.md"
	@echo "  make conflicts    the bank-conflict model of every shared access of every step (or STEP)"
	@echo "  make diff STEP=NN what step NN (each of a list) changed against the step it builds on: the step"
	@echo "                    its kernel.cu's first line names (09 builds on 07), else NN-1"
	@echo "  make clean        remove BUILD/"
	@echo "  make help         this text"
	@echo "variables (make VAR=value ...; now):"
	@echo "  STEP=NN           only these steps, e.g. STEP=12 or STEP='12 13 14', for every target that runs"
	@echo "                    steps (unset: all steps; sweep 07 on, shapes the last of each precision: $(strip $(SHAPE_SET)))"
	@echo "  ARCH='80 90'      target compute capabilities ($(ARCH))"
	@echo "  BUILD             build folder ($(BUILD))"
	@echo "  SIZE              M = N = K of run, results and ncu ($(SIZE))"
	@echo "  SIZES             the sizes of sweep and results ($(SIZES))"
	@echo "  STAGES            ring depths for sweep and sanitize, e.g. '2 3 4' (each step's default)"
	@echo "  STEP_OPTS         more options for the steps of sweep, e.g. STEP=08 STEP_OPTS='--swizzle-stride 2048'"
	@echo "  SUITE             the shape suite of shapes: a file (shapes/llm.txt, shapes/models.txt) or random ($(SUITE))"
	@echo "  SEED, COUNT       SUITE=random's draw: its seed (unset: from the clock, and printed) and shapes ($(COUNT))"
	@echo "  ITERS, WARMUP     timed and warm-up runs per measurement ($(ITERS), $(WARMUP))"
	@echo "  WARMUP_MS         and lasts this many ms at least, so a GPU at its power limit settles ($(WARMUP_MS))"
	@echo "  FLUSH_L2=1        run, sweep and shapes overwrite the L2 before every timed run: operands from memory ($(FLUSH_L2))"
	@echo "  COMMIT            the commit results and ncu files name (git rev-parse --short HEAD)"
	@echo "  CALIBRATE_CSV     make calibrate also writes every candidate's time and model clocks at each shape there"
	@echo "  TEST_JOBS         GPU test processes at once in make test ($(TEST_JOBS))"
	@echo "  GPU               the results folder make plots reads, e.g. nvidia-h200 (this GPU's)"
	@echo "  CUDA_HOME, NVCC   the CUDA toolkit ($(CUDA_HOME)) and its nvcc"
	@echo "  CC, CCBIN         the C compiler ($(CC)) and nvcc's host compiler (-ccbin)"
	@echo "  CUDART            static or shared CUDA runtime ($(CUDART))"
	@echo "  LDFLAGS           more linker flags, e.g. -L\$$CONDA_PREFIX/lib"
	@echo "  VERBOSE=1         ptxas's register, shared-memory and spill report for every kernel"

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)
