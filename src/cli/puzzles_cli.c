/* `engine puzzles` (see puzzles_cli.h). */
#include "cli/puzzles_cli.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "annotate/annotate.h"
#include "annotate/puzzle.h"
#include "pdn/pdn_read.h"
#include "util/clock.h"
#include "util/game_list.h"
#include "util/opts.h"
#include "util/sys.h"

#define PUZZLES_DEFAULT_NODES 200000
#define PUZZLES_TT_MIB 64

#define PUZZLES_USAGE                                                                                                \
    "usage: engine puzzles GAMES.pdn [options]   (GAMES.pdn may be - for standard input)\n"                        \
    "  finds every position of the games where the side to move has exactly one move that wins (at least\n"       \
    "  1.5 men, the second best at most 0.4) or exactly one that saves the game (holds within 0.4, the second\n"  \
    "  loses 1.5), follows the solution while it stays unique, checks each solver move again with a search\n"     \
    "  --verify times larger, and writes one PDN game a puzzle (FEN, solution, Themes, Rating, Source tags)\n"   \
    "  --out FILE        the puzzles (default: standard output)\n"                                              \
    "  --json            JSON instead: an array of {id, fen, moves, themes, kind, rating, source}\n"             \
    "  --nodes N         nodes a position (default 200000) | --move-time T | --depth D\n"                        \
    "  --verify K        the check's search is K times larger (default 4; 1: no check)\n"                        \
    "  --threads N       search threads, 1-256 (default 1)\n"                                                     \
    "  --games LIST      the games by number in the file, as 3,7-9 (default: all)\n"                             \
    "  --side S          the solver: white, black or both (default both)\n"                                     \
    "  --variant V       the rules of games whose tags name none: normal, killer, bt, frisian, losing\n"       \
    "broken games: one message each on stderr, skipped; a summary line at the end\n"

static const char *read_move_time(void *seconds, const char *value)
{
    return opts_read_real(value, 0, HUGE_VAL, seconds) && *(double *)seconds > 0 ? NULL : "expected seconds above 0";
}

static const char *read_side(void *side, const char *value)
{
    bool *s = side;
    s[0] = strcmp(value, "white") == 0 || strcmp(value, "both") == 0;
    s[1] = strcmp(value, "black") == 0 || strcmp(value, "both") == 0;
    return s[0] || s[1] ? NULL : "expected white, black or both";
}

typedef struct {
    PuzzleConfig puzzle;
    GameList games;
    int threads;
    bool json;
    const char *path, *out_path;
    Variant variant;   /* of games whose tags name none */
} PuzzlesOptions;

static bool parse_options(int argc, char **argv, PuzzlesOptions *o)
{
    long nodes = 0, depth = 0, threads = 1, verify = 4;
    bool nodes_given = false, depth_given = false, time_given = false;
    const OptSpec specs[] = {
        OPTS_TEXT("--out", &o->out_path),
        OPTS_FLAG("--json", &o->json),
        {.name = "--nodes", .kind = OPT_INT, .out = &nodes, .lo = 1, .hi = OPTS_CAP(1000000000000), .given = &nodes_given},
        {.name = "--move-time", .kind = OPT_CALL, .out = &o->puzzle.limits.move_time, .call = read_move_time,
         .given = &time_given},
        {.name = "--depth", .kind = OPT_INT, .out = &depth, .lo = 1, .hi = MAX_PLY / 4 - 2, .given = &depth_given},
        OPTS_INT("--verify", &verify, 1, 64),
        OPTS_INT("--threads", &threads, 1, SEARCH_MAX_THREADS),
        OPTS_CALL("--games", &o->games, game_list_opt_read),
        OPTS_CALL("--side", o->puzzle.side, read_side),
        OPTS_CALL("--variant", &o->variant, variant_opt_read),
        OPTS_END,
    };
    if (!opts_parse("puzzles", specs, argc, argv, 2, &o->path, 1, 1))
        return false;
    if (nodes_given + depth_given + time_given > 1) {
        opts_refuse("puzzles", "give one limit: --nodes, --move-time or --depth");
        return false;
    }
    o->puzzle.limits.nodes = (uint64_t)nodes;
    o->puzzle.limits.depth = (int)depth;
    if (!nodes_given && !depth_given && !time_given)
        o->puzzle.limits.nodes = PUZZLES_DEFAULT_NODES;
    o->puzzle.verify = (int)verify;
    o->threads = (int)threads;
    return true;
}

/* Writes the puzzles of source (count of them, numbered from *id on). */
static bool write_puzzles(FILE *out, const PuzzlesOptions *o, const Puzzle *p, int count, const PdnGame *source,
                          int *id)
{
    bool ok = true;
    for (int i = 0; ok && i < count; i++) {
        ++*id;
        if (o->json) {
            fputs(*id == 1 ? "[\n  " : ",\n  ", out);
            puzzle_write_json(out, &p[i], source, *id);
        } else {
            ok = puzzle_write_pdn(out, &p[i], source, *id);
        }
    }
    return ok;
}

/* Reads the games of in and writes their puzzles to out; the summary and broken games to err. */
static bool run(FILE *in, const char *name, const PuzzlesOptions *o, FILE *out, FILE *err)
{
    Search *s = search_new(PUZZLES_TT_MIB);
    PdnReader *r = pdn_reader_new(in, name);
    if (r)
        pdn_reader_set_variant(r, o->variant);
    if (!s || !r || !search_set_threads(s, o->threads)) {
        fprintf(err, "engine puzzles: out of memory\n");
        search_free(s);
        pdn_reader_free(r);
        return false;
    }
    bool progress = sys_is_terminal(err), ok = true;
    PdnGame g;
    pdn_game_init(&g);
    PuzzleCounts counts = {0, 0, 0};
    int id = 0, looked = 0, broken = 0;
    double start = clock_now();
    for (PdnReadStatus st; ok && (st = pdn_reader_next(r, &g)) != PDN_READ_END;) {
        int number = pdn_reader_games(r);
        if (!game_list_has(&o->games, number))
            continue;
        if (st == PDN_READ_BROKEN) {
            fprintf(err, "%s%s; skipped\n", progress ? "\r\033[K" : "", pdn_reader_error(r)->message);
            broken++;
            continue;
        }
        Puzzle *found = NULL;
        int count = 0;
        ok = puzzle_find(s, &g, number, &o->puzzle, &found, &count, &counts) &&
             write_puzzles(out, o, found, count, &g, &id);
        free(found);
        looked++;
        if (progress)
            fprintf(err, "\rpuzzles: game %d, %d puzzles, %ld positions, %.0f s", number, id, counts.positions,
                    clock_now() - start);
    }
    if (o->json)
        fputs(id ? "\n]\n" : "[]\n", out);
    fprintf(err, "%spuzzles: %d found in %d games (%d broken), %ld positions, %ld with one good move, %ld dropped "
                 "by the %dx check or as a capture, %.1f s\n",
            progress ? "\r\033[K" : "", id, looked, broken, counts.positions, counts.candidates, counts.rejected,
            o->puzzle.verify, clock_now() - start);
    if (ok && (fflush(out) != 0 || ferror(out))) {
        fprintf(err, "engine puzzles: cannot write the output\n");
        ok = false;
    }
    pdn_game_free(&g);
    pdn_reader_free(r);
    search_free(s);
    return ok;
}

int puzzles_cli_main(int argc, char **argv)
{
    PuzzlesOptions o = {.puzzle = {.side = {true, true}}, .threads = 1};
    if (opts_help(argc, argv, 2, PUZZLES_USAGE))
        return 0;
    if (!parse_options(argc, argv, &o))
        return OPTS_REFUSED;
    FILE *in = strcmp(o.path, "-") == 0 ? stdin : fopen(o.path, "rb");
    if (!in)
        return opts_refuse("puzzles", "cannot open %s: %s", o.path, strerror(errno));
    FILE *out = o.out_path ? fopen(o.out_path, "w") : stdout;
    if (!out) {
        if (in != stdin)
            fclose(in);
        return opts_refuse("puzzles", "cannot write %s: %s", o.out_path, strerror(errno));
    }
    bool ok = run(in, strcmp(o.path, "-") == 0 ? "stdin" : o.path, &o, out, stderr);
    if (in != stdin)
        fclose(in);
    if (o.out_path && fclose(out) != 0 && ok) {
        fprintf(stderr, "engine puzzles: cannot write %s\n", o.out_path);
        ok = false;
    }
    return ok ? 0 : 1;
}
