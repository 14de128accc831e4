#pragma once
/* Headless Chromium driven over the DevTools protocol on a pipe (--remote-debugging-pipe: JSON
 * messages ended by a NUL byte, its fd 3 reading ours, its fd 4 writing to us), for the checks of
 * the browser page (browser_check.c, puzzle_check.c): start it, open a page, evaluate JavaScript,
 * wait for a condition, click like a mouse, save a screenshot. Every failure ends the check:
 * cdp_fail prints why and exits 1. */
#include <stdbool.h>
#include <stddef.h>
#include "util/proc.h"
#include "util/sys.h"

#define CDP_WAIT_SECONDS 60   /* every wait gives up after this long, naming what it awaited */

typedef struct {
    int to, from;             /* the browser's pipe ends */
    char *buf;                /* bytes read and not yet taken */
    size_t len;
    int next_id;
    char session[128];
    ProcId browser;
} Cdp;

/* Prints "NAME: FAILED: " (NAME from cdp_start) and the message, and exits 1. */
void cdp_fail(const char *fmt, ...) SYS_PRINTF(1, 2);

/* Starts browser (a command, "chromium" when NULL) headless, its profile and log in dir, with one
 * page attached; name heads the messages. */
void cdp_start(Cdp *c, const char *name, const char *browser, const char *dir);

/* Opens page (an absolute path, opened from file://, or a URL) in the attached tab. */
void cdp_open(Cdp *c, const char *page);

/* Closes the browser and waits for it to end. */
void cdp_close(Cdp *c);

/* Sends method with params (a JSON object text) and returns the answer's message (malloc'd). */
char *cdp_call(Cdp *c, const char *method, const char *params);

/* The JSON string value after "key":" in msg, unescaped into out (ASCII escapes only). */
bool cdp_json_string(const char *msg, const char *key, char *out, size_t size);

/* Evaluates a JavaScript expression in the page; its value as text in out. */
void cdp_eval(Cdp *c, const char *expr, char *out, size_t size);

/* The numeric value of a JavaScript expression in the page. */
double cdp_number(Cdp *c, const char *expr);

/* Waits until the expression is true in the page, polling every 20 ms. */
void cdp_wait(Cdp *c, const char *expr, const char *what);

/* A real click: the mouse pressed and released at the centre of the element selector names. */
void cdp_click(Cdp *c, const char *selector);

/* A click on a square (1-50) of the page's board. */
void cdp_click_square(Cdp *c, int square);

/* The page as a PNG at path; prints its size. */
void cdp_screenshot(Cdp *c, const char *path);
