#pragma once
/* What the engine asks of the operating system besides threads, sockets, processes and input:
 * the machine's cores and memory, large zeroed allocations, a seed, files' sizes and syncs. One
 * implementation for POSIX and one for Windows, so that nothing above util includes either's
 * headers. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Marks a printf-style function (format string at argument f, values from a) for the compiler's
 * checks; on Windows the build's printf is MinGW's C99 one (__USE_MINGW_ANSI_STDIO), whose
 * checks are gnu_printf's, not those of msvcrt's printf. */
#ifdef __MINGW32__
#define SYS_PRINTF(f, a) __attribute__((format(gnu_printf, f, a)))
#else
#define SYS_PRINTF(f, a) __attribute__((format(printf, f, a)))
#endif

/* The processors online, at least 1. */
int sys_cores(void);

/* The machine's physical memory in MiB; 0 when unknown. */
size_t sys_memory_mib(void);

/* A zeroed region of bytes (the pages are committed lazily where the system does so), its
 * start aligned to align (a power of two); *base and *span describe the whole mapping for
 * sys_pages_free. NULL when refused. */
void *sys_pages_alloc(size_t bytes, size_t align, void **base, size_t *span);

/* Releases what sys_pages_alloc mapped. */
void sys_pages_free(void *base, size_t span);

/* Bits that differ between runs and processes (the time and the process id), to seed choices. */
uint64_t sys_seed(void);

/* Makes a write to a pipe or socket whose reader is gone fail instead of ending the process
 * (POSIX's SIGPIPE; Windows has no such signal). */
void sys_ignore_broken_pipe(void);

/* Flushes f and asks the system to put its bytes on disk; false on an error. */
bool sys_file_sync(FILE *f);

/* The size in bytes of the open file f; false when unknown. */
bool sys_file_size(FILE *f, uint64_t *size);

/* A stream writing into memory: at fclose, *buf (to be freed) holds its *len bytes and a NUL
 * (POSIX's open_memstream). NULL on Windows, whose C library has none: only the match runner,
 * which does not run there, uses it. */
FILE *sys_memstream(char **buf, size_t *len);

/* A scratch file opened for update, removed when closed (in the system's temporary folder). */
FILE *sys_tmpfile(void);

/* Whether f is an interactive terminal (progress lines go there, never into files or pipes). */
bool sys_is_terminal(FILE *f);

/* Makes the folder path (its parent must exist); true when it exists already as a folder. */
bool sys_make_dir(const char *path);
