// The stream-K bookkeeping of steps 15 and 16, replayed on the host with the kernel's own
// schedule and walk (included from its kernel.cu by tests/stream_k_15.cu and stream_k_16.cu):
// every MAC iteration (tile group x K tile) is computed by exactly one cluster; a cluster
// writes at most one partial tile, the first unit of its stream-K range; and the helpers the
// finisher of a tile waits for, by add_partials' rule, are exactly the clusters that wrote a
// partial of that tile. Then the replay is shown to catch a helper rule that counts empty
// ranges and a schedule that leaves an iteration to nobody, and the launcher's rule is checked
// on H200-like counts of clusters. One PASS/FAIL line each (tests/run.sh counts them).
// The including file defines STEP_NAME and
//   static struct stream_k_schedule schedule_at(int m, int n, int k, int sm_count, int forced,
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

// add_partials' rule: the clusters after `cluster` whose ranges start inside the tile that ends
// at iteration tile_end, empty ranges left out (they send nothing) unless count_empty.
static std::vector<int> helpers_of(const struct stream_k_schedule &s, int cluster, int tile_end, bool count_empty)
{
    std::vector<int> h;
    for (int from = cluster + 1; from < s.clusters && sk_begin(s, from) < tile_end; from++)
        if (count_empty || sk_begin(s, from) != sk_begin(s, from + 1))
            h.push_back(from);
    return h;
}

// Replays schedule s over groups x k_tiles iterations as the producer and consumers walk it.
// Empty string: sound; else the first problem found.
static std::string replay(const struct stream_k_schedule &s, long long groups, int k_tiles, bool count_empty)
{
    char why[200];
    if (s.clusters < 1)
        return "no cluster";
    std::vector<int> covered((size_t)groups * k_tiles, 0), partial_of(s.clusters, -1);
    std::vector<std::vector<int>> awaited(groups); // per group: the helpers its finisher waits for
    std::vector<int> finished(groups, 0);
    for (int c = 0; c < s.clusters; c++) {
        struct work_walk walk = walk_of(s, c, k_tiles);
        bool first_sk = true;
        for (struct work_unit w; walk.next(w);) {
            if (w.group < 0 || w.group >= groups || w.k_begin < 0 || w.k_begin >= w.k_end || w.k_end > k_tiles) {
                snprintf(why, sizeof why, "cluster %d: unit group %d, K tiles %d..%d is out of range", c, w.group,
                         w.k_begin, w.k_end);
                return why;
            }
            for (int kt = w.k_begin; kt < w.k_end; kt++)
                covered[(size_t)w.group * k_tiles + kt]++;
            if (w.group < s.dp_groups) {
                if (w.k_begin != 0 || w.k_end != k_tiles)
                    return "a data-parallel unit is not a whole tile";
                continue;
            }
            if (w.k_begin > 0) { // the kernel's send_partial: its slot holds one tile
                if (!first_sk) {
                    snprintf(why, sizeof why, "cluster %d sends a second partial (group %d)", c, w.group);
                    return why;
                }
                partial_of[c] = (int)w.group;
            } else if (w.k_end < k_tiles) { // the kernel's add_partials
                awaited[w.group] = helpers_of(s, c, (int)(w.group - s.dp_groups + 1) * k_tiles, count_empty);
                finished[w.group]++;
            }
            first_sk = false;
        }
    }
    for (size_t i = 0; i < covered.size(); i++)
        if (covered[i] != 1) {
            snprintf(why, sizeof why, "group %zu, K tile %zu computed %d times", i / k_tiles, i % k_tiles, covered[i]);
            return why;
        }
    for (long long g = 0; g < groups; g++) {
        std::vector<int> sent;
        for (int c = 0; c < s.clusters; c++)
            if (partial_of[c] == g)
                sent.push_back(c);
        if (sent != awaited[g] || (!sent.empty() && finished[g] != 1)) {
            snprintf(why, sizeof why, "group %lld: %zu clusters send partials, its finisher waits for %zu", g,
                     sent.size(), awaited[g].size());
            return why;
        }
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
                                   {16, 18432, 16384}, {512, 16384, 16384}};
    const int sm_counts[] = {2, 6, 14, 66, 132, 170};
    const int forced[] = {0, 1, 2, 3, 5, 7, 64, 1024};
    int cases = 0;
    std::string first;
    for (const struct shape &p : shapes)
        for (int sms : sm_counts)
            for (int f : forced) {
                long long groups;
                int k_tiles;
                const struct stream_k_schedule s = schedule_at(p.m, p.n, p.k, sms, f, &groups, &k_tiles);
                std::string why = replay(s, groups, k_tiles, false);
                cases++;
                if (!why.empty() && first.empty()) {
                    char at[96];
                    snprintf(at, sizeof at, "%dx%dx%d, %d SMs, split %d: ", p.m, p.n, p.k, sms, f);
                    first = at + why;
                }
            }
    char what[256];
    snprintf(what, sizeof what,
             "%d schedules (14 shapes x 6 SM counts x the rule and 7 forced splits) cover every iteration once, "
             "one partial a cluster, each awaited by its tile's finisher",
             cases);
    report(first.empty(), what, first.c_str());

    // The replay catches wrong bookkeeping: a finisher that would wait for an empty range (1 x 8 x
    // 192 is 3 K tiles; split over 5 clusters, ranges 0..0, 0..1, 1..1, 1..2, 2..3), and a
    // schedule one iteration short.
    long long groups;
    int k_tiles;
    struct stream_k_schedule s = schedule_at(1, 8, 192, 132, 5, &groups, &k_tiles);
    report(replay(s, groups, k_tiles, false).empty() && !replay(s, groups, k_tiles, true).empty(),
           "the replay fails a helper rule that counts empty ranges (they send nothing: a hang)",
           replay(s, groups, k_tiles, true).c_str());
    s = schedule_at(64, 2112, 7168, 132, 0, &groups, &k_tiles);
    s.sk_iters--;
    report(!replay(s, groups, k_tiles, false).empty(), "the replay fails a schedule that leaves an iteration out",
           "passed");
    return 0;
}
