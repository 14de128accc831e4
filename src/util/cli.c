#include "util/cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

bool cli_parse_long(const char *name, const char *text, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || *end || end == text || v < lo || v > hi) {
        fprintf(stderr, "engine: bad %s \"%s\": expected an integer %ld-%ld\n", name, text, lo, hi);
        return false;
    }
    *out = v;
    return true;
}
