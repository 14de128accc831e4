/* The subcommands' option parser (see opts.h). */
#include "util/opts.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool opts_read_long(const char *text, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || *end || end == text || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

bool opts_read_real(const char *text, double lo, double hi, double *out)
{
    char *end;
    double v = strtod(text, &end);
    if (end == text || *end || !(v >= lo && v <= hi))
        return false;
    *out = v;
    return true;
}

bool opts_parse_long(const char *command, const char *name, const char *text, long lo, long hi, long *out)
{
    if (opts_read_long(text, lo, hi, out))
        return true;
    fprintf(stderr, "engine %s: bad %s \"%s\": expected an integer %ld-%ld\n", command, name, text, lo, hi);
    return false;
}

int opts_refuse(const char *command, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    fprintf(stderr, "engine %s: ", command);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
    return OPTS_REFUSED;
}

bool opts_help(int argc, char **argv, int first, const char *usage)
{
    bool asked = first < argc && strcmp(argv[first], "-h") == 0;
    for (int i = first; i < argc && !asked; i++)
        asked = strcmp(argv[i], "--help") == 0;
    if (asked)
        fputs(usage, stdout);
    return asked;
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

/* How many words follow argv[i - 1] before the next option. */
static int words_after(int argc, char **argv, int i)
{
    int n = 0;
    while (i + n < argc && !is_option(argv[i + n]))
        n++;
    return n;
}

/* Joins n words by spaces into buf; false when they do not fit. */
static bool join_words(char **words, int n, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int k = 0; k < n; k++) {
        int w = snprintf(buf + used, size - used, "%s%s", k ? " " : "", words[k]);
        if (w < 0 || (size_t)w >= size - used)
            return false;
        used += (size_t)w;
    }
    return true;
}

/* Applies one option's value; returns false after printing why it is refused. */
static bool apply(const char *command, const OptSpec *s, const char *value)
{
    const char *err = NULL;
    switch (s->kind) {
    case OPT_INT:
        return opts_parse_long(command, s->name, value, s->lo, s->hi, s->out);
    case OPT_REAL:
        if (opts_read_real(value, s->rlo, s->rhi, s->out))
            return true;
        fprintf(stderr, "engine %s: bad %s \"%s\": expected a number %g-%g\n", command, s->name, value, s->rlo,
                s->rhi);
        return false;
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

/* Reads the option s at argv[i] and its values; returns how many words after it were taken, or
 * -1 after printing why it is refused. */
static int take_values(const char *command, const OptSpec *s, int argc, char **argv, int i)
{
    if (s->given)
        *s->given = true;
    if (s->at)
        *s->at = i;
    if (s->kind == OPT_FLAG) {
        *(bool *)s->out = true;
        return 0;
    }
    bool many = s->kind == OPT_WORDS || s->kind == OPT_EACH;
    int taken = many ? words_after(argc, argv, i + 1) : i + 1 < argc && !is_option(argv[i + 1]);
    if (!taken) {
        fprintf(stderr, "engine %s: %s needs a value\n", command, s->name);
        return -1;
    }
    if (s->kind == OPT_WORDS) {
        char words[OPTS_WORDS_MAX];
        if (!join_words(argv + i + 1, taken, words, sizeof words)) {
            fprintf(stderr, "engine %s: %s: more than %d characters\n", command, s->name, OPTS_WORDS_MAX - 1);
            return -1;
        }
        return apply(command, s, words) ? taken : -1;
    }
    for (int k = 1; k <= (s->kind == OPT_EACH ? taken : 1); k++)
        if (!apply(command, s, argv[i + k]))
            return -1;
    return taken;
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
        int taken = take_values(command, s, argc, argv, i);
        if (taken < 0)
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
