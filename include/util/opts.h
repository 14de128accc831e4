#pragma once
/* The command line of every subcommand: one table of options, read by one parser, so that every
 * subcommand accepts the same forms and refuses bad ones with the same messages (on stderr, each
 * starting "engine CMD: "); the caller then exits with code OPTS_REFUSED. */
#include <limits.h>
#include <stdbool.h>

#define OPTS_REFUSED 2   /* the exit code of a subcommand that refuses its arguments */

typedef enum {
    OPT_FLAG,    /* no value: sets *(bool *)out */
    OPT_INT,     /* an integer lo..hi into *(long *)out */
    OPT_REAL,    /* a real number rlo..rhi into *(double *)out */
    OPT_TEXT,    /* any text into *(const char **)out (points into argv) */
    OPT_CALL,    /* the value goes to call(out, value), which returns NULL or why it is refused */
    OPT_WORDS,   /* like OPT_CALL, with every word up to the next "--option" joined by spaces */
    OPT_EACH,    /* like OPT_CALL once for each word up to the next "--option" (words point into argv) */
} OptKind;

typedef struct {
    const char *name;    /* "--nodes" */
    OptKind kind;
    void *out;
    long lo, hi;         /* OPT_INT bounds */
    double rlo, rhi;     /* OPT_REAL bounds */
    const char *(*call)(void *out, const char *value);   /* OPT_CALL, OPT_WORDS, OPT_EACH */
    bool *given;         /* optional: set when the option appears */
    int *at;             /* optional: the argv index of its last appearance (of two options that
                            exclude each other, the later one wins) */
} OptSpec;

/* Table rows, one macro a kind; a row with `given` or `at` is written out in full. */
#define OPTS_FLAG(n, p) {.name = (n), .kind = OPT_FLAG, .out = (p)}
#define OPTS_INT(n, p, l, h) {.name = (n), .kind = OPT_INT, .out = (p), .lo = (l), .hi = (h)}
#define OPTS_REAL(n, p, l, h) {.name = (n), .kind = OPT_REAL, .out = (p), .rlo = (l), .rhi = (h)}
#define OPTS_TEXT(n, p) {.name = (n), .kind = OPT_TEXT, .out = (p)}
#define OPTS_CALL(n, ctx, fn) {.name = (n), .kind = OPT_CALL, .out = (ctx), .call = (fn)}
#define OPTS_WORDS(n, ctx, fn) {.name = (n), .kind = OPT_WORDS, .out = (ctx), .call = (fn)}
#define OPTS_EACH(n, ctx, fn) {.name = (n), .kind = OPT_EACH, .out = (ctx), .call = (fn)}
#define OPTS_END {.name = NULL}
/* An OPT_INT bound beyond a long (32 bits on Windows) cut to LONG_MAX. */
#define OPTS_CAP(n) ((n) > LONG_MAX ? LONG_MAX : (n))
#define OPTS_WORDS_MAX 1024   /* the longest joined OPT_WORDS value */

/* Reads argv[first..argc) against specs (ended by OPTS_END): options "--name [value]" in any order
 * (a later one overrides an earlier one, a callback sees each), and positional words, stored in
 * positional[] in order; their number must lie in min_pos..max_pos. Returns false after printing
 * one line saying what was wrong: an unknown option (with the list of known ones), a missing or
 * bad value, too few or too many positional words. */
bool opts_parse(const char *command, const OptSpec *specs, int argc, char **argv, int first,
                const char **positional, int min_pos, int max_pos);

/* Reads text as an integer from lo to hi into *out; otherwise prints
 * `engine CMD: bad NAME "TEXT": expected an integer LO-HI` and returns false. */
bool opts_parse_long(const char *command, const char *name, const char *text, long lo, long hi, long *out);

/* The same checks without a message, for callbacks that read numbers inside a value. */
bool opts_read_long(const char *text, long lo, long hi, long *out);
bool opts_read_real(const char *text, double lo, double hi, double *out);

/* Prints `engine CMD: ` and the formatted reason on stderr, for refusals the table cannot
 * express (a required option missing, a bad positional word); returns OPTS_REFUSED. */
int opts_refuse(const char *command, const char *format, ...);

/* True after printing usage on stdout when a word of argv[first..) is "--help" (which no option
 * takes as its value) or argv[first] is "-h". */
bool opts_help(int argc, char **argv, int first, const char *usage);
