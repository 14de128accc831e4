/* `engine annotate` (see annotate_cli.h). */
#include "cli/annotate_cli.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "annotate/annotate.h"
#include "util/opts.h"
#include "util/sys.h"

#define ANNOTATE_USAGE                                                                                               \
    "usage: engine annotate GAMES.pdn [options]   (GAMES.pdn may be - for standard input)\n"                       \
    "  analyses every move of the games and writes them back as PDN: the score before and after each move\n"       \
    "  (men, White's view), ?! ? ?? from the winning chances the mover lost, ! for the only move that holds,\n"    \
    "  the best line where the move was worse, and a summary per side; a table of games on the terminal\n"         \
    "  --out FILE        the annotated games (default: standard output; the table then goes to stderr)\n"         \
    "  --nodes N         nodes a position (default 1000000: about 0.1 s on one thread)\n"                        \
    "  --move-time T     seconds a position, above 0\n"                                                            \
    "  --depth D         plies a position (one of --nodes, --move-time, --depth)\n"                               \
    "  --threads N       search threads, 1-256 (default 1)\n"                                                       \
    "  --games LIST      the games to annotate by number in the file, as 3,7-9 (default: all);\n"                 \
    "                    the others are left out of the output\n"                                                  \
    "  --side S          whose moves to judge: white, black or both (default both; all moves get scores)\n"       \
    "  --svg DIR         a chart per game, DIR/game-N.svg (the folder is made if missing)\n"                      \
    "  --order O         backward (default: from the last position to the first) or forward\n"                    \
    "  --find-depth D    ! only for a move a search of D plies would not play (default 4, 0: any)\n"              \
    "  --variant V       the rules of games whose tags name none: normal, killer, bt, frisian, losing\n"       \
    "broken games: one message each on stderr; written back as read with a note, not annotated\n"

/* OPT_CALL reader of --move-time into the double at seconds: any time above 0. */
static const char *read_move_time(void *seconds, const char *value)
{
    return opts_read_real(value, 0, HUGE_VAL, seconds) && *(double *)seconds > 0 ? NULL : "expected seconds above 0";
}

/* OPT_CALL reader of --side into the judged sides at judge (bool[2] by Color). */
static const char *read_side(void *judge, const char *value)
{
    bool *j = judge;
    if (strcmp(value, "both") == 0)
        j[0] = j[1] = true;
    else if (strcmp(value, "white") == 0)
        j[0] = true, j[1] = false;
    else if (strcmp(value, "black") == 0)
        j[0] = false, j[1] = true;
    else
        return "expected white, black or both";
    return NULL;
}

/* OPT_CALL reader of --order into the bool at backward. */
static const char *read_order(void *backward, const char *value)
{
    if (strcmp(value, "backward") != 0 && strcmp(value, "forward") != 0)
        return "expected backward or forward";
    *(bool *)backward = strcmp(value, "backward") == 0;
    return NULL;
}

/* The options into cfg, the games' file and the output's; false after saying why they are refused. */
static bool parse_options(int argc, char **argv, AnnotateRunConfig *cfg, const char **path, const char **out_path)
{
    long nodes = 0, depth = 0, threads = 1, find_depth = ANNOTATE_FIND_DEPTH;
    bool nodes_given = false, depth_given = false, time_given = false;
    const OptSpec specs[] = {
        OPTS_TEXT("--out", out_path),
        {.name = "--nodes", .kind = OPT_INT, .out = &nodes, .lo = 1, .hi = OPTS_CAP(1000000000000), .given = &nodes_given},
        {.name = "--move-time", .kind = OPT_CALL, .out = &cfg->game.limits.move_time, .call = read_move_time,
         .given = &time_given},
        {.name = "--depth", .kind = OPT_INT, .out = &depth, .lo = 1, .hi = MAX_PLY - 2, .given = &depth_given},
        OPTS_INT("--threads", &threads, 1, SEARCH_MAX_THREADS),
        OPTS_CALL("--games", &cfg->games, game_list_opt_read),
        OPTS_CALL("--side", cfg->game.judge, read_side),
        OPTS_TEXT("--svg", &cfg->svg_dir),
        OPTS_CALL("--order", &cfg->game.backward, read_order),
        OPTS_INT("--find-depth", &find_depth, 0, MAX_PLY - 2),
        OPTS_CALL("--variant", &cfg->variant, variant_opt_read),
        OPTS_END,
    };
    if (!opts_parse("annotate", specs, argc, argv, 2, path, 1, 1))
        return false;
    if (nodes_given + depth_given + time_given > 1) {
        opts_refuse("annotate", "give one limit: --nodes, --move-time or --depth");
        return false;
    }
    cfg->game.limits.nodes = (uint64_t)nodes;
    cfg->game.limits.depth = (int)depth;
    if (!nodes_given && !depth_given && !time_given)
        cfg->game.limits.nodes = ANNOTATE_DEFAULT_NODES;
    cfg->threads = (int)threads;
    cfg->game.find_depth = (int)find_depth;
    return true;
}

/* The games' file to read, twice (a first pass counts the positions): path, or standard input for
 * "-"; what cannot be read twice (a pipe) is copied to a scratch file first. NULL when it cannot be
 * opened or copied (errno says why). */
static FILE *open_games(const char *path)
{
    FILE *in = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!in || fseek(in, 0, SEEK_SET) == 0)
        return in;
    FILE *copy = sys_tmpfile();
    char buf[65536];
    size_t n;
    while (copy && (n = fread(buf, 1, sizeof buf, in)) > 0)
        if (fwrite(buf, 1, n, copy) != n) {
            fclose(copy);
            copy = NULL;
        }
    if (in != stdin)
        fclose(in);
    if (copy)
        rewind(copy);
    return copy;
}

int annotate_cli_main(int argc, char **argv)
{
    AnnotateRunConfig cfg = {.game = {.backward = true, .judge = {true, true}}, .threads = 1};
    const char *path = NULL, *out_path = NULL;
    if (opts_help(argc, argv, 2, ANNOTATE_USAGE))
        return 0;
    if (!parse_options(argc, argv, &cfg, &path, &out_path))
        return OPTS_REFUSED;
    FILE *in = open_games(path);
    if (!in)
        return opts_refuse("annotate", "cannot open %s: %s", path, strerror(errno));
    if (out_path && strcmp(out_path, path) == 0) {
        if (in != stdin)
            fclose(in);
        return opts_refuse("annotate", "--out FILE is the games' file");
    }
    FILE *out = out_path ? fopen(out_path, "w") : stdout;
    if (!out) {
        if (in != stdin)
            fclose(in);
        return opts_refuse("annotate", "cannot write %s: %s", out_path, strerror(errno));
    }
    AnnotateTotals totals;
    const char *name = strcmp(path, "-") == 0 ? "stdin" : path;
    bool ok = annotate_run(in, name, &cfg, out, out_path ? stdout : stderr, stderr, &totals);
    if (in != stdin)
        fclose(in);
    if (out_path && fclose(out) != 0 && ok) {
        fprintf(stderr, "engine annotate: cannot write %s\n", out_path);
        ok = false;
    }
    return ok ? 0 : 1;
}
