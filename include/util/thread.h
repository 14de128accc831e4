#pragma once
/* Threads, mutexes and condition variables over the system's own threads (POSIX here), so that
 * the tools that check them (ThreadSanitizer sees only pthread_create) and every platform get the
 * same small interface. Functions that create return false when the system refuses. */
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct {
    pthread_t id;
} Thread;

typedef struct {
    pthread_mutex_t m;
} ThreadMutex;

typedef struct {
    pthread_cond_t c;
} ThreadCond;

/* Runs fn(arg) on a new thread with a stack of at least stack_bytes (0: the system's default). */
bool thread_start(Thread *t, void (*fn)(void *arg), void *arg, size_t stack_bytes);

/* Waits for the thread to return. */
void thread_join(Thread *t);

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
