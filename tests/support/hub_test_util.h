#pragma once
/* Helpers shared by the hub test suites: run a transcript through the loop with in-memory
 * streams and look at the lines it printed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "hub/hub_loop.h"
#include "hub/hub_parse.h"

/* cmocka fixtures: a fresh Hub per test in *state. */
static inline int setup(void **state)
{
    Hub *h = hub_new();
    if (!h)
        return -1;
    *state = h;
    return 0;
}

static inline int teardown(void **state)
{
    hub_free(*state);
    return 0;
}

/* Feeds len bytes of input to the loop (a memory stream) and returns everything it printed. */
static inline char *run_bytes(Hub *h, const char *input, size_t len)
{
    static char empty[1];
    FILE *in = fmemopen(len ? (void *)input : empty, len ? len : 1, "r");
    char *buf = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&buf, &size);
    if (!in || !out)
        abort();
    if (len == 0)
        fgetc(in);   /* an empty transcript: consume the placeholder byte */
    hub_loop_run(h, in, out);
    fclose(in);
    fclose(out);
    return buf;
}

static inline char *run(Hub *h, const char *input) { return run_bytes(h, input, strlen(input)); }

/* The index (0-based) of the n-th line (0-based) starting with prefix, or -1. */
static inline int line_index(const char *out, const char *prefix, int n)
{
    size_t plen = strlen(prefix);
    int index = 0;
    for (const char *p = out; *p; index++) {
        if (strncmp(p, prefix, plen) == 0 && n-- == 0)
            return index;
        const char *nl = strchr(p, '\n');
        if (!nl)
            break;
        p = nl + 1;
    }
    return -1;
}

/* How many lines start with prefix. */
static inline int count_lines(const char *out, const char *prefix)
{
    int n = 0;
    while (line_index(out, prefix, n) >= 0)
        n++;
    return n;
}

/* Copies the n-th line (0-based) starting with prefix into buf; false when there is none. */
static inline bool get_line(const char *out, const char *prefix, int n, char *buf, size_t size)
{
    int index = line_index(out, prefix, n);
    if (index < 0)
        return false;
    const char *p = out;
    while (index-- > 0)
        p = strchr(p, '\n') + 1;
    size_t len = strcspn(p, "\n");
    snprintf(buf, size, "%.*s", (int)(len < size ? len : size - 1), p);
    return true;
}

/* The number of lines of out. */
static inline int total_lines(const char *out)
{
    int n = 0;
    for (const char *p = out; *p; p++)
        n += *p == '\n';
    return n;
}

/* Each of the n lines, sent alone, gets exactly one answer: an `error message=` line. */
static inline void assert_each_one_error(Hub *h, const char *const *bad, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char line[128];
        snprintf(line, sizeof line, "%s\n", bad[i]);
        char *out = run(h, line);
        if (count_lines(out, "error message=") != 1 || total_lines(out) != 1)
            fail_msg("'%s' gave: %s", bad[i], out);
        free(out);
    }
}

/* A scripted input: chunks of text, each released once the loop has polled without blocking
 * `wait_polls` times since the previous one (a blocking read gets it at once). After the last
 * chunk, blocking reads see the end of input, while non-blocking ones (a search polling) see it
 * only after `grace` seconds, which marks eof_in_search: a search that had to be ended that way
 * did not end by itself. */
typedef struct {
    const char *text;
    int wait_polls;
} Chunk;

#define SCRIPT_MAX_CHUNKS 16

typedef struct {
    IoSource base;   /* first member: the loop sees a plain IoSource */
    Chunk chunks[SCRIPT_MAX_CHUNKS];
    int count, next, polls;
    size_t offset;   /* bytes of chunks[next] already delivered */
    double grace, idle_since;
    double released_at[SCRIPT_MAX_CHUNKS];   /* when each chunk was fully delivered */
    bool eof_in_search;
} Script;

static inline double test_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static inline long script_read(IoSource *src, char *buf, size_t size, int timeout_ms)
{
    Script *s = (Script *)src;
    if (s->next < s->count) {
        const Chunk *c = &s->chunks[s->next];
        if (timeout_ms >= 0 && s->offset == 0 && s->polls < c->wait_polls) {
            s->polls++;
            return 0;
        }
        size_t left = strlen(c->text) - s->offset, n = left < size ? left : size;
        memcpy(buf, c->text + s->offset, n);
        s->offset += n;
        if (s->offset == strlen(c->text)) {
            s->released_at[s->next++] = test_now();
            s->offset = 0;
            s->polls = 0;
            s->idle_since = test_now();
        }
        return (long)n;
    }
    if (timeout_ms < 0)
        return -1;
    if (test_now() - s->idle_since < s->grace)
        return 0;
    s->eof_in_search = true;
    return -1;
}

/* Runs the chunks (NULL-terminated text list with waits) through the loop; returns the output. */
static inline char *run_script(Hub *h, Script *s, const Chunk *chunks, double grace)
{
    memset(s, 0, sizeof *s);
    s->base.read = script_read;
    s->base.fd = -1;
    s->grace = grace;
    s->idle_since = test_now();
    while (chunks[s->count].text)
        s->chunks[s->count] = chunks[s->count], s->count++;
    char *buf = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&buf, &size);
    if (!out)
        abort();
    hub_loop_run_source(h, &s->base, out);
    fclose(out);
    return buf;
}

/* Runs text as one chunk; a search inside it must end by itself within 10 s. */
static inline char *run_searching(Hub *h, const char *text)
{
    Script s;
    Chunk chunks[] = {{text, 0}, {NULL, 0}};
    char *out = run_script(h, &s, chunks, 10.0);
    if (s.eof_in_search)
        fprintf(stderr, "a search did not end by itself: %s\n", text);
    return s.eof_in_search ? (free(out), strdup("search did not end\n")) : out;
}

#define START_HUB "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww"

/* Every line the engine printed parses back as `command key=value ...` (what strict clients need). */
static inline void assert_all_lines_parse(const char *out)
{
    char *copy = strdup(out);
    HubCommand *cmd = malloc(sizeof *cmd);
    for (char *line = strtok(copy, "\n"); line; line = strtok(NULL, "\n")) {
        const char *err = hub_parse_line(line, cmd);
        if (err)
            fail_msg("output line does not parse (%s): %s", err, line);
        for (int i = 0; i < cmd->argc; i++)
            assert_true(cmd->args[i].has_value);
    }
    free(cmd);
    free(copy);
}
