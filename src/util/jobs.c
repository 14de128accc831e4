/* A shared queue of jobs (see jobs.h). */
#include "util/jobs.h"

#include <stdatomic.h>
#include "util/thread.h"

typedef struct {
    JobFn job;
    void *ctx;
    int count;
    atomic_int next;
    atomic_bool failed;
} JobQueue;

typedef struct {
    JobQueue *q;
    int worker;
} Worker;

static void worker_loop(void *arg)
{
    Worker *w = arg;
    JobQueue *q = w->q;
    while (!atomic_load(&q->failed)) {
        int i = atomic_fetch_add(&q->next, 1);
        if (i >= q->count)
            break;
        if (!q->job(q->ctx, w->worker, i))
            atomic_store(&q->failed, true);
    }
}

bool jobs_run(int threads, int count, JobFn job, void *ctx)
{
    JobQueue q = {.job = job, .ctx = ctx, .count = count};
    atomic_init(&q.next, 0);
    atomic_init(&q.failed, false);
    if (threads > JOBS_MAX_THREADS)
        threads = JOBS_MAX_THREADS;
    Thread th[JOBS_MAX_THREADS];
    Worker w[JOBS_MAX_THREADS];
    int n = 0;
    for (; n < threads - 1 && n < count - 1; n++) {
        w[n + 1] = (Worker){&q, n + 1};
        if (!thread_start(&th[n], worker_loop, &w[n + 1], 0))
            break;
    }
    w[0] = (Worker){&q, 0};
    worker_loop(&w[0]);
    for (int i = 0; i < n; i++)
        thread_join(&th[i]);
    return !atomic_load(&q.failed);
}
