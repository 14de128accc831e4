/* The tactical regression suite: loading the positions, solving them under fixed limits, and the
 * `engine tactics` subcommand that reports how many the search finds. */
#include "tools/tactics.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "util/clock.h"

#define TACTICS_LINE_MAX 1024

/* Parses one non-blank line "FEN MOVE comment" into e; false with a message on err. */
static bool parse_entry(char *line, int lineno, TacticsEntry *e, FILE *err)
{
    char *save = NULL;
    char *fen = strtok_r(line, " \t\r\n", &save);
    char *move = strtok_r(NULL, " \t\r\n", &save);
    if (!fen || !move) {
        fprintf(err, "tactics: line %d: expected \"FEN MOVE comment\"\n", lineno);
        return false;
    }
    const char *why = notation_parse_position(fen, &e->pos);
    if (why) {
        fprintf(err, "tactics: line %d: bad position: %s\n", lineno, why);
        return false;
    }
    char msg[256];
    if (notation_parse_move(&e->pos, move, &e->best, msg, sizeof msg) != PARSE_OK) {
        fprintf(err, "tactics: line %d: bad move \"%s\": %s\n", lineno, move, msg);
        return false;
    }
    e->line = lineno;
    notation_format_move(&e->pos, e->best, e->text);
    return true;
}

int tactics_load(const char *path, TacticsEntry **out, FILE *err)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(err, "tactics: cannot open %s: %s\n", path, strerror(errno));
        return -1;
    }
    TacticsEntry *list = NULL;
    int count = 0, cap = 0, lineno = 0;
    char line[TACTICS_LINE_MAX];
    while (fgets(line, sizeof line, f)) {
        lineno++;
        char *p = line + strspn(line, " \t");
        if (*p == '#' || *p == '\n' || *p == '\r' || *p == '\0')
            continue;
        if (count == cap) {
            cap = cap ? 2 * cap : 32;
            TacticsEntry *grown = realloc(list, (size_t)cap * sizeof *grown);
            if (!grown) {
                fprintf(err, "tactics: out of memory\n");
                count = -1;
                break;
            }
            list = grown;
        }
        if (!parse_entry(p, lineno, &list[count], err)) {
            count = -1;
            break;
        }
        count++;
    }
    fclose(f);
    if (count <= 0) {
        if (count == 0)
            fprintf(err, "tactics: %s has no positions\n", path);
        free(list);
        return -1;
    }
    *out = list;
    return count;
}

bool tactics_solve(Search *s, const TacticsEntry *e, const SearchLimits *limits, SearchResult *res)
{
    static Game game;
    game_reset(&game, &e->pos);
    search_clear(s);
    search_run(s, &game, limits, GO_ANALYZE, NULL, NULL, NULL, res);
    return res->best == e->best;
}

/* Parses the options after FILE into limits and the tuning; false (with a message) on a bad one. */
static bool parse_options(int argc, char **argv, SearchLimits *limits, SearchTuning *tune)
{
    for (int i = 3; i < argc; i++) {
        const char *opt = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (!val) {
            fprintf(stderr, "engine tactics: %s needs a value\n", opt);
            return false;
        }
        i++;
        char *end;
        if (strcmp(opt, "--nodes") == 0) {
            limits->nodes = strtoull(val, &end, 10);
            if (*end || !limits->nodes)
                goto bad;
        } else if (strcmp(opt, "--move-time") == 0) {
            limits->move_time = strtod(val, &end);
            if (*end || limits->move_time <= 0)
                goto bad;
        } else if (strcmp(opt, "--depth") == 0) {
            long d = strtol(val, &end, 10);
            if (*end || d < 1 || d >= MAX_PLY - 1)
                goto bad;
            limits->depth = (int)d;
        } else if (strcmp(opt, "--set") == 0) {
            const char *eq = strchr(val, '=');
            char name[64];
            if (!eq || (size_t)(eq - val) >= sizeof name)
                goto bad;
            memcpy(name, val, (size_t)(eq - val));
            name[eq - val] = '\0';
            long v = strtol(eq + 1, &end, 10);
            if (*end || end == eq + 1 || v > INT_MAX || !search_tuning_set(tune, name, (int)v))
                goto bad;
        } else {
            fprintf(stderr, "engine tactics: unknown option %s\n", opt);
            return false;
        }
        continue;
    bad:
        fprintf(stderr, "engine tactics: bad value \"%s\" for %s\n", val, opt);
        return false;
    }
    if (!limits->nodes && !limits->move_time && !limits->depth)
        limits->nodes = TACTICS_DEFAULT_NODES;
    return true;
}

int tactics_main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: engine tactics FILE [--nodes N | --move-time T | --depth D] [--set NAME=VALUE]...\n");
        return 2;
    }
    Search *s = search_new(TACTICS_TT_MIB);
    if (!s) {
        fprintf(stderr, "engine tactics: not enough memory\n");
        return 1;
    }
    SearchLimits limits = {0};
    TacticsEntry *list = NULL;
    int count = -1;
    if (parse_options(argc, argv, &limits, search_tuning(s)))
        count = tactics_load(argv[2], &list, stderr);
    if (count < 0) {
        search_free(s);
        return 2;
    }
    int solved = 0;
    uint64_t nodes = 0;
    double start = clock_now();
    for (int i = 0; i < count; i++) {
        SearchResult r;
        bool ok = tactics_solve(s, &list[i], &limits, &r);
        char mt[MOVE_TEXT_MAX] = "none", sc[16];
        if (r.best)
            notation_format_move(&list[i].pos, r.best, mt);
        search_format_score(r.score, sc, sizeof sc);
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
