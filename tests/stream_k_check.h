// The stream-K bookkeeping of steps 15 and 16, replayed on the host with the kernel's own
// schedule, walk and sharers_of (included from its kernel.cu by tests/stream_k_15.cu and
// stream_k_16.cu): every MAC iteration (tile group x K tile) is computed by exactly one cluster;
// no range is empty; a cluster does a first part (from K tile 0) of one tile at most and a later
// part of one at most, so its two workspace slots suffice; the clusters that do parts of a tile
// are exactly sharers_of's first .. last, the first of them doing the part from K tile 0 (the
// slot finish_tile reads first); and no cluster is the first of two shared tiles (one flag
// each). Then the replay is shown to catch a naive sharers rule, a schedule that leaves an
// iteration to nobody and one with an empty range, and the launcher's rule is checked on
// H200-like counts of clusters. One PASS/FAIL line each (tests/run.sh counts them).
// The including file defines STEP_NAME, schedule_t (its step's plan type) and
//   static schedule_t schedule_at(int m, int n, int k, int sm_count, int forced,
//                                                long long *groups, int *k_tiles);
#include <stdio.h>
#include <string.h>

#include <vector>

static int failures;

static void report(bool ok, const char *what, const char *detail)
{
    if (ok) {
        printf("PASS %s: %s\n", STEP_NAME, what);
    } else {
        printf("FAIL %s: %s: %s\n", STEP_NAME, what, detail);
        failures++;
    }
}

typedef struct tile_share (*sharers_rule)(const schedule_t &, int, int);

// A plausible slip: the cluster of iteration i taken as i clusters / sk_iters, which is the
// cluster whose range would start at i only when ranges are equal.
static struct tile_share naive_sharers(const schedule_t &s, int j, int k_tiles)
{
    return {(int)((long long)j * k_tiles * s.clusters / s.sk_iters),
            (int)(((long long)(j + 1) * k_tiles - 1) * s.clusters / s.sk_iters)};
}

// Replays schedule s over groups x k_tiles iterations as the producer and consumers walk it.
// `waves`: the whole waves the wave step keeps in step, each of which every cluster must walk
// one group of, in wave order, or the others wait for its arrival forever. Empty string: sound;
// else the first problem found.
static std::string replay(const schedule_t &s, long long groups, int k_tiles, sharers_rule sharers, int waves)
{
    char why[200];
    if (s.clusters < 1)
        return "no cluster";
    if (s.sk_iters > 0 && s.clusters > s.sk_iters)
        return "more clusters than stream-K iterations: an empty range";
    std::vector<int> covered((size_t)groups * k_tiles, 0);
    std::vector<std::vector<int>> parts(groups);        // per group: the clusters that did a part, in order
    std::vector<std::vector<int>> from_zero(groups);    // and whether that part starts at K tile 0
    for (int c = 0; c < s.clusters; c++) {
        struct work_walk walk = walk_of(s, c, k_tiles);
        int first_parts = 0, later_parts = 0, wave = 0; // the next wave it must walk a group of
        for (struct work_unit w; walk.next(w);) {
            if (w.group < s.dp_groups && wave < waves && w.group == wave * s.clusters + c)
                wave++;
            if (w.group < 0 || w.group >= groups || w.k_begin < 0 || w.k_begin >= w.k_end || w.k_end > k_tiles) {
                snprintf(why, sizeof why, "cluster %d: unit group %d, K tiles %d..%d is out of range", c, w.group,
                         w.k_begin, w.k_end);
                return why;
            }
            for (int kt = w.k_begin; kt < w.k_end; kt++)
                covered[(size_t)w.group * k_tiles + kt]++;
            const bool whole = w.k_begin == 0 && w.k_end == k_tiles;
            if (w.group < s.dp_groups && !whole)
                return "a data-parallel unit is not a whole tile";
            if (w.group >= s.dp_groups) {
                parts[w.group].push_back(c);
                from_zero[w.group].push_back(w.k_begin == 0);
            }
            if (!whole && (w.k_begin == 0 ? ++first_parts : ++later_parts) > 1) {
                snprintf(why, sizeof why, "cluster %d does two %s parts: one slot for them", c,
                         w.k_begin == 0 ? "first" : "later");
                return why;
            }
        }
        if (wave < waves) {
            snprintf(why, sizeof why, "cluster %d walks no group of wave %d of %d: the others wait for it", c, wave, waves);
            return why;
        }
    }
    for (size_t i = 0; i < covered.size(); i++)
        if (covered[i] != 1) {
            snprintf(why, sizeof why, "group %zu, K tile %zu computed %d times", i / k_tiles, i % k_tiles, covered[i]);
            return why;
        }
    std::vector<int> flag_owner(s.clusters, -1);
    for (long long g = s.dp_groups; g < groups; g++) {
        const struct tile_share sh = sharers(s, (int)(g - s.dp_groups), k_tiles);
        std::vector<int> expected;
        for (int c = sh.first; c <= sh.last; c++)
            expected.push_back(c);
        if (parts[g] != expected) {
            snprintf(why, sizeof why, "group %lld: %zu clusters do parts of it, sharers_of names %d..%d", g,
                     parts[g].size(), sh.first, sh.last);
            return why;
        }
        if (!from_zero[g][0])
            return "a shared tile's first cluster does not start at K tile 0";
        if (sh.first == sh.last)
            continue;
        if (flag_owner[sh.first] >= 0) {
            snprintf(why, sizeof why, "cluster %d is the first of groups %d and %lld: one flag for both", sh.first,
                     flag_owner[sh.first], g);
            return why;
        }
        flag_owner[sh.first] = (int)g;
    }
    return "";
}

struct shape {
    int m, n, k;
};

static int run_checks()
{
    // Ragged and real shapes; SM counts of small and large GPUs; the rule and forced splits,
    // more clusters than iterations among them.
    const struct shape shapes[] = {{1, 8, 8},          {7, 136, 24},       {1, 8, 192},       {129, 1000, 1000},
                                   {100, 1000, 1000},  {300, 1000, 1000},  {1000, 1000, 4104}, {64, 2112, 7168},
                                   {128, 2112, 7168},  {2560, 3584, 2000}, {4096, 4096, 4096}, {8200, 1000, 1000},
                                   {16, 18432, 16384}, {512, 16384, 16384}, {64, 7168, 2048}};
    const int sm_counts[] = {2, 6, 14, 66, 132, 170};
    const int forced[] = {0, 1, 2, 3, 5, 7, 64, 1024};
    // Both passes replay every schedule, with sharers_of and then with the naive rule: the
    // first must pass them all, the second fail some.
    int cases = 0, naive_caught = 0, extra_caught = 0, with_waves = 0;
    std::string first;
    for (const struct shape &p : shapes)
        for (int sms : sm_counts)
            for (int f : forced) {
                long long groups;
                int k_tiles;
                const schedule_t s = schedule_at(p.m, p.n, p.k, sms, f, &groups, &k_tiles);
                const int waves = wave_step_of(s, nullptr, 0, 0).waves;
                std::string why = replay(s, groups, k_tiles, sharers_of, waves);
                naive_caught += !replay(s, groups, k_tiles, naive_sharers, waves).empty();
                extra_caught += waves > 0 && !replay(s, groups, k_tiles, sharers_of, waves + 1).empty();
                with_waves += waves > 0;
                cases++;
                if (!why.empty() && first.empty()) {
                    char at[96];
                    snprintf(at, sizeof at, "%dx%dx%d, %d SMs, split %d: ", p.m, p.n, p.k, sms, f);
                    first = at + why;
                }
            }
    char what[256];
    snprintf(what, sizeof what,
             "%d schedules (15 shapes x 6 SM counts x the rule and 7 forced splits) cover every iteration once, "
             "no range empty, two slots a cluster, each tile's parts from sharers_of's clusters, one flag each, "
             "a group of each whole wave a cluster",
             cases);
    report(first.empty(), what, first.c_str());

    // The replay catches wrong bookkeeping: the naive inverse of sk_begin on those schedules, a
    // schedule one iteration short, and one with more clusters than iterations (1 x 8 x 192 is
    // 3 K tiles; the launcher splits it over 3 clusters when asked for 5).
    snprintf(what, sizeof what, "the replay fails sharers taken as iteration x clusters / sk_iters (%d of the %d)",
             naive_caught, cases);
    report(naive_caught > 0, what, "passed everywhere");
    snprintf(what, sizeof what, "the replay fails one whole wave more than wave_step_of counts (%d of the %d with one)",
             extra_caught, with_waves);
    report(with_waves > 0 && extra_caught == with_waves, what, "passed somewhere");
    long long groups;
    int k_tiles;
    schedule_t s = schedule_at(64, 2112, 7168, 132, 7, &groups, &k_tiles); // stream-K over 7 clusters
    s.sk_iters--;
    report(!replay(s, groups, k_tiles, sharers_of, 0).empty(), "the replay fails a schedule that leaves an iteration out",
           "passed");
    s = schedule_at(1, 8, 3 * BK, 132, 5, &groups, &k_tiles); // three K tiles
    const bool clamped = s.clusters == 3;
    s.clusters = 5;
    report(clamped && !replay(s, groups, k_tiles, sharers_of, 0).empty(),
           "--split 5 over 3 iterations runs on 3 clusters, and the replay fails 5 (empty ranges)", "not so");
    return 0;
}
