/* The DevTools pipe of the browser checks (see cdp.h). */
#include "cdp.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/clock.h"
#include "util/fdio.h"
#include "util/input.h"

#define MSG_MAX (16 << 20)     /* the largest message read (a screenshot's base64) */

static const char *check_name = "cdp";

void cdp_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("%s: FAILED: ", check_name);
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
            cdp_fail("a message from the browser larger than %d bytes", MSG_MAX);
        long got = input_read(c->from, c->buf + c->len, 65536, (int)(left * 1000) + 1);
        if (got < 0)
            cdp_fail("the browser closed its pipe");
        c->len += (size_t)got;
    }
}

char *cdp_call(Cdp *c, const char *method, const char *params)
{
    int id = ++c->next_id;
    size_t size = strlen(params) + strlen(method) + 256;
    char *msg = malloc(size);
    int n = snprintf(msg, size, "{\"id\":%d,%s%s%s\"method\":\"%s\",\"params\":%s}", id,
                     c->session[0] ? "\"sessionId\":\"" : "", c->session, c->session[0] ? "\"," : "", method,
                     params);
    if (!fdio_write_all(c->to, msg, (size_t)n + 1))
        cdp_fail("cannot write to the browser");
    free(msg);
    char prefix[32];
    snprintf(prefix, sizeof prefix, "{\"id\":%d,", id);
    double deadline = clock_now() + CDP_WAIT_SECONDS;
    for (;;) {
        char *reply = cdp_read(c, deadline);
        if (!reply)
            cdp_fail("no answer to %s", method);
        if (strncmp(reply, prefix, strlen(prefix)) == 0) {
            if (strstr(reply, "\"error\":{") == reply + strlen(prefix))
                cdp_fail("%s: %.300s", method, reply);
            return reply;
        }
        free(reply);   /* an event */
    }
}

bool cdp_json_string(const char *msg, const char *key, char *out, size_t size)
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

void cdp_start(Cdp *c, const char *name, const char *browser, const char *dir)
{
    check_name = name;
    *c = (Cdp){.buf = malloc(MSG_MAX)};
    char cmd[2048], err[256];
    snprintf(cmd, sizeof cmd, "exec %s --headless=new --no-sandbox --disable-gpu --no-first-run "
             "--no-default-browser-check --user-data-dir=%s/chromium-profile --window-size=1200,900 "
             "--remote-debugging-pipe about:blank 3<&0 4>&1 </dev/null >/dev/null 2>%s/chromium.log",
             browser ? browser : "chromium", dir, dir);
    if (!proc_spawn_shell(cmd, NULL, &c->browser, &c->to, &c->from, err, sizeof err))
        cdp_fail("cannot start %s: %s", browser ? browser : "chromium", err);
    char *reply = cdp_call(c, "Target.createTarget", "{\"url\":\"about:blank\"}");
    char target[128], params[256];
    if (!cdp_json_string(reply, "targetId", target, sizeof target))
        cdp_fail("no target: %.200s", reply);
    free(reply);
    snprintf(params, sizeof params, "{\"targetId\":\"%s\",\"flatten\":true}", target);
    reply = cdp_call(c, "Target.attachToTarget", params);
    if (!cdp_json_string(reply, "sessionId", c->session, sizeof c->session))
        cdp_fail("no session: %.200s", reply);
    free(reply);
    free(cdp_call(c, "Page.enable", "{}"));
}

void cdp_open(Cdp *c, const char *page)
{
    char params[4096];
    snprintf(params, sizeof params, "{\"url\":\"%s%s\"}", page[0] == '/' ? "file://" : "", page);
    free(cdp_call(c, "Page.navigate", params));
}

void cdp_close(Cdp *c)
{
    free(cdp_call(c, "Browser.close", "{}"));
    proc_finish(c->browser, 10, NULL, 0);
    free(c->buf);
}

void cdp_eval(Cdp *c, const char *expr, char *out, size_t size)
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
        cdp_fail("the page threw on `%s`: %.300s", expr, reply);
    if (!cdp_json_string(reply, "value", out, size))
        cdp_fail("no value for `%s`", expr);
    free(reply);
}

double cdp_number(Cdp *c, const char *expr)
{
    char v[64];
    cdp_eval(c, expr, v, sizeof v);
    return strtod(v, NULL);
}

void cdp_wait(Cdp *c, const char *expr, const char *what)
{
    double deadline = clock_now() + CDP_WAIT_SECONDS;
    char v[16];
    for (;;) {
        cdp_eval(c, expr, v, sizeof v);
        if (strcmp(v, "true") == 0)
            return;
        if (clock_now() > deadline)
            cdp_fail("waited %d s for %s", CDP_WAIT_SECONDS, what);
        int none[1] = {-1};   /* no descriptor: a 20 ms sleep */
        bool ready[1];
        proc_wait_readable(none, 1, ready, 20);
    }
}

void cdp_click(Cdp *c, const char *selector)
{
    char expr[512], v[64], params[256];
    snprintf(expr, sizeof expr, "(function(){var r=document.querySelector('%s').getBoundingClientRect();"
             "return (r.left+r.width/2)+' '+(r.top+r.height/2);})()", selector);
    cdp_eval(c, expr, v, sizeof v);
    double x, y;
    if (sscanf(v, "%lf %lf", &x, &y) != 2)
        cdp_fail("no place for %s", selector);
    static const char *const TYPES[] = {"mousePressed", "mouseReleased"};
    for (int i = 0; i < 2; i++) {
        snprintf(params, sizeof params, "{\"type\":\"%s\",\"x\":%.1f,\"y\":%.1f,\"button\":\"left\",\"clickCount\":1}",
                 TYPES[i], x, y);
        free(cdp_call(c, "Input.dispatchMouseEvent", params));
    }
}

void cdp_click_square(Cdp *c, int square)
{
    char sel[64];
    snprintf(sel, sizeof sel, "#board [data-square=\"%d\"]", square);
    cdp_click(c, sel);
}

void cdp_screenshot(Cdp *c, const char *path)
{
    char *reply = cdp_call(c, "Page.captureScreenshot", "{\"format\":\"png\"}");
    char *p = strstr(reply, "\"data\":\"");
    if (!p)
        cdp_fail("no screenshot");
    p += 8;
    FILE *f = fopen(path, "wb");
    if (!f)
        cdp_fail("cannot write %s", path);
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
    printf("%s: screenshot %s (%zu bytes)\n", check_name, path, bytes);
}
