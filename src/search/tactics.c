/* The tactical regression suite: loading the positions and solving them under fixed limits (the
 * `engine tactics` front is cli/tactics_cli.c). */
#include "search/tactics.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define TACTICS_LINE_MAX 1024

/* Parses one non-blank line "FEN MOVE comment" or "FEN !MOVE comment" into e; false with a message
 * on err. */
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
    e->avoid = move[0] == '!';
    move += e->avoid;
    char msg[256];
    if (notation_parse_move(&e->pos, move, &e->best, msg, sizeof msg) != PARSE_OK) {
        fprintf(err, "tactics: line %d: bad move \"%s\": %s\n", lineno, move, msg);
        return false;
    }
    e->line = lineno;
    if (e->avoid)
        e->text[0] = '!';
    notation_format_move(&e->pos, e->best, e->text + e->avoid);
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
    return (res->best == e->best) != e->avoid;
}
