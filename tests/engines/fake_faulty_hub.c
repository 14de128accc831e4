/* A Hub v2 engine with faults planted on purpose, for check-hub's tests.
 * usage: fake_faulty_hub [FAULT...]; with no fault it follows the protocol (its move: the first
 * legal one, after 50 ms; an infinite or ponder search waits for stop or ponder-hit).
 * FAULT: nowait (no wait after the handshake), badparam (refuses set-param), noready (init gets
 * no answer), history (ignores pos moves=), nodepth (level depth= searches never end), nopong
 * (no pong while searching), nostop (stop ignored), earlyponder (go ponder answers at once),
 * noerror (bad lines ignored), noquit (quit ignored). */
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "match/engine_proc.h"
#include "rules/make.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "rules/rules.h"

static bool fault[16];
static const char *const FAULTS[] = {"nowait", "badparam", "noready", "history", "nodepth",
                                     "nopong", "nostop",   "earlyponder", "noerror", "noquit"};
enum { NOWAIT, BADPARAM, NOREADY, HISTORY, NODEPTH, NOPONG, NOSTOP, EARLYPONDER, NOERROR, NOQUIT };

static Position pos;

static void say(const char *line)
{
    puts(line);
    fflush(stdout);
}

/* Reads a line, waiting at most ms milliseconds (-1: forever); false when none came. */
static bool read_line(char *line, size_t size, int ms)
{
    struct pollfd p = {.fd = 0, .events = POLLIN};
    if (poll(&p, 1, ms) <= 0)
        return false;
    if (!fgets(line, (int)size, stdin))
        exit(0);
    line[strcspn(line, "\r\n")] = '\0';
    return true;
}

static void set_position(const char *line)
{
    char text[4096];
    position_start(&pos);
    if (fault[HISTORY] || !engine_proc_line_arg(line, "moves", text, sizeof text))
        return;
    for (char *save = NULL, *w = strtok_r(text, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        Move m;
        char err[256];
        if (notation_parse_move(&pos, w, &m, err, sizeof err) != PARSE_OK)
            return;
        Position next;
        make_move(&pos, m, &next, true);
        pos = next;
    }
}

static void done(void)
{
    MoveList list;
    movegen_generate(&pos, &list);
    char text[MOVE_TEXT_MAX] = "none", out[MOVE_TEXT_MAX + 16];
    if (list.count)
        notation_format_move(&pos, list.moves[0], text);
    snprintf(out, sizeof out, "done move=%s", text);
    say(out);
}

/* A search: until stop (or ponder-hit) when it waits, else 50 ms; answers ping meanwhile. */
static void search(bool waits)
{
    say("info depth=1 score=0.00");
    if (!waits) {
        struct timespec nap = {0, 50000000};
        nanosleep(&nap, NULL);
        done();
        return;
    }
    char line[4096];
    for (;;) {
        if (!read_line(line, sizeof line, -1))
            continue;
        if (strcmp(line, "ping") == 0 && !fault[NOPONG])
            say("pong");
        else if ((strcmp(line, "stop") == 0 && !fault[NOSTOP]) || strcmp(line, "ponder-hit") == 0)
            break;
        else if (strcmp(line, "quit") == 0 && !fault[NOQUIT])
            exit(0);
    }
    done();
}

int main(int argc, char **argv)
{
    rules_init();
    setvbuf(stdin, NULL, _IONBF, 0);   /* poll sees every line: none waits in a stdio buffer */
    for (int i = 1; i < argc; i++)
        for (int f = 0; f < (int)(sizeof FAULTS / sizeof FAULTS[0]); f++)
            fault[f] = fault[f] || strcmp(argv[i], FAULTS[f]) == 0;
    position_start(&pos);
    bool infinite = false, deep = false;
    char line[4096];
    for (;;) {
        if (!read_line(line, sizeof line, -1))
            continue;
        if (engine_proc_line_is(line, "hub")) {
            say("id name=Faulty version=1");
            say("param name=hash value=16 type=int min=1 max=64");
            if (!fault[NOWAIT])
                say("wait");
        } else if (engine_proc_line_is(line, "set-param")) {
            if (fault[BADPARAM])
                say("error message=\"no\"");
        } else if (engine_proc_line_is(line, "init")) {
            if (!fault[NOREADY])
                say("ready");
        } else if (engine_proc_line_is(line, "pos")) {
            set_position(line);
        } else if (engine_proc_line_is(line, "level")) {
            infinite = strstr(line, "infinite") != NULL;
            deep = strstr(line, "depth=") != NULL && fault[NODEPTH];
        } else if (engine_proc_line_is(line, "go")) {
            bool ponder = strstr(line, "ponder") != NULL;
            search((infinite || deep || ponder) && !(ponder && fault[EARLYPONDER]));
            infinite = deep = false;
        } else if (engine_proc_line_is(line, "ping")) {
            say("pong");
        } else if (engine_proc_line_is(line, "new-game") || engine_proc_line_is(line, "stop") ||
                   engine_proc_line_is(line, "ponder-hit")) {
        } else if (engine_proc_line_is(line, "quit")) {
            if (!fault[NOQUIT])
                return 0;
        } else if (!fault[NOERROR]) {
            say("error message=\"unknown command\"");
        }
    }
}
