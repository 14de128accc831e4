/* The browser build in a real browser (make check-wasm): headless Chromium, driven over the
 * DevTools protocol on a pipe (--remote-debugging-pipe: JSON messages ended by a NUL byte, its fd 3
 * reading ours, its fd 4 writing to us), opens the page from file://, plays a game of 30 moves a
 * side against the engine by clicking squares (our moves are the native engine's choices at a low
 * level, so the game lasts), loads a PDN, analyses to depth 12 with three lines, measures how soon
 * ping and stop are answered, plays a Frisian move, and saves screenshots of the game and of the
 * analysis (DIR/game.png, DIR/analysis.png). Prints the figures; exits 1 on a failure.
 *   browser_check PAGE ENGINE DIR [CHROMIUM]   (PAGE: an absolute path, or a URL) */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/clock.h"
#include "util/fdio.h"
#include "util/input.h"
#include "util/proc.h"

#define MSG_MAX (16 << 20)     /* the largest message read (a screenshot's base64) */
#define WAIT_SECONDS 60        /* every wait gives up after this long, naming what it awaited */
#define GAME_MOVES 30          /* our moves in the game, each answered by the engine */
#define ANALYSIS_DEPTH 12
/* A bound on ping and stop that only a worker blocked by its search misses: the figures printed
 * are 10-20 ms, idle or with both cores busy, and a loaded CI machine must not fail by chance. */
#define LATENCY_MAX_MS 1000.0

typedef struct {
    int to, from;              /* the browser's pipe ends */
    char *buf;                 /* bytes read and not yet taken */
    size_t len;
    int next_id;
    char session[128];
} Cdp;

typedef struct {
    int to, from;
    char buf[65536];
    size_t len;
} Engine;

/* Prints why the check failed and exits 1. */
static void fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("browser_check: FAILED: ", stdout);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
    fflush(stdout);
    exit(1);
}

/* The next NUL-terminated message from the browser, waiting until deadline (clock_now seconds). */
static char *cdp_read(Cdp *c, double deadline)
{
    for (;;) {
        char *end = c->len ? memchr(c->buf, '\0', c->len) : NULL;
        if (end) {
            size_t n = (size_t)(end - c->buf) + 1;
            char *msg = malloc(n);
            memcpy(msg, c->buf, n);
            memmove(c->buf, c->buf + n, c->len - n);
            c->len -= n;
            return msg;
        }
        double left = deadline - clock_now();
        if (left <= 0)
            return NULL;
        if (c->len + 65536 > MSG_MAX)
            fail("a message from the browser larger than %d bytes", MSG_MAX);
        long got = input_read(c->from, c->buf + c->len, 65536, (int)(left * 1000) + 1);
        if (got < 0)
            fail("the browser closed its pipe");
        c->len += (size_t)got;
    }
}

/* Sends method with params (a JSON object text) and returns the answer's message (malloc'd). */
static char *cdp_call(Cdp *c, const char *method, const char *params)
{
    int id = ++c->next_id;
    size_t size = strlen(params) + strlen(method) + 256;
    char *msg = malloc(size);
    int n = snprintf(msg, size, "{\"id\":%d,%s%s%s\"method\":\"%s\",\"params\":%s}", id,
                     c->session[0] ? "\"sessionId\":\"" : "", c->session, c->session[0] ? "\"," : "", method,
                     params);
    if (!fdio_write_all(c->to, msg, (size_t)n + 1))
        fail("cannot write to the browser");
    free(msg);
    char prefix[32];
    snprintf(prefix, sizeof prefix, "{\"id\":%d,", id);
    double deadline = clock_now() + WAIT_SECONDS;
    for (;;) {
        char *reply = cdp_read(c, deadline);
        if (!reply)
            fail("no answer to %s", method);
        if (strncmp(reply, prefix, strlen(prefix)) == 0) {
            if (strstr(reply, "\"error\":{") == reply + strlen(prefix))
                fail("%s: %.300s", method, reply);
            return reply;
        }
        free(reply);   /* an event */
    }
}

/* The JSON string value after "key":" in msg, unescaped into out (ASCII escapes only). */
static bool json_string(const char *msg, const char *key, char *out, size_t size)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\":\"", key);
    const char *p = strstr(msg, pat);
    if (!p)
        return false;
    p += strlen(pat);
    size_t n = 0;
    for (; *p && *p != '"' && n + 1 < size; p++) {
        char ch = *p;
        if (ch == '\\') {
            p++;
            ch = *p == 'n' ? '\n' : *p == 't' ? '\t' : *p == 'u' ? '?' : *p;
            if (*p == 'u')
                p += 4;
        }
        out[n++] = ch;
    }
    out[n] = '\0';
    return true;
}

/* Evaluates a JavaScript expression in the page; its value as text in out. */
static void page_eval(Cdp *c, const char *expr, char *out, size_t size)
{
    size_t cap = strlen(expr) * 2 + 128;
    char *params = malloc(cap), *q = params;
    q += sprintf(q, "{\"returnByValue\":true,\"expression\":\"String(");
    for (const char *p = expr; *p; p++) {
        if (*p == '"' || *p == '\\')
            *q++ = '\\';
        *q++ = *p;
    }
    strcpy(q, ")\"}");
    char *reply = cdp_call(c, "Runtime.evaluate", params);
    free(params);
    if (strstr(reply, "\"exceptionDetails\""))
        fail("the page threw on `%s`: %.300s", expr, reply);
    if (!json_string(reply, "value", out, size))
        fail("no value for `%s`", expr);
    free(reply);
}

/* The numeric value of a JavaScript expression in the page. */
static double page_number(Cdp *c, const char *expr)
{
    char v[64];
    page_eval(c, expr, v, sizeof v);
    return strtod(v, NULL);
}

/* Waits until the expression is true in the page, polling every 20 ms. */
static void page_wait(Cdp *c, const char *expr, const char *what)
{
    double deadline = clock_now() + WAIT_SECONDS;
    char v[16];
    for (;;) {
        page_eval(c, expr, v, sizeof v);
        if (strcmp(v, "true") == 0)
            return;
        if (clock_now() > deadline)
            fail("waited %d s for %s", WAIT_SECONDS, what);
        int none[1] = {-1};   /* no descriptor: a 20 ms sleep */
        bool ready[1];
        proc_wait_readable(none, 1, ready, 20);
    }
}

/* A real click: the mouse pressed and released at the centre of the element selector names. */
static void click(Cdp *c, const char *selector)
{
    char expr[512], v[64], params[256];
    snprintf(expr, sizeof expr, "(function(){var r=document.querySelector('%s').getBoundingClientRect();"
             "return (r.left+r.width/2)+' '+(r.top+r.height/2);})()", selector);
    page_eval(c, expr, v, sizeof v);
    double x, y;
    if (sscanf(v, "%lf %lf", &x, &y) != 2)
        fail("no place for %s", selector);
    static const char *const TYPES[] = {"mousePressed", "mouseReleased"};
    for (int i = 0; i < 2; i++) {
        snprintf(params, sizeof params, "{\"type\":\"%s\",\"x\":%.1f,\"y\":%.1f,\"button\":\"left\",\"clickCount\":1}",
                 TYPES[i], x, y);
        free(cdp_call(c, "Input.dispatchMouseEvent", params));
    }
}

/* A click on a square of the board. */
static void click_square(Cdp *c, int square)
{
    char sel[64];
    snprintf(sel, sizeof sel, "#board [data-square=\"%d\"]", square);
    click(c, sel);
}

/* One line from the native engine. */
static void engine_line(Engine *e, char *out, size_t size)
{
    double deadline = clock_now() + WAIT_SECONDS;
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
            fail("the native engine did not answer");
        long got = input_read(e->from, e->buf + e->len, sizeof e->buf - e->len, 1000);
        if (got < 0)
            fail("the native engine ended");
        e->len += (size_t)got;
    }
}

/* Our move in the page's position: the native engine's choice at a low level. */
static void engine_choice(Engine *e, const char *pos_command, int *from, int *to)
{
    char line[4096];
    snprintf(line, sizeof line, "%s\nlevel move-time=0.05\ngo think\n", pos_command);
    if (!fdio_write_all(e->to, line, strlen(line)))
        fail("cannot write to the native engine");
    do
        engine_line(e, line, sizeof line);
    while (strncmp(line, "done ", 5) != 0);
    if (sscanf(line, "done move=%d%*[-x]%d", from, to) != 2)
        fail("cannot read the native engine's %s", line);
}

/* The page as a PNG at path (the base64 of Page.captureScreenshot, decoded). */
static void save_screenshot(Cdp *c, const char *path)
{
    char *reply = cdp_call(c, "Page.captureScreenshot", "{\"format\":\"png\"}");
    char *p = strstr(reply, "\"data\":\"");
    if (!p)
        fail("no screenshot");
    p += 8;
    FILE *f = fopen(path, "wb");
    if (!f)
        fail("cannot write %s", path);
    unsigned acc = 0;
    int bits = 0;
    size_t bytes = 0;
    for (; *p && *p != '"'; p++) {
        const char *digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        const char *d = strchr(digits, *p);
        if (!d || *p == '=')
            continue;
        acc = acc << 6 | (unsigned)(d - digits);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            fputc((int)(acc >> bits & 0xFF), f);
            bytes++;
        }
    }
    fclose(f);
    free(reply);
    printf("browser_check: screenshot %s (%zu bytes)\n", path, bytes);
}

/* Starts Chromium and the native engine, then runs the checks in order (see the top). */
int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: browser_check /ABSOLUTE/PAGE.html|URL ENGINE DIR [CHROMIUM]\n");
        return 2;
    }
    const char *browser = argc > 4 ? argv[4] : "chromium";
    proc_signals_catch();
    char cmd[2048], err[256];
    snprintf(cmd, sizeof cmd, "exec %s --headless=new --no-sandbox --disable-gpu --no-first-run "
             "--no-default-browser-check --user-data-dir=build/wasm/chromium-profile --window-size=1200,900 "
             "--remote-debugging-pipe about:blank 3<&0 4>&1 </dev/null >/dev/null 2>build/wasm/chromium.log",
             browser);
    Cdp c = {.buf = malloc(MSG_MAX)};
    ProcId chrome;
    if (!proc_spawn_shell(cmd, NULL, &chrome, &c.to, &c.from, err, sizeof err))
        fail("cannot start %s: %s", browser, err);
    Engine e = {0};
    ProcId native;
    snprintf(cmd, sizeof cmd, "exec %s hub", argv[2]);
    if (!proc_spawn_shell(cmd, NULL, &native, &e.to, &e.from, err, sizeof err))
        fail("cannot start %s: %s", argv[2], err);
    const char *setup = "set-param name=skill value=6\nset-param name=seed value=7\ninit\n";
    fdio_write_all(e.to, setup, strlen(setup));

    char *reply = cdp_call(&c, "Target.createTarget", "{\"url\":\"about:blank\"}");
    char target[128], params[4096];
    if (!json_string(reply, "targetId", target, sizeof target))
        fail("no target: %.200s", reply);
    free(reply);
    snprintf(params, sizeof params, "{\"targetId\":\"%s\",\"flatten\":true}", target);
    reply = cdp_call(&c, "Target.attachToTarget", params);
    if (!json_string(reply, "sessionId", c.session, sizeof c.session))
        fail("no session: %.200s", reply);
    free(reply);
    free(cdp_call(&c, "Page.enable", "{}"));
    snprintf(params, sizeof params, "{\"url\":\"%s%s\"}", argv[1][0] == '/' ? "file://" : "", argv[1]);
    double start = clock_now();
    free(cdp_call(&c, "Page.navigate", params));
    /* The board shows the start position before the engine (5 MB of script) has loaded. */
    page_wait(&c, "window.zwaluwPage !== undefined", "the page's script");
    char early[128];
    page_eval(&c, "(zwaluwPage.state.ready ? 'ready ' : 'loading ') + document.querySelectorAll('#board .piece').length",
              early, sizeof early);
    if (strcmp(early, "loading 40") != 0)
        fail("before the engine was ready the board showed \"%s\", not the 40 men of the start (\"loading 40\")",
             early);
    printf("browser_check: the start position shown before the engine was ready (%s pieces)\n", early + 8);
    page_wait(&c, "window.zwaluwPage && zwaluwPage.state.ready && zwaluwPage.state.syncing === 0", "the engine's ready");
    printf("browser_check: page loaded from %s, engine ready after %.0f ms (page's clock), %.0f ms here\n",
           argv[1][0] == '/' ? "file://" : argv[1], page_number(&c, "zwaluwPage.state.readyMs"),
           (clock_now() - start) * 1000);

    /* The game: we are White, the engine plays at level 6, 0.1 s a move. */
    page_eval(&c, "(document.getElementById('skill').value='6', document.getElementById('move-time').value='0.1')",
              params, sizeof params);
    int played = 0;
    const char *idle = "zwaluwPage.state.syncing === 0 && !zwaluwPage.state.busy && "
                       "(zwaluwPage.state.status !== 'ongoing' || zwaluwPage.state.side === 'white')";
    while (played < GAME_MOVES) {
        page_wait(&c, idle, "the engine's reply");
        char status[128], pos[4096];
        page_eval(&c, "zwaluwPage.state.status", status, sizeof status);
        if (strcmp(status, "ongoing") != 0)
            fail("the game ended after %d of our moves: %s", played, status);
        page_eval(&c, "(zwaluwPage.state.history.length ? 'pos start moves=\"' + zwaluwPage.state.history.join(' ') + '\"' : 'pos start')",
                  pos, sizeof pos);
        int from, to;
        engine_choice(&e, pos, &from, &to);
        int before = (int)page_number(&c, "zwaluwPage.state.history.length");
        click_square(&c, from);
        click_square(&c, to);
        char moved[128];
        snprintf(moved, sizeof moved, "zwaluwPage.state.history.length > %d", before);
        page_wait(&c, moved, "our clicked move on the board");
        played++;
    }
    page_wait(&c, idle, "the engine's last reply");
    printf("browser_check: played %d moves by clicks, the game has %d plies\n", played,
           (int)page_number(&c, "zwaluwPage.state.history.length"));
    char shot[1024];
    snprintf(shot, sizeof shot, "%s/game.png", argv[3]);
    save_screenshot(&c, shot);

    /* A PDN, then the analysis of its position. */
    page_eval(&c, "(document.getElementById('pdn').value='[Event \"test\"]\\n1. 32-28 19-23 2. 28x19 14x23 {a comment} "
                  "3. 37-32 (3. 33-28 23x32) 10-14 *', 'ok')", params, sizeof params);
    click(&c, "#setup summary");
    click(&c, "#set-pdn");
    page_wait(&c, "zwaluwPage.state.syncing === 0 && zwaluwPage.state.history.length === 6 && !zwaluwPage.state.busy",
              "the PDN's 6 plies");
    click(&c, "#tab-analyse");
    click(&c, "#analyse");
    char deep[128];
    snprintf(deep, sizeof deep, "zwaluwPage.state.depth >= %d && zwaluwPage.state.lines.length === 3", ANALYSIS_DEPTH);
    double t0 = clock_now();
    page_wait(&c, deep, "the analysis's depth");
    printf("browser_check: analysis reached depth %d with 3 lines in %.1f s\n", (int)page_number(&c, "zwaluwPage.state.depth"),
           clock_now() - t0);
    double pong_max = 0;
    for (int i = 0; i < 5; i++) {
        page_eval(&c, "(zwaluwPage.state.pongLatencyMs = null, zwaluwPage.ping(), 1)", params, sizeof params);
        page_wait(&c, "zwaluwPage.state.pongLatencyMs !== null", "pong");
        if (!page_number(&c, "zwaluwPage.state.busy ? 1 : 0"))
            fail("the pong came after the analysis ended, not during it");
        double ms = page_number(&c, "zwaluwPage.state.pongLatencyMs");
        pong_max = ms > pong_max ? ms : pong_max;
    }
    snprintf(shot, sizeof shot, "%s/analysis.png", argv[3]);
    save_screenshot(&c, shot);
    click(&c, "#stop");
    page_wait(&c, "!zwaluwPage.state.busy && zwaluwPage.state.stopLatencyMs !== null", "the analysis's done after stop");
    double stop_ms = page_number(&c, "zwaluwPage.state.stopLatencyMs");
    printf("browser_check: during the search, ping answered within %.1f ms (worst of 5), stop within %.1f ms\n", pong_max,
           stop_ms);
    if (pong_max > LATENCY_MAX_MS || stop_ms > LATENCY_MAX_MS)
        fail("ping or stop took more than %.0f ms", LATENCY_MAX_MS);

    /* A variant: Frisian from the menu, one move by clicks, the engine's reply. */
    click(&c, "#tab-play");
    page_eval(&c, "(function(){var v=document.getElementById('variant');v.value='frisian';v.onchange();return 1;})()",
              params, sizeof params);
    page_wait(&c, "zwaluwPage.state.syncing === 0 && !zwaluwPage.state.busy && zwaluwPage.state.history.length === 0 && "
                  "zwaluwPage.state.variant === 'frisian'", "Frisian's start position");
    char move[64];
    page_eval(&c, "zwaluwPage.state.legal[0]", move, sizeof move);
    int from, to;
    if (sscanf(move, "%d-%d", &from, &to) != 2)
        fail("no Frisian move to play: %s", move);
    click_square(&c, from);
    click_square(&c, to);
    page_wait(&c, "zwaluwPage.state.history.length === 2 && zwaluwPage.state.syncing === 0", "the engine's Frisian reply");
    char reply_move[64];
    page_eval(&c, "zwaluwPage.state.history[1]", reply_move, sizeof reply_move);
    printf("browser_check: Frisian: played %s, the engine answered %s\n", move, reply_move);

    fdio_write_all(e.to, "quit\n", 5);
    proc_finish(native, 5, NULL, 0);
    free(cdp_call(&c, "Browser.close", "{}"));
    proc_finish(chrome, 10, NULL, 0);
    printf("browser_check: passed\n");
    return 0;
}
