/* The operating system's services (see sys.h): POSIX, or Win32 on Windows. */
#ifndef _WIN32
#define _DEFAULT_SOURCE   /* MAP_ANONYMOUS, MADV_HUGEPAGE */
#endif
#include "util/sys.h"

#include <errno.h>
#include <time.h>

#ifdef _WIN32
#include <io.h>
#include <process.h>
#include <windows.h>

int sys_cores(void)
{
    SYSTEM_INFO si;
    GetSystemInfo(&si);
    return si.dwNumberOfProcessors < 1 ? 1 : (int)si.dwNumberOfProcessors;
}

size_t sys_memory_mib(void)
{
    MEMORYSTATUSEX ms = {.dwLength = sizeof ms};
    return GlobalMemoryStatusEx(&ms) ? (size_t)(ms.ullTotalPhys >> 20) : 0;
}

/* VirtualAlloc's pages come zeroed and are backed at first touch. */
void *sys_pages_alloc(size_t bytes, size_t align, void **base, size_t *span)
{
    size_t total = bytes + align;
    void *p = VirtualAlloc(NULL, total, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    if (!p)
        return NULL;
    *base = p;
    *span = total;
    return (void *)(((uintptr_t)p + align - 1) & ~(uintptr_t)(align - 1));
}

void sys_pages_free(void *base, size_t span)
{
    (void)span;
    VirtualFree(base, 0, MEM_RELEASE);
}

uint64_t sys_seed(void)
{
    LARGE_INTEGER t;
    QueryPerformanceCounter(&t);
    return (uint64_t)time(NULL) * 1000000007ULL ^ (uint64_t)t.QuadPart ^ (uint64_t)_getpid() << 40;
}

/* A write to a closed pipe or socket fails with an error on Windows already. */
void sys_ignore_broken_pipe(void) {}

bool sys_file_sync(FILE *f)
{
    return fflush(f) == 0 && _commit(_fileno(f)) == 0;
}

bool sys_file_size(FILE *f, uint64_t *size)
{
    __int64 n = _filelengthi64(_fileno(f));
    if (n < 0)
        return false;
    *size = (uint64_t)n;
    return true;
}

FILE *sys_memstream(char **buf, size_t *len)
{
    (void)buf, (void)len;
    return NULL;
}

/* The C runtime's tmpfile() writes to the root of the current drive, often refused: the file goes
 * to the user's temporary folder instead, deleted on close ("D"). */
FILE *sys_tmpfile(void)
{
    char dir[MAX_PATH + 1], path[MAX_PATH + 1];
    DWORD n = GetTempPathA(sizeof dir, dir);
    if (n == 0 || n > MAX_PATH || GetTempFileNameA(dir, "eng", 0, path) == 0)
        return NULL;
    FILE *f = fopen(path, "w+bD");
    if (!f)
        remove(path);
    return f;
}

bool sys_is_terminal(FILE *f) { return _isatty(_fileno(f)) != 0; }

bool sys_make_dir(const char *path)
{
    DWORD attr = GetFileAttributesA(path);
    if (attr != INVALID_FILE_ATTRIBUTES)
        return (attr & FILE_ATTRIBUTE_DIRECTORY) != 0;
    /* another process may make it between the two calls */
    if (CreateDirectoryA(path, NULL) != 0)
        return true;
    attr = GetFileAttributesA(path);
    return attr != INVALID_FILE_ATTRIBUTES && (attr & FILE_ATTRIBUTE_DIRECTORY) != 0;
}

#else
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __EMSCRIPTEN__
#include <emscripten/heap.h>
#endif

int sys_cores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 4096 ? 4096 : (int)n;
}

#ifdef __EMSCRIPTEN__
/* The browser build's whole linear memory (fixed at link time): the budget of every allocation. */
size_t sys_memory_mib(void) { return emscripten_get_heap_max() >> 20; }
#else
size_t sys_memory_mib(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0)
        return 0;
    return (size_t)((uint64_t)pages * (uint64_t)page >> 20);
}
#endif

/* Fresh anonymous pages come zeroed, lazily at first touch; the region is marked for transparent
 * huge pages, which random accesses (the transposition table's) need to spare the TLB. */
void *sys_pages_alloc(size_t bytes, size_t align, void **base, size_t *span)
{
    size_t total = bytes + align;
    void *p = mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return NULL;
    *base = p;
    *span = total;
    uintptr_t start = ((uintptr_t)p + align - 1) & ~(uintptr_t)(align - 1);
#ifdef MADV_HUGEPAGE
    madvise((void *)start, bytes, MADV_HUGEPAGE);
#endif
    return (void *)start;
}

void sys_pages_free(void *base, size_t span) { munmap(base, span); }

uint64_t sys_seed(void)
{
    struct timespec now;
    timespec_get(&now, TIME_UTC);
    return (uint64_t)now.tv_sec * 1000000007ULL ^ (uint64_t)now.tv_nsec ^ (uint64_t)getpid() << 40;
}

void sys_ignore_broken_pipe(void) { signal(SIGPIPE, SIG_IGN); }

bool sys_file_sync(FILE *f) { return fflush(f) == 0 && fsync(fileno(f)) == 0; }

bool sys_file_size(FILE *f, uint64_t *size)
{
    struct stat st;
    if (fstat(fileno(f), &st) != 0)
        return false;
    *size = (uint64_t)st.st_size;
    return true;
}

FILE *sys_memstream(char **buf, size_t *len) { return open_memstream(buf, len); }

FILE *sys_tmpfile(void) { return tmpfile(); }

bool sys_is_terminal(FILE *f) { return isatty(fileno(f)) != 0; }

bool sys_make_dir(const char *path)
{
    struct stat st;
    if (stat(path, &st) == 0)
        return S_ISDIR(st.st_mode);
    /* another process (a shard's task beside this one) may make it between the two calls */
    return mkdir(path, 0777) == 0 || (errno == EEXIST && stat(path, &st) == 0 && S_ISDIR(st.st_mode));
}
#endif
