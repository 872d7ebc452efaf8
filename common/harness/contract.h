/* The step contract: what a step's declaration (harness.h) accepts and refuses -- shapes, grids,
 * architectures, ring depths -- and how its kernels are named in the ladder. */
#ifndef CONTRACT_H
#define CONTRACT_H

#include "gpu.h"
#include "harness.h"

#include <stddef.h>

/* NULL if kernel ki of the step takes m x n x k with these option values (its grid included),
 * else a static message. */
const char *shape_error(const struct step *step, int ki, const struct launch_opts *launch, int m, int n, int k);

/* NULL if every kernel the masks select (kernel_mask bit i: kernel i; dtype_mask bit t: dtype t)
 * takes m x n x k, else the first one's reason (shape_error). */
const char *selection_error(const struct step *step, unsigned kernel_mask, unsigned dtype_mask,
                            const struct launch_opts *launch, int m, int n, int k);

/* NULL if the grid of an m x n x k launch is within the hardware's limits (x < 2^31, y and z
 * <= 65535), else a static message. */
const char *grid_error(const struct step *step, const struct launch_opts *launch, int m, int n, int k);

/* The kernel's name in the ladder: its own, then each option's name_suffix with its value. */
void kernel_label(const struct step *step, int ki, const struct launch_opts *launch, char *out, size_t size);

/* Whether the GPU is within the step's architectures. */
int arch_supported(const struct gpu_info *info, const struct step_arch *arch);

/* Exits 3 with the reason when the GPU is outside the step's architectures. */
void require_arch(const struct gpu_info *info, const char *step_name, const struct step_arch *arch);

/* The shared memory the system keeps for each resident block, beside what it asks for. */
#define SMEM_RESERVED_PER_BLOCK 1024

/* For an option with smem_bytes: its default on a device whose blocks may ask for
 * smem_per_block bytes and whose SMs hold smem_per_sm (see struct step_option), and NULL or
 * why value does not fit (a static message naming the option and the bytes). */
int ring_default(const struct step_option *o, int smem_per_block, int smem_per_sm);
const char *ring_error(const struct step_option *o, int value, int smem_per_block);

#endif
