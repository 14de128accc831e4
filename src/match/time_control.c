#include "match/time_control.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

const char *time_control_parse(const char *text, TimeControl *tc)
{
    memset(tc, 0, sizeof *tc);
    bool have_move_time = false, have_time = false, have_inc = false, have_depth = false, have_nodes = false;
    const char *p = text;
    while (*p) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        char key[16];
        size_t n = 0;
        while (*p && *p != '=' && *p != ' ' && n < sizeof key - 1)
            key[n++] = *p++;
        key[n] = '\0';
        if (*p != '=')
            return "expected key=value pairs: move-time=S, time=S inc=S, depth=N or nodes=N";
        char *end;
        double v = strtod(++p, &end);
        if (end == p || (*end && *end != ' ') || !(v >= 0) || v > 1e9)
            return "bad number in the time control";
        p = end;
        if (strcmp(key, "move-time") == 0 && v > 0)
            tc->move_time = v, have_move_time = true;
        else if (strcmp(key, "time") == 0 && v > 0)
            tc->time = v, have_time = true;
        else if (strcmp(key, "inc") == 0)
            tc->inc = v, have_inc = true;
        else if (strcmp(key, "depth") == 0 && v >= 1 && v <= 100 && v == (int)v)
            tc->depth = (int)v, have_depth = true;
        else if (strcmp(key, "nodes") == 0 && v >= 1 && v == (double)(uint64_t)v)
            tc->nodes = (uint64_t)v, have_nodes = true;
        else
            return "unknown key or out-of-range value in the time control";
    }
    int kinds = have_move_time + have_time + have_depth + have_nodes;
    if (kinds != 1 || (have_inc && !have_time))
        return "give exactly one of move-time=S, time=S [inc=S], depth=N, nodes=N";
    tc->kind = have_move_time ? TC_MOVE_TIME : have_time ? TC_CLOCK : have_depth ? TC_DEPTH : TC_NODES;
    return NULL;
}
