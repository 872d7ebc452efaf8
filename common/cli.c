#include "cli.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned step_dtypes(const struct step *step)
{
    unsigned mask = 0;
    for (int i = 0; i < step->num_kernels; i++)
        mask |= 1u << step->kernels[i].dtype;
    return mask;
}

/* Whether kernel i is the first one carrying its variant name (so the list has no repeats). */
static int first_of_variant(const struct step *step, int i)
{
    for (int j = 0; j < i; j++)
        if (strcmp(step->kernels[j].variant, step->kernels[i].variant) == 0)
            return 0;
    return 1;
}

/* "base|swizzle|x4|all" */
static void variant_choices(const struct step *step, char *out, size_t size)
{
    out[0] = '\0';
    for (int i = 0; i < step->num_kernels; i++)
        if (first_of_variant(step, i)) {
            strncat(out, step->kernels[i].variant, size - strlen(out) - 1);
            strncat(out, "|", size - strlen(out) - 1);
        }
    strncat(out, "all", size - strlen(out) - 1);
}

static void print_usage(const struct step *step)
{
    printf("usage: %s [--m M --n N --k K | --size S] [--dtype D] [--iters 20] [--warmup 5]\n"
           "       [--check | --no-check] [--seed S] [--flush-l2] [--csv] [--device D] [--info]\n",
           step->name);
    if (step->m_multiple > 1)
        printf("shape: %s C = A * B%s; M multiple of %d, N of %d, K of %d; M*K, K*N, M*N < 2^31\n",
               step->layout == LAYOUT_TN ? "TN" : "NN", step->layout == LAYOUT_TN ? "^T" : "", step->m_multiple,
               step->n_multiple, step->k_multiple);
    else
        printf("shape: %s C = A * B%s; any M, N multiple of %d, K of %d; M*K, K*N, M*N < 2^31\n",
               step->layout == LAYOUT_TN ? "TN" : "NN", step->layout == LAYOUT_TN ? "^T" : "", step->n_multiple,
               step->k_multiple);
    if (step->shape_note)
        printf("       %s\n", step->shape_note);
    if (step->grid_note)
        printf("grid: %s\n", step->grid_note);
    printf("needs: sm_%d%s (%s)\n", step->arch.min_sm, step->arch.max_sm ? " exactly" : " or newer", step->arch.needs);
    if (step->num_options || step->variant_option)
        printf("options of this step:\n");
    for (int i = 0; i < step->num_options; i++) {
        const struct step_option *o = &step->options[i];
        char range[48];
        snprintf(range, sizeof range, "%d..%d", o->min, o->max);
        if (o->smem_bytes && o->blocks_per_sm > 1)
            printf("  --%s %s: %s (default: the deepest with which %d blocks share an SM of this GPU, else the deepest one block holds)\n",
                   o->name, range, o->help, o->blocks_per_sm);
        else if (o->smem_bytes)
            printf("  --%s %s: %s (default: the deepest one block holds on this GPU)\n", o->name, range, o->help);
        else
            printf("  --%s %s: %s (default %d)\n", o->name, range, o->help, o->default_value);
    }
    if (step->variant_option) {
        char choices[128];
        variant_choices(step, choices, sizeof choices);
        printf("  --%s %s: %s (default all)\n", step->variant_option, choices, step->variant_help);
    }
    /* one DTYPE:VARIANT:NAME per kernel, for scripts (tests/run.sh checks each one reports) */
    printf("kernels:");
    for (int i = 0; i < step->num_kernels; i++)
        printf(" %s:%s:%s", dtype_name(step->kernels[i].dtype), step->variant_option ? step->kernels[i].variant : "-",
               step->kernels[i].name);
    printf("\n");
    printf("dtype: ");
    for (int t = 0, first = 1; t < NUM_DTYPES; t++)
        if (step_dtypes(step) & (1u << t)) {
            printf("%s%s", first ? "" : " ", dtype_name((enum dtype)t));
            first = 0;
        }
    printf(" (or all)\nexit: 0 ok, 1 wrong result, 2 bad argument, 3 cannot run here, 4 CUDA error\n");
}

static int fail(const char *what, const char *value, const char *accepted)
{
    fprintf(stderr, "error: %s '%s': %s\n", what, value, accepted);
    return 0;
}

/* A whole decimal integer in [lo, hi], or 0 with a message. */
static int parse_int(const char *opt, const char *s, long long lo, long long hi, long long *out)
{
    char msg[96];
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    snprintf(msg, sizeof msg, "expected an integer in [%lld, %lld]", lo, hi);
    if (s[0] == '\0' || *end != '\0' || errno == ERANGE || v < lo || v > hi)
        return fail(opt, s, msg);
    *out = v;
    return 1;
}

static int parse_dtype(const struct step *step, const char *s, unsigned *mask)
{
    enum dtype t;
    unsigned offered = step_dtypes(step);
    if (strcmp(s, "all") == 0) {
        *mask = offered;
        return 1;
    }
    if (dtype_from_name(s, &t) && (offered & (1u << t))) {
        *mask = 1u << t;
        return 1;
    }
    char accepted[64] = "this step offers:";
    for (int i = 0; i < NUM_DTYPES; i++)
        if (offered & (1u << i)) {
            strcat(accepted, " ");
            strcat(accepted, dtype_name((enum dtype)i));
        }
    strcat(accepted, ", all");
    return fail("--dtype", s, accepted);
}

static int parse_variant(const struct step *step, const char *opt, const char *s, unsigned *mask)
{
    unsigned m = 0;
    for (int i = 0; i < step->num_kernels; i++)
        if (!strcmp(s, "all") || !strcmp(s, step->kernels[i].variant))
            m |= 1u << i;
    if (m) {
        *mask = m;
        return 1;
    }
    char choices[128], accepted[160];
    variant_choices(step, choices, sizeof choices);
    snprintf(accepted, sizeof accepted, "expected one of %s", choices);
    return fail(opt, s, accepted);
}

static int parse_step_option(const struct step_option *o, const char *opt, const char *s, int *value)
{
    long long v;
    if (!parse_int(opt, s, o->min, o->max, &v))
        return 0;
    if (o->multiple_of && v % o->multiple_of) {
        char msg[64];
        snprintf(msg, sizeof msg, "must be a multiple of %d", o->multiple_of);
        return fail(opt, s, msg);
    }
    *value = (int)v;
    return 1;
}

/* The hardware's limits on a grid: x < 2^31, y and z <= 65535. */
static const char *grid_error(const struct step *step, const struct launch_opts *launch, int m, int n, int k)
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

void kernel_label(const struct step *step, int ki, const struct launch_opts *launch, char *out, size_t size)
{
    int len = snprintf(out, size, "%s", step->kernels[ki].name);
    for (int i = 0; i < step->num_options && len >= 0 && (size_t)len < size; i++)
        if (step->options[i].name_suffix)
            len += snprintf(out + len, size - (size_t)len, step->options[i].name_suffix, launch->values[i]);
}

enum parse_result parse_options(const struct step *step, int argc, char **argv, struct options *opt)
{
    long long v;
    int size = 0;
    *opt = (struct options){
        .m = 0, .n = 0, .k = 0, .dtype_mask = step_dtypes(step), .kernel_mask = (1u << step->num_kernels) - 1,
        .iters = 20, .warmup = 5, .check = 1, .seed = 2024, .csv = 0, .device = 0,
    };
    opt->launch.num_values = step->num_options;
    for (int i = 0; i < step->num_options; i++) {
        opt->launch.names[i] = step->options[i].name;
        opt->launch.values[i] = step->options[i].default_value;
    }
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;
        int ok = 1, takes_value = 1, known = 0;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            print_usage(step);
            return PARSE_HELP;
        } else if (!strcmp(a, "--check") || !strcmp(a, "--no-check")) {
            opt->check = !strcmp(a, "--check");
            takes_value = 0;
        } else if (!strcmp(a, "--flush-l2")) {
            opt->flush_l2 = 1;
            takes_value = 0;
        } else if (!strcmp(a, "--csv")) {
            opt->csv = 1;
            takes_value = 0;
        } else if (!strcmp(a, "--info")) {
            opt->info = 1;
            takes_value = 0;
        } else if (!val) {
            fprintf(stderr, "error: '%s' is not an option of %s, or lacks its value (see --help)\n", a, step->name);
            return PARSE_ERROR;
        } else if (!strcmp(a, "--m") || !strcmp(a, "--n") || !strcmp(a, "--k") || !strcmp(a, "--size")) {
            ok = parse_int(a, val, 1, INT_MAX, &v);
            if (ok && a[2] == 'm') opt->m = (int)v;
            if (ok && a[2] == 'n') opt->n = (int)v;
            if (ok && a[2] == 'k') opt->k = (int)v;
            if (ok && a[2] == 's') size = (int)v;
        } else if (!strcmp(a, "--dtype")) {
            ok = parse_dtype(step, val, &opt->dtype_mask);
        } else if (!strcmp(a, "--iters")) {
            ok = parse_int(a, val, 1, 100000, &v);
            opt->iters = (int)v;
        } else if (!strcmp(a, "--warmup")) {
            ok = parse_int(a, val, 0, 100000, &v);
            opt->warmup = (int)v;
        } else if (!strcmp(a, "--seed")) {
            ok = parse_int(a, val, 0, LLONG_MAX, &v);
            opt->seed = (unsigned long long)v;
        } else if (!strcmp(a, "--device")) {
            ok = parse_int(a, val, 0, 63, &v);
            opt->device = (int)v;
        } else if (step->variant_option && !strncmp(a, "--", 2) && !strcmp(a + 2, step->variant_option)) {
            ok = parse_variant(step, a, val, &opt->kernel_mask);
        } else {
            for (int o = 0; o < step->num_options && !known; o++)
                if (!strncmp(a, "--", 2) && !strcmp(a + 2, step->options[o].name)) {
                    known = 1;
                    ok = parse_step_option(&step->options[o], a, val, &opt->launch.values[o]);
                    opt->given[o] = 1;
                }
            if (!known) {
                fprintf(stderr, "error: '%s' is not an option of %s (see --help)\n", a, step->name);
                return PARSE_ERROR;
            }
        }
        if (!ok)
            return PARSE_ERROR;
        i += takes_value;
    }
    if (size && (opt->m || opt->n || opt->k)) {
        fprintf(stderr, "error: give either --size or --m/--n/--k, not both\n");
        return PARSE_ERROR;
    }
    if (size)
        opt->m = opt->n = opt->k = size;
    if (!size && !opt->m && !opt->n && !opt->k)
        opt->m = opt->n = opt->k = 4096;
    if (!opt->m || !opt->n || !opt->k) {
        fprintf(stderr, "error: --m, --n and --k go together (or use --size)\n");
        return PARSE_ERROR;
    }
    for (int i = 0; i < step->num_kernels; i++) {
        if (!(opt->kernel_mask & (1u << i)) || !(opt->dtype_mask & (1u << step->kernels[i].dtype)))
            continue;
        const char *why = shape_error(step, i, &opt->launch, opt->m, opt->n, opt->k);
        if (why) {
            fprintf(stderr, "error: shape %dx%dx%d rejected: %s\n", opt->m, opt->n, opt->k, why);
            return PARSE_ERROR;
        }
    }
    return PARSE_OK;
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
