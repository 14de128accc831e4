/* Threads over POSIX threads or Win32 (see thread.h). */
#include "util/thread.h"

#include <stdlib.h>

typedef struct {
    void (*fn)(void *arg);
    void *arg;
} Start;

#ifdef _WIN32
#include <process.h>
#include <string.h>
#include <windows.h>

_Static_assert(sizeof(SRWLOCK) == sizeof(void *), "an SRWLOCK fits ThreadMutex");
_Static_assert(sizeof(CONDITION_VARIABLE) == sizeof(void *), "a CONDITION_VARIABLE fits ThreadCond");
_Static_assert(sizeof(INIT_ONCE) == sizeof(void *), "an INIT_ONCE fits ThreadOnce");

/* _beginthreadex rather than CreateThread: the C runtime then sets up its per-thread state. */
static unsigned __stdcall trampoline(void *p)
{
    Start start = *(Start *)p;
    free(p);
    start.fn(start.arg);
    return 0;
}

bool thread_start(Thread *t, void (*fn)(void *arg), void *arg, size_t stack_bytes)
{
    Start *start = malloc(sizeof *start);
    if (!start)
        return false;
    *start = (Start){fn, arg};
    uintptr_t h = _beginthreadex(NULL, (unsigned)stack_bytes, trampoline, start, 0, NULL);
    if (h == 0) {
        free(start);
        return false;
    }
    t->handle = (void *)h;
    return true;
}

void thread_join(Thread *t)
{
    WaitForSingleObject(t->handle, INFINITE);
    CloseHandle(t->handle);
}

/* InitOnceExecuteOnce's callback shape around a plain void function. */
static BOOL CALLBACK once_call(PINIT_ONCE once, void *fn, void **context)
{
    (void)once, (void)context;
    void (*f)(void);
    memcpy(&f, &fn, sizeof f);
    f();
    return TRUE;
}

void thread_once(ThreadOnce *once, void (*fn)(void))
{
    void *p;
    memcpy(&p, &fn, sizeof p);
    InitOnceExecuteOnce((PINIT_ONCE)&once->once, once_call, p, NULL);
}

bool thread_mutex_init(ThreadMutex *m)
{
    InitializeSRWLock((PSRWLOCK)&m->srw);
    return true;
}

/* An SRWLOCK holds no resource. */
void thread_mutex_destroy(ThreadMutex *m) { (void)m; }
void thread_mutex_lock(ThreadMutex *m) { AcquireSRWLockExclusive((PSRWLOCK)&m->srw); }
void thread_mutex_unlock(ThreadMutex *m) { ReleaseSRWLockExclusive((PSRWLOCK)&m->srw); }

bool thread_cond_init(ThreadCond *c)
{
    InitializeConditionVariable((PCONDITION_VARIABLE)&c->cv);
    return true;
}

/* A CONDITION_VARIABLE holds no resource. */
void thread_cond_destroy(ThreadCond *c) { (void)c; }

void thread_cond_wait(ThreadCond *c, ThreadMutex *m)
{
    SleepConditionVariableSRW((PCONDITION_VARIABLE)&c->cv, (PSRWLOCK)&m->srw, INFINITE, 0);
}

void thread_cond_signal(ThreadCond *c) { WakeConditionVariable((PCONDITION_VARIABLE)&c->cv); }
void thread_cond_broadcast(ThreadCond *c) { WakeAllConditionVariable((PCONDITION_VARIABLE)&c->cv); }

#else

#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
/* The browser build has one thread (no SharedArrayBuffer from file://): every start is refused, so
 * the search stays on the calling thread and a `threads` above 1 is answered with an error. */
bool thread_start(Thread *t, void (*fn)(void *arg), void *arg, size_t stack_bytes)
{
    (void)t, (void)fn, (void)arg, (void)stack_bytes;
    return false;
}
#else
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
#endif

void thread_join(Thread *t) { pthread_join(t->id, NULL); }

void thread_once(ThreadOnce *once, void (*fn)(void)) { pthread_once(&once->once, fn); }

bool thread_mutex_init(ThreadMutex *m) { return pthread_mutex_init(&m->m, NULL) == 0; }
void thread_mutex_destroy(ThreadMutex *m) { pthread_mutex_destroy(&m->m); }
void thread_mutex_lock(ThreadMutex *m) { pthread_mutex_lock(&m->m); }
void thread_mutex_unlock(ThreadMutex *m) { pthread_mutex_unlock(&m->m); }

bool thread_cond_init(ThreadCond *c) { return pthread_cond_init(&c->c, NULL) == 0; }
void thread_cond_destroy(ThreadCond *c) { pthread_cond_destroy(&c->c); }
void thread_cond_wait(ThreadCond *c, ThreadMutex *m) { pthread_cond_wait(&c->c, &m->m); }
void thread_cond_signal(ThreadCond *c) { pthread_cond_signal(&c->c); }
void thread_cond_broadcast(ThreadCond *c) { pthread_cond_broadcast(&c->c); }
#endif
