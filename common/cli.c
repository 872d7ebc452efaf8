#include "cli.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *variant_names[NUM_VARIANTS] = {"base", "swizzle", "x4"};

static unsigned step_dtypes(const struct step *step)
{
    unsigned mask = 0;
    for (int i = 0; i < step->num_kernels; i++)
        mask |= 1u << step->kernels[i].dtype;
    return mask;
}

static void print_usage(const struct step *step)
{
    printf("usage: %s [--m M --n N --k K | --size S] [--dtype D] [--iters 20] [--warmup 5]\n"
           "       [--check | --no-check] [--seed S] [--flush-l2] [--csv] [--device D] [--info]\n",
           step->name);
    if (step->has_tn_options)
        printf("       [--stages 2..5] [--variant base|swizzle|x4|all] [--swizzle-stride %d]\n",
               TN_DEFAULT_SWIZZLE_STRIDE);
    printf("shape: %s C = A * B%s; M multiple of %d, N of %d, K of %d; M*K, K*N, M*N < 2^31\n",
           step->layout == LAYOUT_TN ? "TN" : "NN", step->layout == LAYOUT_TN ? "^T" : "",
           step->tile_m, step->tile_n, step->tile_k);
    printf("kernel: %s\n", step->kernels[0].name);
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

static int parse_variant(const char *s, unsigned *mask)
{
    if (strcmp(s, "all") == 0) {
        *mask = (1u << NUM_VARIANTS) - 1;
        return 1;
    }
    for (int i = 0; i < NUM_VARIANTS; i++)
        if (strcmp(s, variant_names[i]) == 0) {
            *mask = 1u << i;
            return 1;
        }
    return fail("--variant", s, "expected base, swizzle, x4 or all");
}

const char *shape_error(const struct step *step, const struct launch_opts *launch, int m, int n, int k)
{
    static char msg[160];
    if (m % step->tile_m || n % step->tile_n || k % step->tile_k) {
        snprintf(msg, sizeof msg, "%s needs M a multiple of %d, N of %d and K of %d", step->name,
                 step->tile_m, step->tile_n, step->tile_k);
        return msg;
    }
    /* The kernels index with 32-bit int offsets: every matrix must hold < 2^31 elements. */
    if ((long long)m * k > INT_MAX || (long long)k * n > INT_MAX || (long long)m * n > INT_MAX)
        return "M*K, K*N and M*N must each be below 2^31 elements (the kernels use 32-bit offsets)";
    if (m / step->tile_m > 65535)
        return "M / tile must not exceed 65535 (the grid's y dimension)";
    return step->check_shape ? step->check_shape(launch, m, n, k) : NULL;
}

enum parse_result parse_options(const struct step *step, int argc, char **argv, struct options *opt)
{
    long long v;
    int size = 0;
    *opt = (struct options){
        .m = 0, .n = 0, .k = 0, .dtype_mask = step_dtypes(step), .variant_mask = (1u << NUM_VARIANTS) - 1,
        .iters = 20, .warmup = 5, .check = 1, .seed = 2024, .csv = 0, .device = 0,
        .launch = {.stages = 2, .variant = VARIANT_BASE, .swizzle_stride = TN_DEFAULT_SWIZZLE_STRIDE},
    };
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;
        int ok = 1, takes_value = 1;
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
        } else if (step->has_tn_options && !strcmp(a, "--stages")) {
            ok = parse_int(a, val, 2, 5, &v);
            opt->launch.stages = (int)v;
        } else if (step->has_tn_options && !strcmp(a, "--variant")) {
            ok = parse_variant(val, &opt->variant_mask);
        } else if (step->has_tn_options && !strcmp(a, "--swizzle-stride")) {
            ok = parse_int(a, val, 1, INT_MAX, &v);
            opt->launch.swizzle_stride = (int)v;
            if (ok && v % step->tile_n)
                ok = fail(a, val, "must be a multiple of the 128-column block tile");
        } else {
            fprintf(stderr, "error: '%s' is not an option of %s (see --help)\n", a, step->name);
            return PARSE_ERROR;
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
    for (int v = 0; v < NUM_VARIANTS; v++) {
        if (!(opt->variant_mask & (1u << v)))
            continue;
        struct launch_opts launch = opt->launch;
        launch.variant = v;
        const char *why = shape_error(step, &launch, opt->m, opt->n, opt->k);
        if (why) {
            fprintf(stderr, "error: shape %dx%dx%d rejected: %s\n", opt->m, opt->n, opt->k, why);
            return PARSE_ERROR;
        }
    }
    return PARSE_OK;
}

const char *variant_name(int v) { return variant_names[v]; }
