/* Puzzles as PDN and JSON (see puzzle.h). */
#include "annotate/puzzle.h"

#include <stdlib.h>
#include <string.h>

#include "pdn/pdn_move.h"
#include "pdn/pdn_write.h"
#include "rules/notation.h"

static const char *const THEME_NAMES[] = {"shot", "sacrifice", "breakthrough", "endgame", "defence"};

void puzzle_theme_text(unsigned themes, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < sizeof THEME_NAMES / sizeof THEME_NAMES[0]; i++)
        if (themes & (1u << i))
            n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "%s%s", n ? " " : "", THEME_NAMES[i]);
    if (!buf[0])
        snprintf(buf, size, "%s", "material");
}

/* The source game's move number and side of p's start: "23" or "23...". */
static void move_label(const Puzzle *p, const PdnGame *source, char *buf, size_t size)
{
    int first_black = source->start.turn == BLACK;
    int number = source->first_number + (p->ply + first_black) / 2;
    snprintf(buf, size, "%d%s", number, p->start.turn == BLACK ? "..." : "");
}

/* A tag of the source game, or "?". */
static const char *tag(const PdnGame *g, const char *name)
{
    const char *v = pdn_game_tag(g, name);
    return v ? v : "?";
}

bool puzzle_write_pdn(FILE *out, const Puzzle *p, const PdnGame *source, int id)
{
    Game *game = malloc(sizeof *game);
    if (!game)
        return false;
    game_reset(game, &p->start);
    for (int i = 0; i < p->plies; i++)
        game_play(game, p->line[i]);
    char event[32], themes[96], rating[16], label[16], where[64];
    snprintf(event, sizeof event, "Puzzle %d", id);
    puzzle_theme_text(p->themes, themes, sizeof themes);
    snprintf(rating, sizeof rating, "%d", p->rating);
    move_label(p, source, label, sizeof label);
    snprintf(where, sizeof where, "game %d, move %s", p->game, label);
    PdnHeader h = {event, tag(source, "Site"), tag(source, "Date"), tag(source, "White"), tag(source, "Black"),
                   NULL, p->game};
    PdnGame rec;
    pdn_game_init(&rec);
    bool ok = pdn_write_record(&rec, &h, game, -1, NULL) && pdn_game_set_tag(&rec, "Themes", themes) &&
              pdn_game_set_tag(&rec, "Rating", rating) && pdn_game_set_tag(&rec, "Source", where) &&
              pdn_game_set_tag(&rec, "Kind", p->kind == PUZZLE_WINNING ? "win" : "save") && pdn_write(out, &rec);
    pdn_game_free(&rec);
    free(game);
    return ok;
}

/* Writes text as a JSON string. */
static void json_string(FILE *out, const char *text)
{
    fputc('"', out);
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        if (*c == '"' || *c == '\\')
            fprintf(out, "\\%c", *c);
        else if (*c < 0x20)
            fprintf(out, "\\u%04x", *c);
        else
            fputc(*c, out);
    }
    fputc('"', out);
}

void puzzle_write_json(FILE *out, const Puzzle *p, const PdnGame *source, int id)
{
    char fen[FEN_TEXT_MAX], themes[96], label[16];
    notation_format_fen(&p->start, fen);
    fprintf(out, "{\"id\": %d, \"fen\": ", id);
    json_string(out, fen);
    fputs(", \"moves\": [", out);
    Position pos = p->start;
    Game *game = malloc(sizeof *game);
    if (game)
        game_reset(game, &pos);
    for (int i = 0; game && i < p->plies; i++) {
        char move[PDN_MOVE_TEXT_MAX];
        pdn_move_format(game_position(game), p->line[i], move);   /* 28x19, the path only when needed */
        fprintf(out, "%s", i ? ", " : "");
        json_string(out, move);
        game_play(game, p->line[i]);
    }
    free(game);
    puzzle_theme_text(p->themes, themes, sizeof themes);
    fputs("], \"themes\": [", out);
    char *save = NULL;
    int n = 0;
    for (char *w = strtok_r(themes, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        fprintf(out, "%s", n++ ? ", " : "");
        json_string(out, w);
    }
    move_label(p, source, label, sizeof label);
    fprintf(out, "], \"kind\": \"%s\", \"rating\": %d, \"source\": {\"game\": %d, \"move\": ",
            p->kind == PUZZLE_WINNING ? "win" : "save", p->rating, p->game);
    json_string(out, label);
    fputs(", \"white\": ", out);
    json_string(out, tag(source, "White"));
    fputs(", \"black\": ", out);
    json_string(out, tag(source, "Black"));
    fputs("}}", out);
}
