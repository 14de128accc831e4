/* The browser build in a real browser (make check-wasm): headless Chromium, driven over the
 * DevTools protocol (cdp.h), opens the page from file://, plays a game of 30 moves a side against
 * the engine by clicking squares (our moves are the native engine's choices at a low level, so the
 * game lasts), loads a PDN, analyses to depth 12 with three lines, measures how soon ping and stop
 * are answered, picks one of two captures with the same ends, plays a Frisian move, and saves
 * screenshots of the game, the analysis and the question which capture (DIR/game.png,
 * analysis.png, choose.png). Prints the figures; exits 1 on a failure. The puzzle mode has a
 * check of its own (puzzle_check.c).
 *   browser_check PAGE ENGINE DIR [CHROMIUM]   (PAGE: an absolute path, or a URL) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cdp.h"
#include "util/clock.h"
#include "util/fdio.h"
#include "util/input.h"
#include "util/proc.h"

#define GAME_MOVES 30          /* our moves in the game, each answered by the engine */
#define ANALYSIS_DEPTH 12
/* A bound on ping and stop that only a worker blocked by its search misses: the figures printed
 * are 10-20 ms, idle or with both cores busy, and a loaded CI machine must not fail by chance. */
#define LATENCY_MAX_MS 1000.0

typedef struct {
    int to, from;
    char buf[65536];
    size_t len;
} Engine;

/* One line from the native engine. */
static void engine_line(Engine *e, char *out, size_t size)
{
    double deadline = clock_now() + CDP_WAIT_SECONDS;
    for (;;) {
        char *nl = memchr(e->buf, '\n', e->len);
        if (nl) {
            size_t n = (size_t)(nl - e->buf);
            snprintf(out, size, "%.*s", (int)n, e->buf);
            memmove(e->buf, nl + 1, e->len - n - 1);
            e->len -= n + 1;
            return;
        }
        if (clock_now() > deadline || e->len == sizeof e->buf)
            cdp_fail("the native engine did not answer");
        long got = input_read(e->from, e->buf + e->len, sizeof e->buf - e->len, 1000);
        if (got < 0)
            cdp_fail("the native engine ended");
        e->len += (size_t)got;
    }
}

/* Our move in the page's position: the native engine's choice at a low level. */
static void engine_choice(Engine *e, const char *pos_command, int *from, int *to)
{
    char line[4096];
    snprintf(line, sizeof line, "%s\nlevel move-time=0.05\ngo think\n", pos_command);
    if (!fdio_write_all(e->to, line, strlen(line)))
        cdp_fail("cannot write to the native engine");
    do
        engine_line(e, line, sizeof line);
    while (strncmp(line, "done ", 5) != 0);
    if (sscanf(line, "done move=%d%*[-x]%d", from, to) != 2)
        cdp_fail("cannot read the native engine's %s", line);
}

/* Starts Chromium and the native engine, then runs the checks in order (see the top). */
int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: browser_check /ABSOLUTE/PAGE.html|URL ENGINE DIR [CHROMIUM]\n");
        return 2;
    }
    proc_signals_catch();
    Cdp c;
    cdp_start(&c, "browser_check", argc > 4 ? argv[4] : NULL, argv[3]);
    Engine e = {0};
    ProcId native;
    char cmd[2048], err[256], params[4096];
    snprintf(cmd, sizeof cmd, "exec %s hub", argv[2]);
    if (!proc_spawn_shell(cmd, NULL, &native, &e.to, &e.from, err, sizeof err))
        cdp_fail("cannot start %s: %s", argv[2], err);
    const char *setup = "set-param name=skill value=6\nset-param name=seed value=7\ninit\n";
    fdio_write_all(e.to, setup, strlen(setup));

    double start = clock_now();
    cdp_open(&c, argv[1]);
    /* The board shows the start position before the engine (5 MB of script) has loaded. */
    cdp_wait(&c, "window.zwaluwPage !== undefined", "the page's script");
    char early[128];
    cdp_eval(&c, "(zwaluwPage.state.ready ? 'ready ' : 'loading ') + document.querySelectorAll('#board .piece').length",
             early, sizeof early);
    if (strcmp(early, "loading 40") != 0)
        cdp_fail("before the engine was ready the board showed \"%s\", not the 40 men of the start (\"loading 40\")",
                 early);
    printf("browser_check: the start position shown before the engine was ready (%s pieces)\n", early + 8);
    cdp_wait(&c, "window.zwaluwPage && zwaluwPage.state.ready && zwaluwPage.state.syncing === 0", "the engine's ready");
    printf("browser_check: page loaded from %s, engine ready after %.0f ms (page's clock), %.0f ms here\n",
           argv[1][0] == '/' ? "file://" : argv[1], cdp_number(&c, "zwaluwPage.state.readyMs"),
           (clock_now() - start) * 1000);

    /* The game: we are White, the engine plays at level 6, 0.1 s a move. */
    cdp_eval(&c, "(document.getElementById('skill').value='6', document.getElementById('move-time').value='0.1')",
             params, sizeof params);
    int played = 0;
    const char *idle = "zwaluwPage.state.syncing === 0 && !zwaluwPage.state.busy && "
                       "(zwaluwPage.state.status !== 'ongoing' || zwaluwPage.state.side === 'white')";
    while (played < GAME_MOVES) {
        cdp_wait(&c, idle, "the engine's reply");
        char status[128], pos[4096];
        cdp_eval(&c, "zwaluwPage.state.status", status, sizeof status);
        if (strcmp(status, "ongoing") != 0)
            cdp_fail("the game ended after %d of our moves: %s", played, status);
        cdp_eval(&c, "(zwaluwPage.state.history.length ? 'pos start moves=\"' + zwaluwPage.state.history.join(' ') + '\"' : 'pos start')",
                 pos, sizeof pos);
        int from, to;
        engine_choice(&e, pos, &from, &to);
        int before = (int)cdp_number(&c, "zwaluwPage.state.history.length");
        cdp_click_square(&c, from);
        cdp_click_square(&c, to);
        char moved[128];
        snprintf(moved, sizeof moved, "zwaluwPage.state.history.length > %d", before);
        cdp_wait(&c, moved, "our clicked move on the board");
        played++;
    }
    cdp_wait(&c, idle, "the engine's last reply");
    printf("browser_check: played %d moves by clicks, the game has %d plies\n", played,
           (int)cdp_number(&c, "zwaluwPage.state.history.length"));
    char shot[1024];
    snprintf(shot, sizeof shot, "%s/game.png", argv[3]);
    cdp_screenshot(&c, shot);

    /* A PDN, then the analysis of its position. */
    cdp_eval(&c, "(document.getElementById('pdn').value='[Event \"test\"]\\n1. 32-28 19-23 2. 28x19 14x23 {a comment} "
                 "3. 37-32 (3. 33-28 23x32) 10-14 *', 'ok')", params, sizeof params);
    cdp_click(&c, "#setup summary");
    cdp_click(&c, "#set-pdn");
    cdp_wait(&c, "zwaluwPage.state.syncing === 0 && zwaluwPage.state.history.length === 6 && !zwaluwPage.state.busy",
             "the PDN's 6 plies");
    cdp_click(&c, "#tab-analyse");
    cdp_click(&c, "#analyse");
    char deep[128];
    snprintf(deep, sizeof deep, "zwaluwPage.state.depth >= %d && zwaluwPage.state.lines.length === 3", ANALYSIS_DEPTH);
    double t0 = clock_now();
    cdp_wait(&c, deep, "the analysis's depth");
    printf("browser_check: analysis reached depth %d with 3 lines in %.1f s\n", (int)cdp_number(&c, "zwaluwPage.state.depth"),
           clock_now() - t0);
    double pong_max = 0;
    for (int i = 0; i < 5; i++) {
        cdp_eval(&c, "(zwaluwPage.state.pongLatencyMs = null, zwaluwPage.ping(), 1)", params, sizeof params);
        cdp_wait(&c, "zwaluwPage.state.pongLatencyMs !== null", "pong");
        if (!cdp_number(&c, "zwaluwPage.state.busy ? 1 : 0"))
            cdp_fail("the pong came after the analysis ended, not during it");
        double ms = cdp_number(&c, "zwaluwPage.state.pongLatencyMs");
        pong_max = ms > pong_max ? ms : pong_max;
    }
    snprintf(shot, sizeof shot, "%s/analysis.png", argv[3]);
    cdp_screenshot(&c, shot);
    cdp_click(&c, "#stop");
    cdp_wait(&c, "!zwaluwPage.state.busy && zwaluwPage.state.stopLatencyMs !== null", "the analysis's done after stop");
    double stop_ms = cdp_number(&c, "zwaluwPage.state.stopLatencyMs");
    printf("browser_check: during the search, ping answered within %.1f ms (worst of 5), stop within %.1f ms\n", pong_max,
           stop_ms);
    if (pong_max > LATENCY_MAX_MS || stop_ms > LATENCY_MAX_MS)
        cdp_fail("ping or stop took more than %.0f ms", LATENCY_MAX_MS);

    /* Two captures with the same ends (45x48 taking 27 or 32, then 40 and 42): the click on 48
     * asks which, and the one picked is played. */
    cdp_click(&c, "#tab-play");
    cdp_eval(&c, "(document.getElementById('fen').value='W:WK45,15,8:B38,33,42,14,40,7,32,27', 1)", params, sizeof params);
    cdp_click(&c, "#set-fen");
    cdp_wait(&c, "zwaluwPage.state.syncing === 0 && !zwaluwPage.state.busy && zwaluwPage.state.legal.length === 2",
             "the position of two captures 45x48");
    cdp_click_square(&c, 45);
    cdp_click_square(&c, 48);
    cdp_wait(&c, "!document.getElementById('choose').hidden && document.querySelectorAll('#choose button').length === 2 && "
                 "zwaluwPage.state.history.length === 0",
             "the question which capture");
    snprintf(shot, sizeof shot, "%s/choose.png", argv[3]);
    cdp_screenshot(&c, shot);
    char second[64];
    cdp_eval(&c, "document.querySelectorAll('#choose button')[1].dataset.move", second, sizeof second);
    cdp_click(&c, "#choose button:nth-of-type(2)");
    cdp_wait(&c, "zwaluwPage.state.history.length >= 1 && document.getElementById('choose').hidden", "the capture picked");
    char first_played[64];
    cdp_eval(&c, "zwaluwPage.state.history[0]", first_played, sizeof first_played);
    if (strcmp(first_played, second) != 0 || strcmp(second, "45x48x32x40x42") != 0)
        cdp_fail("picked the capture %s, the page played %s", second, first_played);
    printf("browser_check: two captures 45x48: asked which, played the one picked (%s)\n", first_played);
    cdp_wait(&c, "zwaluwPage.state.syncing === 0 && !zwaluwPage.state.busy", "the engine's reply to the capture");

    /* A variant: Frisian from the menu, one move by clicks, the engine's reply. */
    cdp_eval(&c, "(function(){var v=document.getElementById('variant');v.value='frisian';v.onchange();return 1;})()",
             params, sizeof params);
    cdp_wait(&c, "zwaluwPage.state.syncing === 0 && !zwaluwPage.state.busy && zwaluwPage.state.history.length === 0 && "
                 "zwaluwPage.state.variant === 'frisian'", "Frisian's start position");
    char move[64];
    cdp_eval(&c, "zwaluwPage.state.legal[0]", move, sizeof move);
    int from, to;
    if (sscanf(move, "%d-%d", &from, &to) != 2)
        cdp_fail("no Frisian move to play: %s", move);
    cdp_click_square(&c, from);
    cdp_click_square(&c, to);
    cdp_wait(&c, "zwaluwPage.state.history.length === 2 && zwaluwPage.state.syncing === 0", "the engine's Frisian reply");
    char reply_move[64];
    cdp_eval(&c, "zwaluwPage.state.history[1]", reply_move, sizeof reply_move);
    printf("browser_check: Frisian: played %s, the engine answered %s\n", move, reply_move);

    fdio_write_all(e.to, "quit\n", 5);
    proc_finish(native, 5, NULL, 0);
    cdp_close(&c);
    printf("browser_check: passed\n");
    return 0;
}
