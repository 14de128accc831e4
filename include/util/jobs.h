#pragma once
/* Independent jobs shared by a few threads (offline builders only: the engine stays single-threaded). */
#include <stdbool.h>

#define JOBS_MAX_THREADS 64

/* job(ctx, worker, i) does job i on thread number worker (0..threads-1); false when it failed. */
typedef bool (*JobFn)(void *ctx, int worker, int i);

/* Runs jobs 0..count-1 on up to threads threads, the calling one included, each taking the next
 * job not taken; false when one failed (the others still run to the end of their current job). */
bool jobs_run(int threads, int count, JobFn job, void *ctx);
