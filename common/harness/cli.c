#include "cli.h"

#include "contract.h"

#include <ctype.h>
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

/* "fp16 bf16" */
static void dtype_list(const struct step *step, char *out, size_t size)
{
    out[0] = '\0';
    for (int t = 0; t < NUM_DTYPES; t++)
        if (step_dtypes(step) & (1u << t)) {
            if (out[0])
                strncat(out, " ", size - strlen(out) - 1);
            strncat(out, dtype_name((enum dtype)t), size - strlen(out) - 1);
        }
}

/* The largest M (dim 0) or N (dim 1) whose grid fits the hardware's limits, the other dimensions
 * at their smallest; 0 when the grid never binds before the 2^31-element limit. The grids grow
 * with M and N. */
static long long grid_limit(const struct step *step, const struct launch_opts *launch, int dim)
{
    int m = step->m_multiple, n = step->n_multiple, k = step->k_multiple, mult = dim ? n : m;
    int other = dim ? m : n, widest = other > k ? other : k; /* M*K, K*N, M*N < 2^31 */
    long long lo = mult, hi = INT_MAX / widest / mult * mult;
    if (!grid_error(step, launch, dim ? m : (int)hi, dim ? (int)hi : n, k))
        return 0;
    while (hi - lo > mult) { /* lo fits, hi does not */
        long long mid = lo + (hi - lo) / 2 / mult * mult;
        if (mid == lo)
            mid += mult;
        int fits = !grid_error(step, launch, dim ? m : (int)mid, dim ? (int)mid : n, k);
        *(fits ? &lo : &hi) = mid;
    }
    return lo;
}

static int option_max(const struct step_option *o) { return o->max_of ? o->max_of() : o->max; }

static void print_usage(const struct step *step, const struct launch_opts *launch)
{
    char dtypes[32];
    dtype_list(step, dtypes, sizeof dtypes);
    printf("usage: %s [options]   (each value as --opt VALUE or --opt=VALUE)\n"
           "  --m M --n N --k K   the shape (default %d each); or --size S for M = N = K = S\n"
           "  --shapes FILE       every \"M N K\" line of FILE (# comments), one after another in this process\n"
           "  --dtype D           %s or all (default all)\n"
           "  --iters N           timed runs of the kernel and of cuBLAS, 1..100000 (default %d)\n"
           "  --warmup N          untimed runs of each first, 0..100000 (default %d)\n"
           "  --warmup-ms T       and more until T ms have passed, 0..60000 (default 0): a GPU at its power\n"
           "                      limit settles to its clock over a few hundred ms of load\n"
           "  --check, --no-check compare with cuBLAS and an fp64 reference (default --check)\n"
           "  --seed S            seed of the random inputs, 0..%lld (default %d)\n"
           "  --flush-l2          overwrite the L2 cache before every timed run\n"
           "  --csv               CSV rows instead of the table\n"
           "  --device D          the GPU to run on, 0..63 (default 0)\n"
           "  --info              print the GPU line (and the step's schedule at the shape, if it has one) and exit;\n"
           "                      with no GPU, the schedule an H200 would get, and exit 3\n",
           step->name, DEFAULT_SIZE, dtypes, DEFAULT_ITERS, DEFAULT_WARMUP, LLONG_MAX, DEFAULT_SEED);
    if (step->num_options || step->variant_option)
        printf("options of this step:\n");
    for (int i = 0; i < step->num_options; i++) {
        const struct step_option *o = &step->options[i];
        char range[48], multiple[40] = "";
        snprintf(range, sizeof range, "%d..%d", o->min, option_max(o));
        if (o->multiple_of)
            snprintf(multiple, sizeof multiple, ", a multiple of %d", o->multiple_of);
        if (o->smem_bytes && o->blocks_per_sm > 1)
            printf("  --%s %s: %s (default: the deepest with which %d blocks share an SM of this GPU, else the deepest one block holds)\n",
                   o->name, range, o->help, o->blocks_per_sm);
        else if (o->smem_bytes)
            printf("  --%s %s: %s (default: the deepest one block holds on this GPU)\n", o->name, range, o->help);
        else
            printf("  --%s %s: %s%s (default %d)\n", o->name, range, o->help, multiple, o->default_value);
    }
    if (step->list_tiles)
        printf("  --list-tiles        print the candidate tiles the step chooses among (--tile N) and exit\n");
    if (step->variant_option) {
        char choices[128];
        variant_choices(step, choices, sizeof choices);
        printf("  --%s %s: %s (default all)\n", step->variant_option, choices, step->variant_help);
    }
    const char *layout = step->layout == LAYOUT_TN ? "TN" : "NN", *bt = step->layout == LAYOUT_TN ? "^T" : "";
    if (step->m_multiple > 1)
        printf("shape: %s C = A * B%s; M multiple of %d, N of %d, K of %d; M*K, K*N, M*N < 2^31\n", layout, bt,
               step->m_multiple, step->n_multiple, step->k_multiple);
    else
        printf("shape: %s C = A * B%s; any M, N multiple of %d, K of %d; M*K, K*N, M*N < 2^31\n", layout, bt,
               step->n_multiple, step->k_multiple);
    if (step->shape_note)
        printf("       %s\n", step->shape_note);
    long long max_m = grid_limit(step, launch, 0), max_n = grid_limit(step, launch, 1);
    if (max_m || max_n) {
        printf("       grid limits (gridDim.x < 2^31, y and z <= 65535):");
        if (max_m)
            printf(" M <= %lld", max_m);
        if (max_n)
            printf("%s N <= %lld%s", max_m ? "," : "", max_n, step->num_options ? " at the default options" : "");
        printf("\n");
    }
    if (step->grid_note)
        printf("grid: %s\n", step->grid_note);
    printf("needs: sm_%d%s (%s)\n", step->arch.min_sm, step->arch.max_sm ? " exactly" : " or newer", step->arch.needs);
    /* one DTYPE:VARIANT:NAME per kernel, for scripts (tests/run.sh checks each one reports) */
    printf("kernels:");
    for (int i = 0; i < step->num_kernels; i++)
        printf(" %s:%s:%s", dtype_name(step->kernels[i].dtype), step->variant_option ? step->kernels[i].variant : "-",
               step->kernels[i].name);
    printf("\ndtype: %s (or all)\nexit: " EXIT_CODES_HELP "\n", dtypes);
}

/* The value as one printable line: control characters escaped, long values cut. */
static const char *shown(const char *s)
{
    static char out[96];
    size_t n = 0;
    for (; *s && n + 5 < sizeof out; s++) {
        unsigned char c = (unsigned char)*s;
        if (isprint(c))
            out[n++] = (char)c;
        else
            n += (size_t)snprintf(out + n, sizeof out - n, c == '\n' ? "\\n" : c == '\t' ? "\\t" : "\\x%02x", c);
    }
    if (*s)
        n += (size_t)snprintf(out + n, sizeof out - n, "...");
    out[n] = '\0';
    return out;
}

static int fail(const char *what, const char *value, const char *accepted)
{
    fprintf(stderr, "error: %s '%s': %s\n", what, shown(value), accepted);
    return 0;
}

int parse_int(const char *opt, const char *s, long long lo, long long hi, long long *out)
{
    char msg[96];
    snprintf(msg, sizeof msg, "expected a whole number in %lld..%lld", lo, hi);
    const char *digits = s[0] == '-' && lo < 0 ? s + 1 : s;
    int ok = digits[0] != '\0';
    for (const char *p = digits; *p; p++)
        ok &= *p >= '0' && *p <= '9';
    if (!ok)
        return fail(opt, s, msg);
    errno = 0;
    long long v = strtoll(s, NULL, 10);
    if (errno == ERANGE || v < lo || v > hi)
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
    char list[32], accepted[64];
    dtype_list(step, list, sizeof list);
    snprintf(accepted, sizeof accepted, "this step offers: %s, all", list);
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
    if (!parse_int(opt, s, o->min, option_max(o), &v))
        return 0;
    if (o->multiple_of && v % o->multiple_of) {
        char msg[64];
        snprintf(msg, sizeof msg, "must be a multiple of %d", o->multiple_of);
        return fail(opt, s, msg);
    }
    *value = (int)v;
    return 1;
}

/* The options that take no value. */
static const char *const flags[] = {"--help", "-h", "--check", "--no-check", "--flush-l2", "--csv", "--info"};

static int is_flag(const struct step *step, const char *name)
{
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
        if (!strcmp(name, flags[i]))
            return 1;
    return step->list_tiles && !strcmp(name, "--list-tiles");
}

/* The step option (or -1) called name ("--stages"). */
static int step_option_index(const struct step *step, const char *name)
{
    for (int o = 0; o < step->num_options; o++)
        if (!strncmp(name, "--", 2) && !strcmp(name + 2, step->options[o].name))
            return o;
    return -1;
}

static int takes_value(const struct step *step, const char *name)
{
    static const char *const common[] = {"--m",     "--n",      "--k",         "--size", "--dtype",
                                         "--iters", "--warmup", "--warmup-ms", "--seed", "--device", "--shapes"};
    for (size_t i = 0; i < sizeof common / sizeof common[0]; i++)
        if (!strcmp(name, common[i]))
            return 1;
    if (step->variant_option && !strncmp(name, "--", 2) && !strcmp(name + 2, step->variant_option))
        return 1;
    return step_option_index(step, name) >= 0;
}

enum parse_result parse_options(const struct step *step, int argc, char **argv, struct options *opt)
{
    long long v;
    int size = 0;
    *opt = (struct options){
        .dtype_mask = step_dtypes(step), .kernel_mask = (1u << step->num_kernels) - 1, .iters = DEFAULT_ITERS,
        .warmup = DEFAULT_WARMUP, .check = 1, .seed = DEFAULT_SEED,
    };
    opt->launch.num_values = step->num_options;
    for (int i = 0; i < step->num_options; i++) {
        opt->launch.names[i] = step->options[i].name;
        opt->launch.values[i] = step->options[i].default_value;
    }
    for (int i = 1; i < argc; i++) {
        char name[64];
        const char *a = argv[i], *eq = strncmp(a, "--", 2) ? NULL : strchr(a, '='), *val = NULL;
        snprintf(name, sizeof name, "%.*s", eq ? (int)(eq - a) : (int)strlen(a), a);
        if (is_flag(step, name)) {
            if (eq) {
                fprintf(stderr, "error: %s takes no value\n", name);
                return PARSE_ERROR;
            }
        } else if (takes_value(step, name)) {
            val = eq ? eq + 1 : i + 1 < argc && strncmp(argv[i + 1], "--", 2) ? argv[++i] : NULL;
            if (!val || !val[0]) {
                fprintf(stderr, "error: %s needs a value (see --help)\n", name);
                return PARSE_ERROR;
            }
        } else {
            fprintf(stderr, "error: '%s' is not an option of %s (see --help)\n", shown(name), step->name);
            return PARSE_ERROR;
        }
        int ok = 1, o;
        if (!strcmp(name, "--help") || !strcmp(name, "-h")) {
            print_usage(step, &opt->launch);
            return PARSE_HELP;
        } else if (!strcmp(name, "--list-tiles")) {
            char text[16384];
            step->list_tiles(text, sizeof text);
            fputs(text, stdout);
            return PARSE_HELP;
        } else if (!strcmp(name, "--check") || !strcmp(name, "--no-check")) {
            opt->check = !strcmp(name, "--check");
        } else if (!strcmp(name, "--flush-l2")) {
            opt->flush_l2 = 1;
        } else if (!strcmp(name, "--csv")) {
            opt->csv = 1;
        } else if (!strcmp(name, "--info")) {
            opt->info = 1;
        } else if (!strcmp(name, "--m") || !strcmp(name, "--n") || !strcmp(name, "--k") || !strcmp(name, "--size")) {
            ok = parse_int(name, val, 1, INT_MAX, &v);
            int *dim = name[2] == 'm' ? &opt->m : name[2] == 'n' ? &opt->n : name[2] == 'k' ? &opt->k : &size;
            if (ok)
                *dim = (int)v;
        } else if (!strcmp(name, "--shapes")) {
            opt->shapes = val;
        } else if (!strcmp(name, "--dtype")) {
            ok = parse_dtype(step, val, &opt->dtype_mask);
        } else if (!strcmp(name, "--iters")) {
            ok = parse_int(name, val, 1, 100000, &v);
            opt->iters = (int)v;
        } else if (!strcmp(name, "--warmup")) {
            ok = parse_int(name, val, 0, 100000, &v);
            opt->warmup = (int)v;
        } else if (!strcmp(name, "--warmup-ms")) {
            ok = parse_int(name, val, 0, 60000, &v);
            opt->warmup_ms = (int)v;
        } else if (!strcmp(name, "--seed")) {
            ok = parse_int(name, val, 0, LLONG_MAX, &v);
            opt->seed = (unsigned long long)v;
        } else if (!strcmp(name, "--device")) {
            ok = parse_int(name, val, 0, 63, &v);
            opt->device = (int)v;
        } else if ((o = step_option_index(step, name)) >= 0) {
            ok = parse_step_option(&step->options[o], name, val, &opt->launch.values[o]);
            opt->given[o] = 1;
        } else {
            ok = parse_variant(step, name, val, &opt->kernel_mask);
        }
        if (!ok)
            return PARSE_ERROR;
    }
    if (opt->shapes && (size || opt->m || opt->n || opt->k)) {
        fprintf(stderr, "error: give either --shapes or a shape (--m/--n/--k or --size), not both\n");
        return PARSE_ERROR;
    }
    if (opt->shapes && opt->info) {
        fprintf(stderr, "error: --info prints the schedule of one shape: give --m/--n/--k, not --shapes\n");
        return PARSE_ERROR;
    }
    if (opt->shapes) { /* each line is checked as it comes (run_step.c); a suite of none is an error now */
        FILE *f = fopen(opt->shapes, "r");
        if (!f) {
            fprintf(stderr, "error: --shapes %s: no such file, or it cannot be read\n", shown(opt->shapes));
            return PARSE_ERROR;
        }
        char text[512];
        int lines = 0;
        while (!lines && fgets(text, sizeof text, f)) {
            text[strcspn(text, "#")] = '\0';
            lines = text[strspn(text, " \t\r\n")] != '\0';
        }
        fclose(f);
        if (!lines) {
            fprintf(stderr, "error: --shapes %s lists no \"M N K\" line\n", shown(opt->shapes));
            return PARSE_ERROR;
        }
        return PARSE_OK;
    }
    if (size && (opt->m || opt->n || opt->k)) {
        fprintf(stderr, "error: give either --size or --m/--n/--k, not both\n");
        return PARSE_ERROR;
    }
    if (size)
        opt->m = opt->n = opt->k = size;
    if (!size && !opt->m && !opt->n && !opt->k)
        opt->m = opt->n = opt->k = DEFAULT_SIZE;
    if (!opt->m || !opt->n || !opt->k) {
        fprintf(stderr, "error: --m, --n and --k go together (or use --size)\n");
        return PARSE_ERROR;
    }
    const char *why = selection_error(step, opt->kernel_mask, opt->dtype_mask, &opt->launch, opt->m, opt->n, opt->k);
    if (why) {
        fprintf(stderr, "error: shape %dx%dx%d rejected: %s\n", opt->m, opt->n, opt->k, why);
        return PARSE_ERROR;
    }
    return PARSE_OK;
}
