/* `engine tactics` (see tactics_cli.h). */
#include "cli/tactics_cli.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "eval/score.h"
#include "rules/notation.h"
#include "search/search.h"
#include "search/tactics.h"
#include "util/clock.h"
#include "util/opts.h"

#define TACTICS_USAGE                                                                                                \
    "usage: engine tactics FILE [--nodes N | --move-time T | --depth D] [--set NAME=VALUE]...\n"                       \
    "  FILE             one position a line: FEN, best move (or !move to avoid), comment\n"                         \
    "  --nodes N        nodes a position (the default limit: 200000 when no limit is given)\n"                      \
    "  --move-time T    seconds a position, above 0\n"                                                               \
    "  --depth D        plies a position\n"                                                                          \
    "  --set NAME=VALUE a search parameter, as the Hub's set-param (repeatable)\n"

/* OPT_CALL reader of --move-time into the double at seconds: any time above 0 (0 means none). */
static const char *read_move_time(void *seconds, const char *value)
{
    return opts_read_real(value, 0, HUGE_VAL, seconds) && *(double *)seconds > 0 ? NULL : "expected seconds above 0";
}

/* An option's NAME=VALUE into the SearchParams at params (search_params_assign). */
static const char *set_params(void *params, const char *value) { return search_params_assign(params, value); }

/* The options of `engine tactics` into the positions' file, limits and search parameters; false
 * after saying why they are refused. */
static bool parse_options(int argc, char **argv, const char **path, SearchLimits *limits, SearchParams *params)
{
    long nodes = 0, depth = 0;
    const OptSpec specs[] = {
        OPTS_INT("--nodes", &nodes, 1, LONG_MAX),
        OPTS_CALL("--move-time", &limits->move_time, read_move_time),
        OPTS_INT("--depth", &depth, 1, MAX_PLY - 2),
        OPTS_CALL("--set", params, set_params),
        OPTS_END,
    };
    if (!opts_parse("tactics", specs, argc, argv, 2, path, 1, 1))
        return false;
    limits->nodes = (uint64_t)nodes;
    limits->depth = (int)depth;
    if (!limits->nodes && !limits->move_time && !limits->depth)
        limits->nodes = TACTICS_DEFAULT_NODES;
    return true;
}

int tactics_cli_main(int argc, char **argv)
{
    const char *path;
    SearchLimits limits = {0};
    SearchParams params;
    search_params_default(&params);
    if (opts_help(argc, argv, 2, TACTICS_USAGE))
        return 0;
    if (!parse_options(argc, argv, &path, &limits, &params))
        return OPTS_REFUSED;
    TacticsEntry *list = NULL;
    int count = tactics_load(path, &list, stderr);
    if (count < 0)
        return OPTS_REFUSED;
    Search *s = search_new(TACTICS_TT_MIB);
    if (!s) {
        fprintf(stderr, "engine tactics: not enough memory\n");
        free(list);
        return 1;
    }
    *search_params(s) = params;
    int solved = 0;
    uint64_t nodes = 0;
    double start = clock_now();
    for (int i = 0; i < count; i++) {
        SearchResult r;
        bool ok = tactics_solve(s, &list[i], &limits, &r);
        char mt[MOVE_TEXT_MAX] = "none", sc[16];
        if (r.best)
            notation_format_move(&list[i].pos, r.best, mt);
        score_format(r.score, sc, sizeof sc);
        printf("tactics line=%d %s move=%s best=%s score=%s depth=%d nodes=%llu\n", list[i].line,
               ok ? "solved" : "missed", mt, list[i].text, sc, r.depth, (unsigned long long)r.nodes);
        solved += ok;
        nodes += r.nodes;
    }
    printf("tactics solved=%d/%d nodes=%llu time=%.3f\n", solved, count, (unsigned long long)nodes,
           clock_now() - start);
    free(list);
    search_free(s);
    return 0;
}
