/* Child processes (see proc.h) on Windows: engines by CreateProcess with anonymous pipes, workers
 * as threads. POSIX: proc.c. */
#include "util/proc.h"

#ifdef _WIN32
#include <errno.h>
#include <fcntl.h>
#include <io.h>
#include <process.h>
#include <stdlib.h>
#include <string.h>
#include <windows.h>
#include "util/clock.h"

#define WORKER_STACK (8u << 20)
#define PIPE_BYTES 65536

/* Held while handles are inheritable and a process is being created, so that an engine started by
 * one worker thread never inherits the pipes of one another thread is starting. */
static SRWLOCK spawn_lock = SRWLOCK_INIT;

/* Set by the first Ctrl-C, as proc.c's signal handler does. */
static volatile LONG interrupted;

bool proc_available(void) { return true; }

/* A CRT descriptor in binary mode over handle h, which it then owns; -1 on failure (h closed). */
static int handle_fd(HANDLE h, int flags)
{
    int fd = _open_osfhandle((intptr_t)h, flags | _O_BINARY);
    if (fd < 0)
        CloseHandle(h);
    else
        _setmode(fd, _O_BINARY);
    return fd;
}

/* Whether a file path (or path.exe) exists. */
static bool program_exists(const char *path)
{
    char exe[MAX_PATH + 8];
    snprintf(exe, sizeof exe, "%s.exe", path);
    return GetFileAttributesA(path) != INVALID_FILE_ATTRIBUTES || GetFileAttributesA(exe) != INVALID_FILE_ATTRIBUTES;
}

/* The command line to run: cmd, with its program found in dir when it names a relative path there
 * (CreateProcess would look in this process's folder and PATH, not the child's folder). A copy the
 * caller frees. */
static char *command_line(const char *cmd, const char *dir)
{
    const char *p = cmd + strspn(cmd, " \t");
    size_t word = strcspn(p, " \t");
    bool relative = *p && *p != '"' && *p != '\\' && *p != '/' && p[1] != ':';
    size_t n = strlen(cmd) + (dir ? strlen(dir) : 0) + 4;
    char *line = malloc(n);
    if (!line)
        return NULL;
    snprintf(line, n, "%s\\%.*s", dir ? dir : "", (int)word, p);
    if (dir && relative && word < MAX_PATH && program_exists(line))
        snprintf(line, n, "%s\\%s", dir, p);
    else
        snprintf(line, n, "%s", cmd);
    return line;
}

bool proc_spawn_shell(const char *cmd, const char *dir, ProcId *pid, int *to_fd, int *from_fd, char *err,
                      size_t errsize)
{
    HANDLE in_read, in_write, out_read, out_write;
    if (!CreatePipe(&in_read, &in_write, NULL, PIPE_BYTES)) {
        snprintf(err, errsize, "CreatePipe: error %lu", GetLastError());
        return false;
    }
    if (!CreatePipe(&out_read, &out_write, NULL, PIPE_BYTES)) {
        snprintf(err, errsize, "CreatePipe: error %lu", GetLastError());
        CloseHandle(in_read), CloseHandle(in_write);
        return false;
    }
    char *line = command_line(cmd, dir);
    STARTUPINFOA si;
    memset(&si, 0, sizeof si);
    si.cb = sizeof si;
    si.dwFlags = STARTF_USESTDHANDLES;
    si.hStdInput = in_read;
    si.hStdOutput = out_write;
    si.hStdError = GetStdHandle(STD_ERROR_HANDLE);
    PROCESS_INFORMATION pi;
    AcquireSRWLockExclusive(&spawn_lock);
    SetHandleInformation(in_read, HANDLE_FLAG_INHERIT, HANDLE_FLAG_INHERIT);
    SetHandleInformation(out_write, HANDLE_FLAG_INHERIT, HANDLE_FLAG_INHERIT);
    BOOL ok = line && CreateProcessA(NULL, line, NULL, NULL, TRUE, 0, NULL, dir, &si, &pi);
    DWORD why = GetLastError();
    ReleaseSRWLockExclusive(&spawn_lock);
    free(line);
    CloseHandle(in_read);
    CloseHandle(out_write);
    if (!ok) {
        snprintf(err, errsize, "cannot run \"%.200s\": %s", cmd, line ? "" : "out of memory");
        if (line)
            snprintf(err + strlen(err), errsize - strlen(err), "error %lu", why);
        CloseHandle(in_write), CloseHandle(out_read);
        return false;
    }
    CloseHandle(pi.hThread);
    *to_fd = handle_fd(in_write, 0);
    *from_fd = handle_fd(out_read, _O_RDONLY);
    *pid = (ProcId)pi.hProcess;
    if (*to_fd < 0 || *from_fd < 0) {
        snprintf(err, errsize, "cannot wrap the engine's pipes");
        proc_finish(*pid, 0, NULL, 0);
        return false;
    }
    return true;
}

typedef struct {
    void (*child)(void *ctx, int cmd_fd, int res_fd);
    void *ctx;
    int cmd_fd, res_fd;
} WorkerStart;

/* A worker thread: runs the child's function, then closes its ends of the pipes, as a process's
 * exit would. */
static unsigned __stdcall worker_thread(void *p)
{
    WorkerStart w = *(WorkerStart *)p;
    free(p);
    w.child(w.ctx, w.cmd_fd, w.res_fd);
    _close(w.cmd_fd);
    _close(w.res_fd);
    return 0;
}

bool proc_fork(void (*child)(void *ctx, int cmd_fd, int res_fd), void *ctx, const int *inherited,
               int inherit_count, ProcId *pid, int *to_fd, int *from_fd)
{
    (void)inherited, (void)inherit_count;   /* a thread holds no copies of the others' pipes */
    int cmd[2], res[2];
    if (_pipe(cmd, PIPE_BYTES, _O_BINARY | _O_NOINHERIT) != 0)
        return false;
    if (_pipe(res, PIPE_BYTES, _O_BINARY | _O_NOINHERIT) != 0) {
        _close(cmd[0]), _close(cmd[1]);
        return false;
    }
    WorkerStart *w = malloc(sizeof *w);
    uintptr_t h = 0;
    if (w) {
        *w = (WorkerStart){child, ctx, cmd[0], res[1]};
        h = _beginthreadex(NULL, WORKER_STACK, worker_thread, w, 0, NULL);
    }
    if (!h) {
        free(w);
        _close(cmd[0]), _close(cmd[1]), _close(res[0]), _close(res[1]);
        errno = EAGAIN;
        return false;
    }
    *pid = (ProcId)h;
    *to_fd = cmd[1];
    *from_fd = res[0];
    return true;
}

void proc_finish(ProcId pid, double grace, char *status, size_t size)
{
    if (status && size)
        status[0] = '\0';
    if (pid == 0)
        return;
    HANDLE h = (HANDLE)pid;
    DWORD code = 0;
    if (WaitForSingleObject(h, (DWORD)(grace * 1000.0)) != WAIT_OBJECT_0) {
        TerminateProcess(h, 137);
        WaitForSingleObject(h, 5000);
        if (status && size)
            snprintf(status, size, "killed");
    } else if (GetExitCodeProcess(h, &code) && status && size) {
        snprintf(status, size, "exit status %lu", code);
    }
    CloseHandle(h);
}

void proc_wait(ProcId pid)
{
    if (pid == 0)
        return;
    WaitForSingleObject((HANDLE)pid, INFINITE);
    CloseHandle((HANDLE)pid);
}

void proc_adopt_orphans(void) {}

/* Bytes waiting in the pipe under fd: > 0, 0 none, -1 when its writer is gone (or no pipe). */
static long pipe_waiting(int fd)
{
    DWORD avail = 0;
    HANDLE h = (HANDLE)_get_osfhandle(fd);
    if (h == INVALID_HANDLE_VALUE || !PeekNamedPipe(h, NULL, 0, NULL, &avail, NULL))
        return -1;
    return (long)avail;
}

int proc_wait_readable(const int *fds, int n, bool *ready, int timeout_ms)
{
    double deadline = clock_now() + timeout_ms / 1000.0;
    for (int spins = 0;; spins++) {
        int count = 0;
        for (int i = 0; i < n; i++) {
            ready[i] = fds[i] >= 0 && pipe_waiting(fds[i]) != 0;
            count += ready[i];
        }
        if (count)
            return count;
        if (interrupted)
            return -1;
        if (timeout_ms >= 0 && clock_now() >= deadline)
            return 0;
        Sleep(spins < 50 ? 0 : 1);   /* a pipe cannot be waited on: poll, briefly at first */
    }
}

long proc_read(int fd, char *buf, size_t size, int timeout_ms)
{
    bool ready;
    int r = proc_wait_readable(&fd, 1, &ready, timeout_ms);
    while (r == -1)   /* a Ctrl-C is the match's to act on, not the engine's read */
        r = proc_wait_readable(&fd, 1, &ready, timeout_ms);
    if (r == 0)
        return 0;
    long waiting = pipe_waiting(fd);
    if (waiting < 0)
        return -1;
    int got = _read(fd, buf, (unsigned)((size_t)waiting < size ? (size_t)waiting : size));
    return got > 0 ? got : -1;
}

void proc_close(int fd) { _close(fd); }

void proc_keep_private(FILE *f) { SetHandleInformation((HANDLE)_get_osfhandle(_fileno(f)), HANDLE_FLAG_INHERIT, 0); }

/* The first Ctrl-C (or Ctrl-Break) sets the flag; a second one is left to Windows: it ends us. */
static BOOL WINAPI on_console_event(DWORD event)
{
    if ((event != CTRL_C_EVENT && event != CTRL_BREAK_EVENT) || interrupted)
        return FALSE;
    interrupted = 1;
    return TRUE;
}

void proc_signals_catch(void)
{
    interrupted = 0;
    SetConsoleCtrlHandler(on_console_event, TRUE);
}

void proc_signals_restore(void) { SetConsoleCtrlHandler(on_console_event, FALSE); }

bool proc_interrupted(void) { return interrupted != 0; }

bool proc_report_wanted(void) { return false; }

void proc_ignore_interrupt(void) {}
#endif
