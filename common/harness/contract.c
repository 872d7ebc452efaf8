#include "contract.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

const char *grid_error(const struct step *step, const struct launch_opts *launch, int m, int n, int k)
{
    static char msg[192];
    struct grid_dims g = step->grid(m, n, k, launch);
    const char *dim = g.x > INT_MAX ? "x" : g.y > 65535 ? "y" : g.z > 65535 ? "z" : NULL;
    if (!dim)
        return NULL;
    snprintf(msg, sizeof msg, "the launch would need a grid of %lld x %lld x %lld blocks; gridDim.%s is limited to %d",
             g.x, g.y, g.z, dim, dim[0] == 'x' ? INT_MAX : 65535);
    return msg;
}

const char *shape_error(const struct step *step, int ki, const struct launch_opts *launch, int m, int n, int k)
{
    static char msg[160];
    if (m % step->m_multiple || n % step->n_multiple || k % step->k_multiple) {
        if (step->m_multiple > 1)
            snprintf(msg, sizeof msg, "%s needs M a multiple of %d, N of %d and K of %d", step->name,
                     step->m_multiple, step->n_multiple, step->k_multiple);
        else
            snprintf(msg, sizeof msg, "%s needs N a multiple of %d and K of %d (any M)", step->name, step->n_multiple,
                     step->k_multiple);
        return msg;
    }
    /* The kernels index with 32-bit int offsets: every matrix must hold < 2^31 elements. */
    if ((long long)m * k > INT_MAX || (long long)k * n > INT_MAX || (long long)m * n > INT_MAX)
        return "M*K, K*N and M*N must each be below 2^31 elements (the kernels use 32-bit offsets)";
    const struct step_kernel *kern = &step->kernels[ki];
    const char *why = kern->check_shape ? kern->check_shape(launch, m, n, k) : NULL;
    return why ? why : grid_error(step, launch, m, n, k);
}

const char *selection_error(const struct step *step, unsigned kernel_mask, unsigned dtype_mask,
                            const struct launch_opts *launch, int m, int n, int k)
{
    for (int i = 0; i < step->num_kernels; i++) {
        if (!(kernel_mask & (1u << i)) || !(dtype_mask & (1u << step->kernels[i].dtype)))
            continue;
        const char *why = shape_error(step, i, launch, m, n, k);
        if (why)
            return why;
    }
    return NULL;
}

void kernel_label(const struct step *step, int ki, const struct launch_opts *launch, char *out, size_t size)
{
    int len = snprintf(out, size, "%s", step->kernels[ki].name);
    for (int i = 0; i < step->num_options && len >= 0 && (size_t)len < size; i++)
        if (step->options[i].name_suffix)
            len += snprintf(out + len, size - (size_t)len, step->options[i].name_suffix, launch->values[i]);
}

int arch_supported(const struct gpu_info *g, const struct step_arch *arch)
{
    int sm = g->sm_major * 10 + g->sm_minor;
    return sm >= arch->min_sm && (!arch->max_sm || sm <= arch->max_sm);
}

void require_arch(const struct gpu_info *g, const char *step_name, const struct step_arch *arch)
{
    int sm = g->sm_major * 10 + g->sm_minor;
    if (arch_supported(g, arch))
        return;
    if (arch->max_sm == arch->min_sm)
        fprintf(stderr, "cannot run: %s is sm_%d; %s needs an sm_%d GPU: %s\n", g->name, sm, step_name, arch->min_sm,
                arch->needs);
    else
        fprintf(stderr, "cannot run: %s is sm_%d; %s needs sm_%d or newer: %s\n", g->name, sm, step_name,
                arch->min_sm, arch->needs);
    exit(EXIT_CANNOT_RUN);
}

int ring_default(const struct step_option *o, int smem_per_block, int smem_per_sm)
{
    for (int v = o->max; v >= o->min; v--) /* blocks_per_sm blocks side by side */
        if (o->smem_bytes(v) <= smem_per_block &&
            (long long)o->blocks_per_sm * (o->smem_bytes(v) + SMEM_RESERVED_PER_BLOCK) <= smem_per_sm)
            return v;
    for (int v = o->max; v > o->min; v--) /* else the deepest one block can hold */
        if (o->smem_bytes(v) <= smem_per_block)
            return v;
    return o->min;
}

const char *ring_error(const struct step_option *o, int value, int smem_per_block)
{
    static char msg[160];
    int need = o->smem_bytes(value);
    if (need <= smem_per_block)
        return NULL;
    snprintf(msg, sizeof msg, "--%s %d needs %d bytes of shared memory per block, this GPU allows %d", o->name, value,
             need, smem_per_block);
    return msg;
}
