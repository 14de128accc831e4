/* The Hub protocol checker (see hub_check.h). */
#include "match/hub_check.h"

#include <stdlib.h>
#include <string.h>
#include "match/engine_proc.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "rules/make.h"
#include "util/clock.h"

#define TRANSCRIPT_MAX 600   /* characters of what was read, shown with a failure */
#define HISTORY "32-28 19-23 28x19 14x23 37-32"   /* Black to move: a move for White would be illegal */

typedef struct {
    EngineProc e;
    FILE *out;
    double slow;
    HubCheckReport *report;
    char sent[256];                /* the last line sent */
    char read[TRANSCRIPT_MAX];     /* what was read since */
    Position pos;                  /* the position the engine was given */
    bool alive;
} Checker;

static void send_line(Checker *c, const char *line)
{
    snprintf(c->sent, sizeof c->sent, "%s", line);
    c->read[0] = '\0';
    c->alive = engine_proc_send(&c->e, line) && c->alive;
}

/* Adds a line read to the transcript shown with a failure, as much of it as there is room for. */
static void keep(Checker *c, const char *line)
{
    size_t n = strlen(c->read), room = sizeof c->read - 1 - n, len = strlen(line);
    if (room < 4)
        return;
    if (n) {
        memcpy(c->read + n, " | ", 3);
        n += 3, room -= 3;
    }
    len = len < room ? len : room;
    memcpy(c->read + n, line, len);
    c->read[n + len] = '\0';
}

/* Reads lines until one starts with word (copied to got) or the deadline (seconds from now, times
 * slow) passes; every line read is kept for the report. */
static bool expect(Checker *c, const char *word, double seconds, char *got, size_t size)
{
    double deadline = clock_now() + seconds * c->slow;
    char line[ENGINE_LINE_MAX];
    while (c->alive) {
        EngineIo io = engine_proc_read_line(&c->e, line, sizeof line, deadline);
        if (io == ENGINE_IO_EOF)
            c->alive = false;
        if (io != ENGINE_IO_OK)
            return false;
        keep(c, line);
        if (engine_proc_line_is(line, word)) {
            if (got)
                snprintf(got, size, "%s", line);
            return true;
        }
    }
    return false;
}

/* Brings the dialogue back in step after a check: a search still running is stopped, and every
 * line up to the pong of a ping is dropped (a late done would answer the next check's go). */
static void resync(Checker *c)
{
    send_line(c, "stop");
    send_line(c, "ping");
    expect(c, "pong", 2, NULL, 0);
}

/* Whether no line starting with "error" comes within seconds (other lines are kept). */
static bool quiet_for(Checker *c, double seconds)
{
    return !expect(c, "error", seconds, NULL, 0) && c->alive;
}

static void verdict(Checker *c, const char *name, bool ok, const char *why)
{
    if (ok) {
        c->report->passed++;
        fprintf(c->out, "check-hub: ok   %s\n", name);
    } else {
        c->report->failed++;
        fprintf(c->out, "check-hub: FAIL %s: %s (sent \"%s\", read \"%s\")%s\n", name, why, c->sent, c->read,
                c->alive ? "" : "; the engine is gone");
    }
    fflush(c->out);
}

/* Whether a done line's move is legal in the checker's position. */
static bool done_is_legal(const Checker *c, const char *done, char *why, size_t size)
{
    char text[128];
    if (!engine_proc_line_arg(done, "move", text, sizeof text)) {
        snprintf(why, size, "done has no move=");
        return false;
    }
    Move m;
    char err[256];
    if (notation_parse_move(&c->pos, text, &m, err, sizeof err) != PARSE_OK) {
        snprintf(why, size, "done move=%s is not legal in the position given: %s", text, err);
        return false;
    }
    return true;
}

/* Sends level words then go mode; checks that done comes within seconds with a legal move. */
static void check_search(Checker *c, const char *name, const char *level, const char *go, double seconds)
{
    char line[ENGINE_LINE_MAX], why[512] = "no done";
    send_line(c, level);
    send_line(c, go);
    snprintf(c->sent, sizeof c->sent, "%s; %s", level, go);
    bool ok = expect(c, "done", seconds, line, sizeof line) && done_is_legal(c, line, why, sizeof why);
    if (!c->alive)
        snprintf(why, sizeof why, "no done");
    verdict(c, name, ok, ok ? "" : why);
}

#define PARAMS_MAX 64

static void check_handshake(Checker *c)
{
    char line[ENGINE_LINE_MAX], name[128] = "", param[PARAMS_MAX][400];
    int params = 0;
    bool id = false, wait = false;
    send_line(c, "hub");
    double deadline = clock_now() + 10 * c->slow;
    while (!wait && engine_proc_read_line(&c->e, line, sizeof line, deadline) == ENGINE_IO_OK) {
        char pname[64], value[256];
        if (engine_proc_line_is(line, "id"))
            id = engine_proc_line_arg(line, "name", name, sizeof name) && name[0];
        else if (engine_proc_line_is(line, "param") && params < PARAMS_MAX &&
                 engine_proc_line_arg(line, "name", pname, sizeof pname) &&
                 engine_proc_line_arg(line, "value", value, sizeof value))
            snprintf(param[params++], sizeof param[0], "set-param name=%s value=\"%s\"", pname, value);
        wait = engine_proc_line_is(line, "wait");
        keep(c, line);
    }
    verdict(c, "handshake: hub answers id name=... then wait", id && wait,
            !id ? "no id line with a name=" : "no wait line within 10 s");
    int refused = 0, first_bad = -1;
    for (int i = 0; i < params; i++) {
        send_line(c, param[i]);
        if (!quiet_for(c, 0.2) && refused++ == 0)
            first_bad = i;
    }
    char why[600];
    snprintf(why, sizeof why, "%d of %d parameters refused the value they announced, the first: %.400s", refused,
             params, first_bad >= 0 ? param[first_bad] : "");
    verdict(c, "parameters: each announced one takes its announced value back", params > 0 && !refused,
            params ? why : "no param line announced");
}

static void check_init(Checker *c)
{
    send_line(c, "init");
    verdict(c, "init answers ready", expect(c, "ready", 30, NULL, 0), "no ready within 30 s");
}

/* pos start moves=... then a depth-1 think whose move must be legal after those moves. */
static void check_history(Checker *c)
{
    position_start(&c->pos);
    char moves[] = HISTORY;
    for (char *save = NULL, *w = strtok_r(moves, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        Move m;
        char err[128];
        notation_parse_move(&c->pos, w, &m, err, sizeof err);
        Position next;
        make_move(&c->pos, m, &next, true);
        c->pos = next;
    }
    send_line(c, "pos start moves=\"" HISTORY "\"");
    bool quiet = quiet_for(c, 0.2);
    if (!quiet) {
        verdict(c, "pos with moves played before it", false, "the position was refused");
        return;
    }
    check_search(c, "pos with moves played before it: a legal move after them", "level depth=1", "go think", 10);
}

static void check_levels(Checker *c)
{
    static const struct {
        const char *name, *level;
        double seconds;
    } LEVELS[] = {
        {"level depth=N", "level depth=3", 20},
        {"level nodes=N", "level nodes=2000", 20},
        {"level move-time=T", "level move-time=0.2", 3},
        {"level time=T inc=T (a clock)", "level time=5 inc=0.1", 5},
        {"level moves=N time=T (moves to the control)", "level moves=10 time=3", 5},
    };
    for (size_t i = 0; i < sizeof LEVELS / sizeof LEVELS[0]; i++) {
        resync(c);
        send_line(c, "pos start moves=\"" HISTORY "\"");
        check_search(c, LEVELS[i].name, LEVELS[i].level, "go think", LEVELS[i].seconds);
    }
}

/* level infinite and go analyze: ping answered during the search, stop ends it with a legal move. */
static void check_during_search(Checker *c)
{
    char line[ENGINE_LINE_MAX], why[512] = "no done within 2 s of stop";
    send_line(c, "pos start moves=\"" HISTORY "\"");
    send_line(c, "level infinite");
    send_line(c, "go analyze");
    expect(c, "info", 0.5, NULL, 0);   /* under way */
    send_line(c, "ping");
    bool pong = expect(c, "pong", 1, NULL, 0);
    verdict(c, "ping during a search (level infinite, go analyze) answers pong", pong, "no pong within 1 s");
    send_line(c, "stop");
    bool ok = expect(c, "done", 2, line, sizeof line) && done_is_legal(c, line, why, sizeof why);
    verdict(c, "stop ends an infinite analysis with done and a legal move", ok, why);
}

/* go ponder on the position after the expected move, then ponder-hit: done within the move time. */
static void check_ponder(Checker *c)
{
    char line[ENGINE_LINE_MAX], why[512] = "no done within the move time after ponder-hit";
    send_line(c, "pos start moves=\"" HISTORY "\"");
    send_line(c, "level move-time=0.5");
    send_line(c, "go ponder");
    expect(c, "info", 0.3, NULL, 0);
    bool early = expect(c, "done", 0.3, NULL, 0);
    send_line(c, "ponder-hit");
    bool ok = !early && expect(c, "done", 2, line, sizeof line) && done_is_legal(c, line, why, sizeof why);
    verdict(c, "go ponder waits for ponder-hit, then plays within its time", ok,
            early ? "done came before ponder-hit (a ponder search must wait)" : why);
}

static void check_bad_input(Checker *c)
{
    send_line(c, "this-is-no-command at=all");
    bool error = expect(c, "error", 1, NULL, 0);
    send_line(c, "ping");
    bool pong = expect(c, "pong", 1, NULL, 0);
    verdict(c, "a bad line gets an error line and the engine goes on", error && pong,
            !error ? "no error line" : "no pong after it");
}

static void check_quit(Checker *c)
{
    bool was_alive = c->alive;
    send_line(c, "quit");
    double deadline = clock_now() + 2 * c->slow;
    char line[ENGINE_LINE_MAX];
    EngineIo io;
    while ((io = engine_proc_read_line(&c->e, line, sizeof line, deadline)) == ENGINE_IO_OK)
        ;
    verdict(c, "quit: the engine exits", was_alive && io == ENGINE_IO_EOF,
            was_alive ? "its output stayed open 2 s after quit" : "it had exited before quit");
    c->alive = false;
}

bool hub_check_run(const char *cmd, const char *dir, double slow, FILE *out, HubCheckReport *report)
{
    memset(report, 0, sizeof *report);
    Checker *c = calloc(1, sizeof *c);
    if (!c)
        return false;
    c->out = out, c->slow = slow > 0 ? slow : 1, c->report = report, c->alive = true;
    engine_proc_init(&c->e);
    char err[256];
    bool started = engine_proc_spawn(&c->e, cmd, dir, err, sizeof err);
    if (!started) {
        snprintf(c->sent, sizeof c->sent, "(start) %s", cmd);
        snprintf(c->read, sizeof c->read, "%s", err);
        verdict(c, "the engine starts", false, "cannot start it");
    } else {
        check_handshake(c);
        check_init(c);
        resync(c);
        check_history(c);
        check_levels(c);
        resync(c);
        check_during_search(c);
        resync(c);
        check_ponder(c);
        resync(c);
        check_bad_input(c);
        resync(c);
        check_quit(c);
        engine_proc_kill(&c->e, NULL, 0);
    }
    free(c);
    return started;
}
