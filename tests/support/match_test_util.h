#pragma once
/* Running whole matches from a test suite and reading what they wrote. Include after cmocka.h and
 * match/match.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The whole of a stream from its start, as text (caller frees). */
static inline char *stream_text(FILE *f)
{
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    char *text = calloc(1, (size_t)len + 1);
    assert_non_null(text);
    rewind(f);
    assert_int_equal(fread(text, 1, (size_t)len, f), (size_t)len);
    return text;
}

/* The text of the file at path (caller frees). */
static inline char *file_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char *text = stream_text(f);
    fclose(f);
    return text;
}

/* How many times needle occurs in text. */
static inline int text_count(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = text; (p = strstr(p, needle)); p++)
        n++;
    return n;
}

/* Runs `engine match` with the argc words of argv (argv[0] "engine", argv[1] "match"), which must
 * parse, and fails unless match_run returns want_ok. Returns what it printed (caller frees) and,
 * when log_text is not NULL, its log (caller frees). */
static inline char *match_test_run(int argc, char **argv, MatchResult *res, bool want_ok, char **log_text)
{
    MatchOptions o;
    assert_true(match_opts_parse(argc, argv, &o));
    FILE *out = tmpfile(), *log = tmpfile();
    assert_non_null(out);
    assert_non_null(log);
    bool ok = match_run(&o, out, log, res);
    char *text = stream_text(out), *log_all = stream_text(log);
    fclose(out);
    fclose(log);
    if (ok != want_ok)
        fail_msg("match_run returned %d:\n%s%s", ok, text, log_all);
    if (log_text)
        *log_text = log_all;
    else
        free(log_all);
    return text;
}
