/* Polled input (see input.h). */
#include "util/input.h"

#ifdef _WIN32
#include <io.h>
#include <stdbool.h>
#include <string.h>
#include <windows.h>
#include "util/thread.h"

#define INPUT_QUEUE 65536
#define INPUT_CHUNK 4096
#define INPUT_READERS 4   /* descriptors read this way in one process: stdin, in practice */

/* The queue between a descriptor's reader thread and input_read. */
typedef struct {
    int fd;
    HANDLE handle;
    SRWLOCK lock;
    CONDITION_VARIABLE changed;   /* bytes arrived, room was made, or the input ended */
    char queue[INPUT_QUEUE];
    size_t len;
    bool eof;
    Thread thread;
} Reader;

static Reader readers[INPUT_READERS];
static int reader_count;

/* The reader thread: blocks in ReadFile, appends what it gets; a failure or 0 bytes (the pipe's
 * writer closed it, the console was closed or got Ctrl-Z) is the end of input. */
static void reader_main(void *arg)
{
    Reader *r = arg;
    char chunk[INPUT_CHUNK];
    for (;;) {
        AcquireSRWLockExclusive(&r->lock);
        while (INPUT_QUEUE - r->len < INPUT_CHUNK)
            SleepConditionVariableSRW(&r->changed, &r->lock, INFINITE, 0);
        ReleaseSRWLockExclusive(&r->lock);
        DWORD got = 0;
        bool ok = ReadFile(r->handle, chunk, INPUT_CHUNK, &got, NULL) && got > 0;
        AcquireSRWLockExclusive(&r->lock);
        if (ok) {
            memcpy(r->queue + r->len, chunk, got);
            r->len += got;
        } else {
            r->eof = true;
        }
        WakeAllConditionVariable(&r->changed);
        ReleaseSRWLockExclusive(&r->lock);
        if (!ok)
            return;
    }
}

/* The reader of fd, started at its first use; NULL when no thread could be had. */
static Reader *reader_of(int fd)
{
    for (int i = 0; i < reader_count; i++)
        if (readers[i].fd == fd)
            return &readers[i];
    if (reader_count == INPUT_READERS)
        return NULL;
    Reader *r = &readers[reader_count];
    r->fd = fd;
    r->handle = (HANDLE)_get_osfhandle(fd);
    InitializeSRWLock(&r->lock);
    InitializeConditionVariable(&r->changed);
    if (r->handle == INVALID_HANDLE_VALUE || !thread_start(&r->thread, reader_main, r, 0))
        return NULL;
    reader_count++;
    return r;
}

long input_read(int fd, char *buf, size_t size, int timeout_ms)
{
    Reader *r = reader_of(fd);
    if (!r)
        return -1;
    ULONGLONG deadline = GetTickCount64() + (ULONGLONG)(timeout_ms < 0 ? 0 : timeout_ms);
    AcquireSRWLockExclusive(&r->lock);
    while (r->len == 0 && !r->eof) {
        ULONGLONG now = GetTickCount64();
        if (timeout_ms >= 0 && now >= deadline)
            break;
        DWORD wait = timeout_ms < 0 ? INFINITE : (DWORD)(deadline - now);
        SleepConditionVariableSRW(&r->changed, &r->lock, wait, 0);
    }
    long n = -1;
    if (r->len > 0) {
        size_t take = r->len < size ? r->len : size;
        memcpy(buf, r->queue, take);
        memmove(r->queue, r->queue + take, r->len - take);
        r->len -= take;
        n = (long)take;
        WakeAllConditionVariable(&r->changed);
    } else if (!r->eof) {
        n = 0;
    }
    ReleaseSRWLockExclusive(&r->lock);
    return n;
}

#elif defined(__EMSCRIPTEN__)
#include <emscripten.h>
#include "util/clock.h"

/* In the browser the lines come from the page as messages to the engine's worker, which the worker
 * queues (see src/web/worker.js: Module.zwaluwInput). They arrive only while the engine is not
 * running, so a poll during a search hands control back to the browser (Asyncify unwinds and
 * rewinds the stack) at most this often; a wait sleeps until a message comes. */
#define INPUT_YIELD_SECONDS 0.010

/* Copies up to size queued bytes into buf: the count, or -1 when no queue exists (under node). */
EM_JS(int, input_web_take, (char *buf, int size), {
    var input = Module["zwaluwInput"];
    return input ? input.take(buf, size) : -1;
});

/* Returns to the browser's event loop until a line is queued or timeout_ms pass (-1: no limit;
 * 0: one turn of the event loop). An Asyncify import: the C stack is saved meanwhile. */
EM_JS(void, input_web_wait, (int timeout_ms), {
    Asyncify.handleSleep(function(wakeUp) { Module["zwaluwInput"].wait(timeout_ms, wakeUp); });
});

long input_read(int fd, char *buf, size_t size, int timeout_ms)
{
    static double last_yield;
    (void)fd;
    int cap = size > 65536 ? 65536 : (int)size;
    int n = input_web_take(buf, cap);
    if (n != 0)
        return n;
    double now = clock_now();
    if (timeout_ms == 0 && now - last_yield < INPUT_YIELD_SECONDS)
        return 0;
    input_web_wait(timeout_ms);
    last_yield = clock_now();
    return input_web_take(buf, cap);
}

#else
#include <errno.h>
#include <poll.h>
#include <unistd.h>

long input_read(int fd, char *buf, size_t size, int timeout_ms)
{
    struct pollfd p = {.fd = fd, .events = POLLIN};
    int rc = poll(&p, 1, timeout_ms);
    if (rc < 0)
        return errno == EINTR ? 0 : -1;
    if (rc == 0)
        return 0;
    ssize_t n = read(fd, buf, size);
    if (n > 0)
        return (long)n;
    if (n == 0)
        return -1;
    return errno == EINTR || errno == EAGAIN ? 0 : -1;
}
#endif
