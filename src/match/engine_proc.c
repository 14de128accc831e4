#include "match/engine_proc.h"

#include <stdio.h>
#include <string.h>
#include "util/clock.h"
#include "util/fdio.h"

void engine_proc_init(EngineProc *e)
{
    e->pid = 0;
    e->to_fd = e->from_fd = -1;
    e->len = 0;
    e->id_name[0] = '\0';
}

bool engine_proc_spawn(EngineProc *e, const char *cmd, const char *dir, char *err, size_t errsize)
{
    if (!proc_spawn_shell(cmd, dir, &e->pid, &e->to_fd, &e->from_fd, err, errsize))
        return false;
    e->len = 0;
    e->id_name[0] = '\0';
    return true;
}

bool engine_proc_send(EngineProc *e, const char *line)
{
    if (e->to_fd < 0)
        return false;
    size_t n = strlen(line);
    char buf[ENGINE_LINE_MAX + 1];
    if (n > ENGINE_LINE_MAX - 1)
        n = ENGINE_LINE_MAX - 1;
    memcpy(buf, line, n);
    buf[n++] = '\n';
    return fdio_write_all(e->to_fd, buf, n);
}

/* Moves the first line (or a full buffer) out of e->buf; false when no line is complete. */
static bool take_line(EngineProc *e, char *line, size_t size, bool force)
{
    char *nl = memchr(e->buf, '\n', e->len);
    if (!nl && !(force && e->len > 0) && e->len < sizeof e->buf)
        return false;
    size_t n = nl ? (size_t)(nl - e->buf) : e->len;
    size_t consumed = nl ? n + 1 : n;
    if (n > 0 && e->buf[n - 1] == '\r')
        n--;
    size_t copy = n < size - 1 ? n : size - 1;
    memcpy(line, e->buf, copy);
    line[copy] = '\0';
    memmove(e->buf, e->buf + consumed, e->len - consumed);
    e->len -= consumed;
    return true;
}

EngineIo engine_proc_read_line(EngineProc *e, char *line, size_t size, double deadline)
{
    for (;;) {
        if (take_line(e, line, size, false))
            return ENGINE_IO_OK;
        if (e->from_fd < 0)
            return ENGINE_IO_EOF;
        double left = deadline - clock_now();
        if (left <= 0)
            return ENGINE_IO_TIMEOUT;
        int wait_ms = left > 1e6 ? 1000000000 : (int)(left * 1000.0) + 1;
        long got = proc_read(e->from_fd, e->buf + e->len, sizeof e->buf - e->len, wait_ms);
        if (got == 0)
            continue;
        if (got < 0) {
            /* end of output: a last unterminated line is still returned */
            proc_close(e->from_fd);
            e->from_fd = -1;
            if (take_line(e, line, size, true))
                return ENGINE_IO_OK;
            return ENGINE_IO_EOF;
        }
        e->len += (size_t)got;
    }
}

/* Closes both pipes and drops buffered output. */
static void close_fds(EngineProc *e)
{
    if (e->to_fd >= 0)
        proc_close(e->to_fd);
    if (e->from_fd >= 0)
        proc_close(e->from_fd);
    e->to_fd = e->from_fd = -1;
    e->len = 0;
}

void engine_proc_finish(EngineProc *e, double grace, char *status, size_t size)
{
    proc_finish(e->pid, grace, status, size);
    close_fds(e);
    e->pid = 0;
}

void engine_proc_kill(EngineProc *e, char *status, size_t size)
{
    engine_proc_finish(e, 0, status, size);
}

void engine_proc_stop(EngineProc *e, double grace)
{
    if (e->pid > 0) {
        engine_proc_send(e, "quit");
        if (e->to_fd >= 0)
            proc_close(e->to_fd);
        e->to_fd = -1;
    }
    engine_proc_finish(e, grace, NULL, 0);
}

bool engine_proc_line_is(const char *line, const char *cmd)
{
    while (*line == ' ' || *line == '\t')
        line++;
    size_t n = strlen(cmd);
    return strncmp(line, cmd, n) == 0 && (line[n] == '\0' || line[n] == ' ' || line[n] == '\t');
}

bool engine_proc_line_arg(const char *line, const char *key, char *out, size_t size)
{
    size_t klen = strlen(key);
    const char *p = line;
    while (*p == ' ' || *p == '\t')
        p++;
    while (*p && *p != ' ' && *p != '\t')   /* the command word */
        p++;
    for (;;) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p)
            return false;
        const char *name = p;
        while (*p && *p != ' ' && *p != '\t' && *p != '=')
            p++;
        bool match = (size_t)(p - name) == klen && strncmp(name, key, klen) == 0;
        const char *val = p, *end = p;
        if (*p == '=') {
            p++;
            if (*p == '"') {
                val = ++p;
                while (*p && *p != '"')
                    p++;
                end = p;
                if (*p)
                    p++;
            } else {
                val = p;
                while (*p && *p != ' ' && *p != '\t')
                    p++;
                end = p;
            }
        }
        if (match) {
            size_t n = (size_t)(end - val);
            if (n > size - 1)
                n = size - 1;
            memcpy(out, val, n);
            out[n] = '\0';
            return true;
        }
    }
}

/* Reads lines until one starting with want; collects the id name on the way. */
static bool wait_for(EngineProc *e, const char *want, double deadline, char *err, size_t errsize)
{
    char line[ENGINE_LINE_MAX];
    for (;;) {
        EngineIo io = engine_proc_read_line(e, line, sizeof line, deadline);
        if (io == ENGINE_IO_TIMEOUT) {
            snprintf(err, errsize, "no \"%s\" in time", want);
            return false;
        }
        if (io == ENGINE_IO_EOF) {
            snprintf(err, errsize, "engine exited before \"%s\"", want);
            return false;
        }
        if (engine_proc_line_is(line, want))
            return true;
        if (engine_proc_line_is(line, "id")) {
            char name[ENGINE_NAME_MAX / 2], version[ENGINE_NAME_MAX / 2];
            if (engine_proc_line_arg(line, "name", name, sizeof name)) {
                if (engine_proc_line_arg(line, "version", version, sizeof version) && version[0])
                    snprintf(e->id_name, sizeof e->id_name, "%s %s", name, version);
                else
                    snprintf(e->id_name, sizeof e->id_name, "%s", name);
            }
        }
    }
}

/* Sends a line during the handshake; says so in err when the engine is gone. */
static bool send_checked(EngineProc *e, const char *line, char *err, size_t errsize)
{
    if (engine_proc_send(e, line))
        return true;
    snprintf(err, errsize, "engine does not read \"%s\"", line);
    return false;
}

bool engine_proc_start(EngineProc *e, const EngineConfig *cfg, double timeout, char *err, size_t errsize)
{
    if (!engine_proc_spawn(e, cfg->cmd, cfg->dir, err, errsize))
        return false;
    double deadline = clock_now() + timeout;
    bool ok = send_checked(e, "hub", err, errsize) && wait_for(e, "wait", deadline, err, errsize);
    for (int i = 0; ok && i < cfg->param_count; i++) {
        const char *eq = strchr(cfg->params[i], '=');
        char line[512];
        if (eq)
            snprintf(line, sizeof line, "set-param name=%.*s value=\"%s\"", (int)(eq - cfg->params[i]),
                     cfg->params[i], eq + 1);
        else
            snprintf(line, sizeof line, "set-param name=%s", cfg->params[i]);
        ok = send_checked(e, line, err, errsize);
    }
    ok = ok && send_checked(e, "init", err, errsize) && wait_for(e, "ready", deadline, err, errsize);
    if (!ok) {
        char status[64];
        engine_proc_finish(e, 0.1, status, sizeof status);
        size_t used = strlen(err);
        if (status[0] && used < errsize)
            snprintf(err + used, errsize - used, " (%s)", status);
    }
    return ok;
}
