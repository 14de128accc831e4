/* The subcommands' option parser (see opts.h). */
#include "util/opts.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool opts_parse_long(const char *command, const char *name, const char *text, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || *end || end == text || v < lo || v > hi) {
        fprintf(stderr, "engine %s: bad %s \"%s\": expected an integer %ld-%ld\n", command, name, text, lo, hi);
        return false;
    }
    *out = v;
    return true;
}

static bool is_option(const char *word) { return strncmp(word, "--", 2) == 0 && word[2] != '\0'; }

static const OptSpec *find_spec(const OptSpec *specs, const char *name)
{
    for (const OptSpec *s = specs; s->name; s++)
        if (strcmp(s->name, name) == 0)
            return s;
    return NULL;
}

static void print_unknown(const char *command, const OptSpec *specs, const char *word)
{
    fprintf(stderr, "engine %s: unknown option \"%s\"", command, word);
    if (specs->name) {
        fputs(" (options:", stderr);
        for (const OptSpec *s = specs; s->name; s++)
            fprintf(stderr, " %s", s->name);
        fputc(')', stderr);
    }
    fputc('\n', stderr);
}

/* Joins argv[i..] up to the next option into buf; returns how many words it took, -1 when none
 * or when they do not fit. */
static int join_words(int argc, char **argv, int i, char *buf, size_t size)
{
    int n = 0;
    size_t used = 0;
    buf[0] = '\0';
    for (; i + n < argc && !is_option(argv[i + n]); n++) {
        int w = snprintf(buf + used, size - used, "%s%s", n ? " " : "", argv[i + n]);
        if (w < 0 || (size_t)w >= size - used)
            return -1;
        used += (size_t)w;
    }
    return n ? n : -1;
}

/* Applies one option's value; returns false after printing why it is refused. */
static bool apply(const char *command, const OptSpec *s, const char *value)
{
    const char *err = NULL;
    switch (s->kind) {
    case OPT_INT:
        return opts_parse_long(command, s->name, value, s->lo, s->hi, s->out);
    case OPT_REAL: {
        char *end;
        double v = strtod(value, &end);
        if (end == value || *end || !(v >= s->rlo && v <= s->rhi)) {
            fprintf(stderr, "engine %s: bad %s \"%s\": expected a number %g-%g\n", command, s->name, value, s->rlo,
                    s->rhi);
            return false;
        }
        *(double *)s->out = v;
        return true;
    }
    case OPT_TEXT:
        *(const char **)s->out = value;
        return true;
    default:
        err = s->call(s->out, value);
        if (err)
            fprintf(stderr, "engine %s: bad %s \"%s\": %s\n", command, s->name, value, err);
        return err == NULL;
    }
}

bool opts_parse(const char *command, const OptSpec *specs, int argc, char **argv, int first,
                const char **positional, int min_pos, int max_pos)
{
    int npos = 0;
    for (int i = first; i < argc; i++) {
        if (!is_option(argv[i])) {
            if (npos >= max_pos) {
                fprintf(stderr, "engine %s: unexpected argument \"%s\"\n", command, argv[i]);
                return false;
            }
            positional[npos++] = argv[i];
            continue;
        }
        const OptSpec *s = find_spec(specs, argv[i]);
        if (!s) {
            print_unknown(command, specs, argv[i]);
            return false;
        }
        if (s->given)
            *s->given = true;
        if (s->kind == OPT_FLAG) {
            *(bool *)s->out = true;
            continue;
        }
        char words[OPTS_WORDS_MAX];
        int taken = 1;
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (s->kind == OPT_WORDS) {
            taken = join_words(argc, argv, i + 1, words, sizeof words);
            value = taken > 0 ? words : NULL;
        } else if (value && is_option(value)) {
            value = NULL;
        }
        if (!value) {
            fprintf(stderr, "engine %s: %s needs a value\n", command, s->name);
            return false;
        }
        if (!apply(command, s, value))
            return false;
        i += taken;
    }
    if (npos < min_pos) {
        fprintf(stderr, "engine %s: %d argument%s expected, %d given\n", command, min_pos, min_pos == 1 ? "" : "s",
                npos);
        return false;
    }
    return true;
}
