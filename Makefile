# One entry point for the ladder. `make help` lists the targets and variables.

CUDA_HOME ?= $(patsubst %/bin/nvcc,%,$(shell command -v nvcc 2>/dev/null || echo /usr/local/cuda/bin/nvcc))
NVCC      ?= $(CUDA_HOME)/bin/nvcc
CC        ?= gcc
CUDART    ?= static
CCBIN     ?=
LDFLAGS   ?=
BUILD     ?= build
SIZE      ?= 4096
SIZES     ?= 2048 4096 8192 12288 16384
STAGES    ?=
STEP_OPTS ?=
SWEEP_STEPS ?= $(filter-out 01_% 02_% 03_% 04_% 05_% 06_%,$(ALL_STEPS))

# Goals that compile nothing with nvcc, and so work without a CUDA toolkit.
NO_NVCC_GOALS := help clean conflicts diff plots
NEEDS_NVCC := $(filter-out $(NO_NVCC_GOALS),$(or $(MAKECMDGOALS),all))

# Targets every step is built for. With no ARCH given: the visible GPU's compute capability, or,
# with no GPU, every architecture of the ladder that this nvcc knows (a fat binary).
LADDER_ARCHS   := 80 86 89 90 120
NVCC_ARCHS     := $(patsubst compute_%,%,$(shell $(NVCC) --list-gpu-arch 2>/dev/null))
SUPPORTED_ARCHS := $(filter-out 50 52 53 60 61 62 70 72 75,$(NVCC_ARCHS))
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
  ifneq ($(filter-out $(SUPPORTED_ARCHS),$(ARCH)),)
    $(error ARCH=$(ARCH) is not supported: this nvcc builds $(SUPPORTED_ARCHS) (the steps need sm_80 or newer))
  endif
endif

ALL_STEPS := $(patsubst %/,%,$(sort $(dir $(wildcard [0-9][0-9]_*/kernel.cu))))
STEPS     := $(if $(STEP),$(filter $(STEP)_%,$(ALL_STEPS)),$(ALL_STEPS))
ifeq ($(strip $(STEPS)),)
  $(error STEP=$(STEP) matches no step folder; steps are: $(ALL_STEPS))
endif

, := ,
# Machine code for every target, plus PTX of the newest one, which the driver compiles at load
# time on GPUs newer than the list (sm_100, sm_103, sm_110, sm_121, ...).
NEWEST_ARCH := $(shell echo $(ARCH) | tr ' ' '\n' | sort -n | tail -n 1)
GENCODE   := $(foreach a,$(ARCH),-gencode arch=compute_$(a),code=sm_$(a)) \
             $(if $(NEWEST_ARCH),-gencode arch=compute_$(NEWEST_ARCH)$(,)code=compute_$(NEWEST_ARCH))
# wgmma and setmaxnreg exist only in sm_90a, whose code runs on sm_90 alone: the Hopper steps
# get it in place of plain sm_90 whenever 90 is a target (elsewhere they build a launcher that
# reports they need Hopper).
SM90A_STEPS := $(filter 10_% 11_% 12_%,$(ALL_STEPS))
GENCODE_SM90A := $(subst arch=compute_90$(,)code=sm_90,arch=compute_90a$(,)code=sm_90a,$(GENCODE))
HOSTCC    := $(if $(CCBIN),-ccbin $(CCBIN))
NVCCFLAGS = -O3 -std=c++17 --threads 0 -Icommon $(if $(filter $*,$(SM90A_STEPS)),,$(GENCODE)) $(HOSTCC) -Xcompiler -Wall $(if $(VERBOSE),-Xptxas -v)
CFLAGS    := -std=c11 -O2 -Wall -Wextra -Werror -Wno-missing-field-initializers -Icommon -I$(CUDA_HOME)/include -MMD -MP
LDLIBS    := -lcublas -ldl

HARNESS_SRC := $(wildcard common/*.c) $(wildcard common/*.cu)
HARNESS_OBJ := $(patsubst %.cu,$(BUILD)/obj/%.o,$(HARNESS_SRC:%.c=$(BUILD)/obj/%.o))
BINARIES    := $(STEPS:%=$(BUILD)/%)

.PHONY: all run test sanitize sweep results plots ncu conflicts diff clean help FORCE
.SECONDARY:
all: $(BINARIES) $(BUILD)/test_host $(BUILD)/conflicts

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

$(BUILD)/test_host: $(BUILD)/obj/tests/test_host.o $(BUILD)/obj/common/numeric.o $(BUILD)/obj/common/verify.o \
                    $(BUILD)/obj/common/cli.o
	$(CC) $^ -o $@ -lm

$(BUILD)/conflicts: $(BUILD)/obj/tests/conflicts.o
	$(CC) $^ -o $@

# The bank-conflict model of every shared-memory instruction (no GPU needed).
conflicts: $(BUILD)/conflicts
	@$(BUILD)/conflicts

run: all
	@BUILD=$(BUILD) bash common/ladder.sh $(SIZE) $(STEPS)

test: all
	@BUILD=$(BUILD) bash tests/run.sh $(STEPS)

sanitize: all
	@BUILD=$(BUILD) bash tests/sanitize.sh $(STEPS)

sweep: all
	@BUILD=$(BUILD) SIZES="$(SIZES)" STAGES="$(STAGES)" STEP_OPTS="$(STEP_OPTS)" bash common/sweep.sh $(STEPS)

# results/<gpu>/: the ladder (every step at SIZE^3) and the sweep of SWEEP_STEPS over SIZES,
# then the README's ladder block from ladder.md. The folder is named after the GPU, e.g.
# results/nvidia-h200; with no GPU there is nothing to measure: one line and exit 3.
GPU_SLUG = $(BUILD)/$(firstword $(STEPS)) --info | sed 's/^GPU //; s/ |.*//' | tr 'A-Z ' 'a-z-' | tr -cd 'a-z0-9-'
results: all
	@dir=results/$$($(GPU_SLUG)) && [ "$$dir" != results/ ] || { $(BUILD)/$(firstword $(STEPS)) --info >/dev/null; echo "make results: no GPU to measure here (see the line above)" >&2; exit 3; }; \
	BUILD=$(BUILD) bash common/ladder.sh --results $$dir $(SIZE) $(STEPS) && \
	BUILD=$(BUILD) SIZES="$(SIZES)" STAGES="$(STAGES)" bash common/sweep.sh --results $$dir $(SWEEP_STEPS) && \
	bash common/readme_ladder.sh --write $$dir/ladder.md README.md && \
	{ python3 results/plot.py $$dir || true; }

# PNG plots of results/<gpu>/ from its CSVs (matplotlib): GPU=nvidia-h200 works anywhere;
# without GPU= the folder of the GPU on this machine.
plots:
	@python3 results/plot.py results/$(if $(GPU),$(GPU),$$( ( $(GPU_SLUG) ) 2>/dev/null))

ncu: all
	@dir=results/$$($(GPU_SLUG)) && [ "$$dir" != results/ ] || { echo "make ncu: no GPU to measure here" >&2; exit 3; }; \
	BUILD=$(BUILD) STEP=$(STEP) bash common/ncu.sh --results $$dir $(SIZE) $(STEPS)

# The lesson of step NN: its kernel.cu and main.c against step NN-1.
diff:
	@bash common/diff.sh $(STEP)

clean:
	rm -rf $(BUILD)

help:
	@echo "make [all]        build every step into $(BUILD)/ (ARCH=$(ARCH))"
	@echo "make run          the TFLOPS ladder against cuBLAS at SIZE^3 (SIZE=$(SIZE))"
	@echo "make test         host tests, then every step on the shape matrix when a GPU is present"
	@echo "make sanitize     compute-sanitizer memcheck, racecheck, synccheck over every step"
	@echo "make sweep        each step over SIZES (and STAGES for steps with --stages): TFLOPS, ratio to cuBLAS, SM clock"
	@echo "make results      write results/<gpu>/ (ladder.csv/md, sweep.csv of SWEEP_STEPS) from this GPU"
	@echo "make plots        ladder.png and sweep.png from results/<gpu>/ CSVs (GPU=nvidia-h200; matplotlib)"
	@echo "make ncu          Nsight Compute counters per step into results/<gpu>/ncu.md"
	@echo "make conflicts    bank-conflict model of every shared access of every step (no GPU)"
	@echo "make diff STEP=NN what step NN changed against step NN-1"
	@echo "variables: STEP=NN ARCH='80 90' CUDA_HOME NVCC CC CCBIN (nvcc's host compiler) LDFLAGS"
	@echo "           CUDART=static|shared VERBOSE=1 (ptxas register/spill report) SIZE SIZES STAGES"
	@echo "           STEP_OPTS (make sweep: extra options for the steps, e.g. STEP=08 STEP_OPTS='--swizzle-stride 2048')"

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)
