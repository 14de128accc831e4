#include "opening/openings.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "blobs.h"
#include "rules/notation.h"

/* Appends the position of one line; false with err set when it is bad or memory is short. */
static bool add_line(const char *name, int lineno, char *line, Variant v, Position **list, int *count, int *cap,
                     char *err, size_t errsize)
{
    line[strcspn(line, "\r\n")] = '\0';
    char *p = line + strspn(line, " \t");
    if (!*p || *p == '#')
        return true;
    if (*count == *cap) {
        int n = *cap ? 2 * *cap : 256;
        Position *grown = realloc(*list, (size_t)n * sizeof *grown);
        if (!grown) {
            snprintf(err, errsize, "out of memory");
            return false;
        }
        *list = grown;
        *cap = n;
    }
    const char *why = notation_parse_position(p, &(*list)[*count]);
    if (!why)
        why = position_set_variant(&(*list)[*count], v);
    if (why) {
        snprintf(err, errsize, "%s:%d: %s", name, lineno, why);
        return false;
    }
    (*count)++;
    return true;
}

/* The lines of a file or of the embedded ballots (read in place: fmemopen is POSIX only). */
typedef struct {
    FILE *f;
    const unsigned char *at, *end;
} LineSource;

/* Copies the next line (with its newline, cut to size - 1 bytes as fgets does) into line; false at
 * the end. */
static bool next_line(LineSource *src, char *line, size_t size)
{
    if (src->f)
        return fgets(line, (int)size, src->f) != NULL;
    if (src->at >= src->end)
        return false;
    size_t n = 0;
    while (src->at < src->end && n + 1 < size) {
        char c = (char)*src->at++;
        line[n++] = c;
        if (c == '\n')
            break;
    }
    line[n] = '\0';
    return true;
}

int openings_load(const char *path, Variant v, Position **out, char *err, size_t errsize)
{
    LineSource src = {.f = path ? fopen(path, "r") : NULL, .at = ballots_blob, .end = ballots_blob + ballots_blob_size};
    FILE *f = src.f;
    const char *name = path ? path : OPENINGS_BALLOTS;
    if (path && !f) {
        snprintf(err, errsize, "cannot open %s: %s", name, strerror(errno));
        return -1;
    }
    int count = 0, cap = 0, lineno = 0;
    bool ok = true;
    Position *list = NULL;
    char line[1024];
    while (ok && next_line(&src, line, sizeof line))
        ok = add_line(name, ++lineno, line, v, &list, &count, &cap, err, errsize);
    if (f)
        fclose(f);
    if (ok && count == 0) {
        snprintf(err, errsize, "%s holds no position", name);
        ok = false;
    }
    if (!ok) {
        free(list);
        return -1;
    }
    *out = list;
    return count;
}
