#pragma once
/* Child processes for the match runner: engines run by the shell with pipes on their standard
 * input and output, and workers that play games side by side. POSIX: the shell is /bin/sh and a
 * worker is a forked process. Windows (proc_win.c): the command runs by CreateProcess, with no
 * shell, and a worker is a thread of this process talking through the same pipes. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef intptr_t ProcId;   /* a process id (Windows: a process or thread handle); 0: none */

/* Whether this system can start processes the way the match runner needs. */
bool proc_available(void);

/* Starts `/bin/sh -c cmd` in dir (NULL: here), in a process group of its own, with *to_fd
 * writing to its standard input and *from_fd reading its standard output (neither inherited by
 * later children); false with err set when the system refuses. */
bool proc_spawn_shell(const char *cmd, const char *dir, ProcId *pid, int *to_fd, int *from_fd, char *err,
                      size_t errsize);

/* Forks a child that runs child(ctx, cmd_fd, res_fd) and exits: cmd_fd reads what the parent
 * writes to *to_fd, res_fd writes what the parent reads from *from_fd. The child first closes
 * the inherit_count descriptors of inherited[] (the pipes of earlier children). False (errno set)
 * when the system refuses. */
bool proc_fork(void (*child)(void *ctx, int cmd_fd, int res_fd), void *ctx, const int *inherited,
               int inherit_count, ProcId *pid, int *to_fd, int *from_fd);

/* Waits up to grace seconds for the process to exit by itself, then kills its process group, and
 * reaps it with the rest of its group that became ours; status (if not NULL) receives how it ended,
 * e.g. "exit status 1" or "killed by signal 11". */
void proc_finish(ProcId pid, double grace, char *status, size_t size);

/* Waits for the process to exit and reaps it. */
void proc_wait(ProcId pid);

/* Makes the calling process inherit the orphans of the processes it starts (Linux), so that
 * killing an engine whose shell or script has children leaves no zombie behind even when the
 * system's init does not reap. Elsewhere orphans go to init as usual. */
void proc_adopt_orphans(void);

/* Waits up to timeout_ms (-1: without end) until one of fds[0..n) (a pipe or a socket; -1 is
 * skipped) can be read or has hung up, setting ready[i] for each such one. The number ready, 0
 * at the timeout, -1 when a signal interrupted the wait, -2 on an error. */
int proc_wait_readable(const int *fds, int n, bool *ready, int timeout_ms);

/* Reads up to size bytes from a pipe of a started process, waiting at most timeout_ms (-1: no
 * limit): the count, 0 when nothing came in time, -1 at its end or on an error. */
long proc_read(int fd, char *buf, size_t size, int timeout_ms);

/* Closes a pipe descriptor. */
void proc_close(int fd);

/* Keeps the file open by f out of the processes started later. */
void proc_keep_private(FILE *f);

/* Until proc_signals_restore: the first Ctrl-C only sets proc_interrupted() (a second one ends
 * the process), a SIGUSR1 only sets proc_report_wanted(), and a write to a pipe whose reader is
 * gone fails instead of ending the process. */
void proc_signals_catch(void);
void proc_signals_restore(void);

/* Whether a Ctrl-C came since proc_signals_catch. */
bool proc_interrupted(void);

/* Whether a SIGUSR1 (a request for the standings so far) came since proc_signals_catch or the
 * last call; clears the request. */
bool proc_report_wanted(void);

/* Ignores Ctrl-C (in a worker: the parent decides what it means). */
void proc_ignore_interrupt(void);
