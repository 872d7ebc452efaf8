#include "parallel.h"

#include <pthread.h>
#include <unistd.h>

#define MAX_PARTS 32
#define MIN_PART (1u << 20) /* below a million elements a thread costs more than it saves */

int parallel_parts(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > MAX_PARTS ? MAX_PARTS : (int)n;
}

struct part {
    void (*fn)(size_t, size_t, int, void *);
    void *ctx;
    size_t begin, end;
    int index;
};

static void *run_part(void *arg)
{
    struct part *p = arg;
    p->fn(p->begin, p->end, p->index, p->ctx);
    return NULL;
}

void parallel_for(size_t count, void (*fn)(size_t begin, size_t end, int part, void *ctx), void *ctx)
{
    size_t parts = (size_t)parallel_parts();
    if (parts > count / MIN_PART)
        parts = count / MIN_PART;
    if (parts <= 1) {
        fn(0, count, 0, ctx);
        return;
    }
    struct part p[MAX_PARTS];
    pthread_t thread[MAX_PARTS];
    int started[MAX_PARTS] = {0};
    for (size_t i = 0; i < parts; i++) {
        p[i] = (struct part){fn, ctx, count * i / parts, count * (i + 1) / parts, (int)i};
        started[i] = i > 0 && pthread_create(&thread[i], NULL, run_part, &p[i]) == 0;
    }
    run_part(&p[0]);
    for (size_t i = 1; i < parts; i++) {
        if (started[i])
            pthread_join(thread[i], NULL);
        else /* no thread to spare: do the part here */
            run_part(&p[i]);
    }
}
