/* Games chosen by number (see game_list.h). */
#include "util/game_list.h"

#include <string.h>

#define GAME_NUMBER_MAX 1000000000

#define EXPECTED "expected game numbers from 1 and ranges, as 3,7-9"

/* Reads a game number (1..) at *p, advancing it; false when there is none. */
static bool read_number(const char **p, int *out)
{
    long v = 0;
    if (**p < '0' || **p > '9')
        return false;
    while (**p >= '0' && **p <= '9') {
        v = v * 10 + (**p - '0');
        if (v > GAME_NUMBER_MAX)
            return false;
        (*p)++;
    }
    *out = (int)v;
    return v >= 1;
}

const char *game_list_parse(const char *text, GameList *list)
{
    memset(list, 0, sizeof *list);
    const char *p = text;
    do {
        int lo, hi;
        if (!read_number(&p, &lo))
            return EXPECTED;
        hi = lo;
        if (*p == '-') {
            p++;
            if (!read_number(&p, &hi))
                return EXPECTED;
            if (hi < lo)
                return "a range runs from low to high (7-9)";
        }
        if (list->count == GAME_LIST_RANGES_MAX)
            return "too many ranges";
        list->lo[list->count] = lo;
        list->hi[list->count++] = hi;
    } while (*p++ == ',');
    return p[-1] == '\0' ? NULL : EXPECTED;
}

const char *game_list_opt_read(void *out, const char *text) { return game_list_parse(text, out); }

bool game_list_has(const GameList *list, long game)
{
    if (!list->count)
        return true;
    for (int i = 0; i < list->count; i++)
        if (game >= list->lo[i] && game <= list->hi[i])
            return true;
    return false;
}
