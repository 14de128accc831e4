/* Child processes (see proc.h) on POSIX systems: fork and exec. Windows: proc_win.c. */
#include "util/proc.h"

#include <stdlib.h>
#include <string.h>

#ifndef _WIN32
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <time.h>
#include <unistd.h>
#include "util/clock.h"
#include "util/input.h"

bool proc_available(void) { return true; }

/* Child side of the fork: wire the pipes to stdin/stdout and exec the shell. Never returns. */
static void exec_child(const char *cmd, const char *dir, int in_fd, int out_fd, int close1, int close2)
{
    setpgid(0, 0);
    signal(SIGPIPE, SIG_DFL);   /* the match ignores both; the engine gets the defaults back */
    signal(SIGINT, SIG_DFL);
    close(close1);
    close(close2);
    if (dup2(in_fd, STDIN_FILENO) < 0 || dup2(out_fd, STDOUT_FILENO) < 0)
        _exit(127);
    close(in_fd);
    close(out_fd);
    if (dir && chdir(dir) != 0) {
        fprintf(stderr, "engine: cannot enter directory %s: %s\n", dir, strerror(errno));
        _exit(127);
    }
    execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
    _exit(127);
}

bool proc_spawn_shell(const char *cmd, const char *dir, ProcId *pid_out, int *to_fd, int *from_fd, char *err,
                      size_t errsize)
{
    int to_child[2], from_child[2];
    if (pipe(to_child) != 0) {
        snprintf(err, errsize, "pipe: %s", strerror(errno));
        return false;
    }
    if (pipe(from_child) != 0) {
        snprintf(err, errsize, "pipe: %s", strerror(errno));
        close(to_child[0]);
        close(to_child[1]);
        return false;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, errsize, "fork: %s", strerror(errno));
        close(to_child[0]);
        close(to_child[1]);
        close(from_child[0]);
        close(from_child[1]);
        return false;
    }
    if (pid == 0)
        exec_child(cmd, dir, to_child[0], from_child[1], to_child[1], from_child[0]);
    setpgid(pid, pid);   /* also done by the child: whichever runs first wins the race */
    close(to_child[0]);
    close(from_child[1]);
    fcntl(to_child[1], F_SETFD, FD_CLOEXEC);
    fcntl(from_child[0], F_SETFD, FD_CLOEXEC);
    *pid_out = pid;
    *to_fd = to_child[1];
    *from_fd = from_child[0];
    return true;
}

bool proc_fork(void (*child)(void *ctx, int cmd_fd, int res_fd), void *ctx, const int *inherited,
               int inherit_count, ProcId *pid_out, int *to_fd, int *from_fd)
{
    int cmd[2], res[2];
    if (pipe(cmd) != 0)
        return false;
    if (pipe(res) != 0) {
        close(cmd[0]);
        close(cmd[1]);
        return false;
    }
    for (int i = 0; i < 2; i++) {   /* processes started by any child must not inherit these */
        fcntl(cmd[i], F_SETFD, FD_CLOEXEC);
        fcntl(res[i], F_SETFD, FD_CLOEXEC);
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        int e = errno;
        for (int i = 0; i < 2; i++) {
            close(cmd[i]);
            close(res[i]);
        }
        errno = e;
        return false;
    }
    if (pid == 0) {
        for (int i = 0; i < inherit_count; i++)
            close(inherited[i]);
        close(cmd[1]);
        close(res[0]);
        child(ctx, cmd[0], res[1]);
        _exit(0);
    }
    close(cmd[0]);
    close(res[1]);
    *pid_out = pid;
    *to_fd = cmd[1];
    *from_fd = res[0];
    return true;
}

/* Describes a wait() status. */
static void describe_status(int status, char *out, size_t size)
{
    if (WIFEXITED(status))
        snprintf(out, size, "exit status %d", WEXITSTATUS(status));
    else if (WIFSIGNALED(status))
        snprintf(out, size, "killed by signal %d", WTERMSIG(status));
    else
        snprintf(out, size, "status %d", status);
}

void proc_finish(ProcId id, double grace, char *status, size_t size)
{
    if (status && size)
        status[0] = '\0';
    if (id <= 0)
        return;
    pid_t pid = (pid_t)id;
    int st = 0;
    pid_t r;
    double deadline = clock_now() + grace;
    while ((r = waitpid(pid, &st, WNOHANG)) == 0 && clock_now() < deadline) {
        struct timespec nap = {0, 2 * 1000 * 1000};
        nanosleep(&nap, NULL);
    }
    kill(-pid, SIGKILL);   /* the group: whatever the engine started goes too */
    if (r == 0) {
        kill(pid, SIGKILL);
        while ((r = waitpid(pid, &st, 0)) < 0 && errno == EINTR)
            ;
    }
    /* reap the rest of the group that became ours (see proc_adopt_orphans) */
    int other;
    while (waitpid(-pid, &other, 0) > 0 || errno == EINTR)
        ;
    if (status && size)
        describe_status(st, status, size);
}

void proc_wait(ProcId pid)
{
    while (waitpid((pid_t)pid, NULL, 0) < 0 && errno == EINTR)
        ;
}

void proc_adopt_orphans(void)
{
#ifdef __linux__
    prctl(PR_SET_CHILD_SUBREAPER, 1);
#endif
}

int proc_wait_readable(const int *fds, int n, bool *ready, int timeout_ms)
{
    struct pollfd p[64];
    if (n > 64)
        n = 64;
    for (int i = 0; i < n; i++)
        p[i] = (struct pollfd){.fd = fds[i], .events = POLLIN};
    int r = poll(p, (nfds_t)n, timeout_ms);
    if (r < 0)
        return errno == EINTR ? -1 : -2;
    for (int i = 0; i < n; i++)
        ready[i] = fds[i] >= 0 && (p[i].revents & (POLLIN | POLLHUP | POLLERR));
    return r;
}

void proc_close(int fd) { close(fd); }

long proc_read(int fd, char *buf, size_t size, int timeout_ms) { return input_read(fd, buf, size, timeout_ms); }

void proc_keep_private(FILE *f) { fcntl(fileno(f), F_SETFD, FD_CLOEXEC); }

/* Set by the first Ctrl-C; a signal handler can only talk through such a flag. */
static volatile sig_atomic_t interrupted, report_wanted;
static void (*old_pipe)(int);
static struct sigaction old_int, old_usr1;

static void on_interrupt(int sig)
{
    (void)sig;
    interrupted = 1;
}

static void on_report(int sig)
{
    (void)sig;
    report_wanted = 1;
}

void proc_signals_catch(void)
{
    old_pipe = signal(SIGPIPE, SIG_IGN);
    interrupted = 0;
    struct sigaction sa = {.sa_handler = on_interrupt, .sa_flags = SA_RESETHAND};
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old_int);
    report_wanted = 0;
    struct sigaction usr = {.sa_handler = on_report};
    sigemptyset(&usr.sa_mask);
    sigaction(SIGUSR1, &usr, &old_usr1);
}

void proc_signals_restore(void)
{
    signal(SIGPIPE, old_pipe);
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGUSR1, &old_usr1, NULL);
}

bool proc_interrupted(void) { return interrupted != 0; }

bool proc_report_wanted(void)
{
    bool wanted = report_wanted != 0;
    report_wanted = 0;
    return wanted;
}

void proc_ignore_interrupt(void) { signal(SIGINT, SIG_IGN); }
#endif
