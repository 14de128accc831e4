#pragma once
/* Threads, mutexes, condition variables and one-time initialisation over the system's own
 * threads (POSIX threads, or Win32 on Windows, where no pthread DLL is needed), so that the tools
 * that check them (ThreadSanitizer sees only pthread_create) and every platform get the same small
 * interface. Functions that create return false when the system refuses. */
#include <stdbool.h>
#include <stddef.h>

#ifdef _WIN32
/* The Win32 objects are pointer-sized (HANDLE, SRWLOCK, CONDITION_VARIABLE, INIT_ONCE): held as
 * pointers here, so that no file above util sees <windows.h>. */
typedef struct {
    void *handle;
} Thread;

typedef struct {
    void *srw;
} ThreadMutex;

typedef struct {
    void *cv;
} ThreadCond;

typedef struct {
    void *once;
} ThreadOnce;

#define THREAD_ONCE_INIT {NULL}
#else
#include <pthread.h>

typedef struct {
    pthread_t id;
} Thread;

typedef struct {
    pthread_mutex_t m;
} ThreadMutex;

typedef struct {
    pthread_cond_t c;
} ThreadCond;

typedef struct {
    pthread_once_t once;
} ThreadOnce;

#define THREAD_ONCE_INIT {PTHREAD_ONCE_INIT}
#endif

/* Runs fn(arg) on a new thread with a stack of at least stack_bytes (0: the system's default). */
bool thread_start(Thread *t, void (*fn)(void *arg), void *arg, size_t stack_bytes);

/* Waits for the thread to return. */
void thread_join(Thread *t);

/* Runs fn exactly once for all the callers of one ThreadOnce (statically THREAD_ONCE_INIT); every
 * caller returns after fn has. */
void thread_once(ThreadOnce *once, void (*fn)(void));

bool thread_mutex_init(ThreadMutex *m);
void thread_mutex_destroy(ThreadMutex *m);
void thread_mutex_lock(ThreadMutex *m);
void thread_mutex_unlock(ThreadMutex *m);

bool thread_cond_init(ThreadCond *c);
void thread_cond_destroy(ThreadCond *c);

/* Releases m, sleeps until signalled (or spuriously), takes m again. */
void thread_cond_wait(ThreadCond *c, ThreadMutex *m);
void thread_cond_signal(ThreadCond *c);
void thread_cond_broadcast(ThreadCond *c);
