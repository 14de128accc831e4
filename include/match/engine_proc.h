#pragma once
/* A Hub engine run as a child process: start-up handshake, line I/O with deadlines, and
 * clean or forced shutdown. The child runs `/bin/sh -c CMD` in its own process group, so
 * killing it also kills anything it started (util/proc: not available on Windows). */
#include <stdbool.h>
#include <stddef.h>
#include "util/proc.h"

#define ENGINE_MAX_PARAMS 16
#define ENGINE_LINE_MAX 8192
#define ENGINE_NAME_MAX 64

/* How the match talks to an engine (the prefix of its command: none, hub1:, dxp:, dxp-listen:). */
typedef enum { ENGINE_HUB, ENGINE_HUB1, ENGINE_DXP, ENGINE_DXP_LISTEN } EngineProtocol;

typedef struct {
    const char *cmd;                          /* shell command line, without its protocol prefix */
    EngineProtocol protocol;
    const char *dir;                          /* working directory, or NULL */
    const char *name;                         /* display name, or NULL: the engine's id */
    const char *params[ENGINE_MAX_PARAMS];    /* "name=value" pairs sent with set-param */
    int param_count;
} EngineConfig;

typedef struct {
    ProcId pid;                /* 0 when not running */
    int to_fd, from_fd;
    char buf[ENGINE_LINE_MAX];
    size_t len;                /* bytes buffered in buf, not yet returned as lines */
    char id_name[ENGINE_NAME_MAX];
} EngineProc;

typedef enum { ENGINE_IO_OK, ENGINE_IO_TIMEOUT, ENGINE_IO_EOF } EngineIo;

/* A process that is not running (pid 0, fds closed). */
void engine_proc_init(EngineProc *e);

/* Starts `/bin/sh -c cmd` in dir (NULL: here) with pipes on its stdin and stdout; false (err set)
 * when the system refuses. */
bool engine_proc_spawn(EngineProc *e, const char *cmd, const char *dir, char *err, size_t errsize);

/* Starts the engine and runs hub ... wait, set-param, init ... ready within timeout seconds.
 * On failure the process is gone and err says why. */
bool engine_proc_start(EngineProc *e, const EngineConfig *cfg, double timeout, char *err, size_t errsize);

/* Sends one line (a newline is appended). False when the engine no longer reads its input. */
bool engine_proc_send(EngineProc *e, const char *line);

/* Reads one line (without the newline) before the monotonic time deadline. A line longer
 * than the buffer is returned in pieces. */
EngineIo engine_proc_read_line(EngineProc *e, char *line, size_t size, double deadline);

/* Sends quit and waits up to grace seconds for the engine to exit, then kills it. */
void engine_proc_stop(EngineProc *e, double grace);

/* Waits up to grace seconds for the engine to exit by itself, then kills its process group;
 * reaps it. status (if not NULL) receives how it ended, e.g. "exit status 1". */
void engine_proc_finish(EngineProc *e, double grace, char *status, size_t size);

/* Kills the process group at once and reaps it; status (if not NULL) receives how the
 * process ended, e.g. "exit status 1" or "killed by signal 11". */
void engine_proc_kill(EngineProc *e, char *status, size_t size);

/* The value of argument key in a Hub line (`key=value` or `key="quoted value"`), copied to
 * out; false when absent. A flag without a value yields "". */
bool engine_proc_line_arg(const char *line, const char *key, char *out, size_t size);

/* True when the first word of the line is cmd. */
bool engine_proc_line_is(const char *line, const char *cmd);
