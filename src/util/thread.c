#include "util/thread.h"

#include <stdlib.h>

typedef struct {
    void (*fn)(void *arg);
    void *arg;
} Start;

static void *trampoline(void *p)
{
    Start start = *(Start *)p;
    free(p);
    start.fn(start.arg);
    return NULL;
}

bool thread_start(Thread *t, void (*fn)(void *arg), void *arg, size_t stack_bytes)
{
    Start *start = malloc(sizeof *start);
    if (!start)
        return false;
    *start = (Start){fn, arg};
    pthread_attr_t attr;
    if (pthread_attr_init(&attr) != 0) {
        free(start);
        return false;
    }
    bool ok = stack_bytes == 0 || pthread_attr_setstacksize(&attr, stack_bytes) == 0;
    ok = ok && pthread_create(&t->id, &attr, trampoline, start) == 0;
    pthread_attr_destroy(&attr);
    if (!ok)
        free(start);
    return ok;
}

void thread_join(Thread *t) { pthread_join(t->id, NULL); }

bool thread_mutex_init(ThreadMutex *m) { return pthread_mutex_init(&m->m, NULL) == 0; }
void thread_mutex_destroy(ThreadMutex *m) { pthread_mutex_destroy(&m->m); }
void thread_mutex_lock(ThreadMutex *m) { pthread_mutex_lock(&m->m); }
void thread_mutex_unlock(ThreadMutex *m) { pthread_mutex_unlock(&m->m); }

bool thread_cond_init(ThreadCond *c) { return pthread_cond_init(&c->c, NULL) == 0; }
void thread_cond_destroy(ThreadCond *c) { pthread_cond_destroy(&c->c); }
void thread_cond_wait(ThreadCond *c, ThreadMutex *m) { pthread_cond_wait(&c->c, &m->m); }
void thread_cond_signal(ThreadCond *c) { pthread_cond_signal(&c->c); }
void thread_cond_broadcast(ThreadCond *c) { pthread_cond_broadcast(&c->c); }
