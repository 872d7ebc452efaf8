/* make shapes SUITE=random: a seeded draw of GEMM shapes nobody tuned for, as a suite file on
 * stdout (a comment line naming the draw, then one "M N K" a line). M is log-uniform in
 * 1..16384; N and K log-uniform in 256..65536, multiples of 64 in every other shape and of Q in
 * the rest (8, or 16 for steps whose N and K must be: the FP8 steps'); a shape with M*N*K above 2^41, or M*K, K*N or M*N at 2^31 or above (no step takes it:
 * the kernels use 32-bit offsets), is drawn again. The same seed gives the same shapes on
 * any machine (splitmix64, random.h).
 * Usage: random_shapes SEED [COUNT [Q]]   (COUNT 1..10000, default 64; Q 8, 16, 32 or 64, default 8) */
#include "random.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t state;

/* Uniform in [0, 1): the top 53 bits of the next draw. */
static double next_unit(void) { return (double)(mix(state += GOLDEN) >> 11) * 0x1p-53; }

/* Log-uniform in lo..hi, then to the nearest multiple of q within it. */
static long long draw(long long lo, long long hi, long long q)
{
    long long v = (long long)exp(log((double)lo) + next_unit() * (log((double)hi + 1) - log((double)lo)));
    v = (v + q / 2) / q * q;
    return v < lo ? lo : v > hi ? hi : v;
}

/* A decimal in lo..hi, else 0 (the usage line follows). */
static int parse(const char *s, unsigned long long lo, unsigned long long hi, unsigned long long *out)
{
    char *end;
    if (!s[0] || strspn(s, "0123456789") != strlen(s))
        return 0;
    *out = strtoull(s, &end, 10);
    return *out >= lo && *out <= hi;
}

int main(int argc, char **argv)
{
    unsigned long long seed, count = 64, q = 8;
    if (argc < 2 || argc > 4 || !parse(argv[1], 0, 18446744073709551615ull, &seed) ||
        (argc >= 3 && !parse(argv[2], 1, 10000, &count)) ||
        (argc == 4 && (!parse(argv[3], 8, 64, &q) || (q & (q - 1))))) {
        fprintf(stderr, "usage: random_shapes SEED [COUNT [Q]]   (SEED a decimal integer, COUNT 1..10000, default 64; "
                        "Q, the multiple of N and K, 8, 16, 32 or 64, default 8)\n");
        return 2;
    }
    state = seed;
    printf("# random draw: seed %llu, %llu shapes (M log-uniform in 1..16384, N and K in 256..65536, M*N*K <= 2^41)\n",
           seed, count);
    for (unsigned long long i = 0; i < count; i++) {
        const long long nk = i % 2 == 0 ? 64 : (long long)q;
        long long m, n, k;
        do {
            m = draw(1, 16384, 1);
            n = draw(256, 65536, nk);
            k = draw(256, 65536, nk);
        } while (m * n * k > 1ll << 41 || m * k >= 1ll << 31 || k * n >= 1ll << 31 || m * n >= 1ll << 31);
        printf("%lld %lld %lld\n", m, n, k);
    }
    return 0;
}
