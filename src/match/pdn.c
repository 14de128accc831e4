#include "match/pdn.h"

#include <ctype.h>
#include <string.h>

#include "rules/notation.h"

#define LINE_WIDTH 79

const char *pdn_result_text(int white_points)
{
    switch (white_points) {
    case 2: return "2-0";
    case 1: return "1-1";
    case 0: return "0-2";
    default: return "*";
    }
}

/* Writes a tag, dropping characters that would break the quoting. */
static void write_tag(FILE *out, const char *name, const char *value)
{
    fprintf(out, "[%s \"", name);
    for (const char *p = value ? value : "?"; *p; p++)
        if (*p != '"' && *p != '\\' && *p != '\n' && *p != '\r')
            fputc(*p, out);
    fputs("\"]\n", out);
}

/* The short "from x to" form when no other legal move shares from and to, else the full one. */
static void short_move(const Position *pos, Move m, char *buf)
{
    notation_format_move(pos, m, buf);
    if (!move_is_capture(pos, m))
        return;
    MoveList list;
    movegen_generate(pos, &list);
    int same = 0;
    for (int i = 0; i < list.count; i++)
        same += move_from(pos, list.moves[i]) == move_from(pos, m) && move_to(pos, list.moves[i]) == move_to(pos, m);
    if (same == 1) {
        char *second_x = strchr(strchr(buf, 'x') + 1, 'x');
        if (second_x)
            *second_x = '\0';
    }
}

/* Appends a token to the movetext, breaking lines before LINE_WIDTH. */
static void put_token(FILE *out, const char *tok, int *col)
{
    int len = (int)strlen(tok);
    if (*col > 0 && *col + 1 + len > LINE_WIDTH) {
        fputc('\n', out);
        *col = 0;
    } else if (*col > 0) {
        fputc(' ', out);
        (*col)++;
    }
    fputs(tok, out);
    *col += len;
}

void pdn_write_game(FILE *out, const PdnHeader *h, const Game *game, int white_points, const char *comment)
{
    char round[16];
    snprintf(round, sizeof round, "%d", h->round);
    write_tag(out, "Event", h->event);
    write_tag(out, "Site", h->site);
    write_tag(out, "Date", h->date);
    write_tag(out, "Round", round);
    write_tag(out, "White", h->white);
    write_tag(out, "Black", h->black);
    write_tag(out, "Result", pdn_result_text(white_points));
    Variant v = position_variant(&game->pos[0]);
    char type[16];
    snprintf(type, sizeof type, "%d", variant_pdn_game_type(v));
    write_tag(out, "GameType", type);
    if (!variant_is_default(v))
        write_tag(out, "Variant", variant_pdn_name(v));
    Position start;
    position_start(&start);
    const Position *first = &game->pos[0];
    if (first->pieces[0] != start.pieces[0] || first->pieces[1] != start.pieces[1] ||
        first->kings != start.kings || first->turn != start.turn) {
        char fen[FEN_TEXT_MAX];
        notation_format_fen(first, fen);
        write_tag(out, "FEN", fen);
    }
    if (h->termination)
        write_tag(out, "Termination", h->termination);
    fputc('\n', out);
    int col = 0, number = 1;
    for (int i = 0; i < game->ply; i++) {
        const Position *pos = &game->pos[i];
        char tok[MOVE_TEXT_MAX + 16];
        if (pos->turn == WHITE) {
            snprintf(tok, sizeof tok, "%d.", number);
            put_token(out, tok, &col);
        } else if (i == 0) {
            snprintf(tok, sizeof tok, "%d...", number);
            put_token(out, tok, &col);
        }
        short_move(pos, game->moves[i], tok);
        put_token(out, tok, &col);
        if (pos->turn == BLACK)
            number++;
    }
    if (comment && *comment) {
        char text[512];
        size_t n = 0;
        text[n++] = '{';
        for (const char *p = comment; *p && n < sizeof text - 2; p++)
            text[n++] = (*p == '{' || *p == '}' || *p == '\n') ? ' ' : *p;
        text[n++] = '}';
        text[n] = '\0';
        put_token(out, text, &col);
    }
    put_token(out, pdn_result_text(white_points), &col);
    fputs("\n\n", out);
}

const char *pdn_tag(const PdnRecord *rec, const char *name)
{
    for (int i = 0; i < rec->tag_count; i++)
        if (strcmp(rec->tags[i].name, name) == 0)
            return rec->tags[i].value;
    return NULL;
}

/* The next character that is not white space (or EOF). */
static int skip_space(FILE *in)
{
    int c;
    while ((c = getc(in)) != EOF && isspace(c))
        ;
    return c;
}

/* Reads a tag pair after its '['; false when malformed. */
static bool read_tag(FILE *in, PdnRecord *rec)
{
    char name[PDN_TAG_NAME_MAX], value[PDN_TAG_VALUE_MAX];
    size_t n = 0;
    int c = skip_space(in);
    while (c != EOF && !isspace(c) && c != '"' && c != ']') {
        if (n < sizeof name - 1)
            name[n++] = (char)c;
        c = getc(in);
    }
    name[n] = '\0';
    if (isspace(c))
        c = skip_space(in);
    if (c != '"' || n == 0)
        return false;
    n = 0;
    while ((c = getc(in)) != EOF && c != '"' && c != '\n')
        if (n < sizeof value - 1)
            value[n++] = (char)c;
    value[n] = '\0';
    if (c != '"' || skip_space(in) != ']')
        return false;
    if (rec->tag_count < PDN_MAX_TAGS) {
        PdnTag *t = &rec->tags[rec->tag_count++];
        snprintf(t->name, sizeof t->name, "%s", name);
        snprintf(t->value, sizeof t->value, "%s", value);
    }
    return true;
}

/* The result token tok stands for, or NULL when it is not a result. */
static const char *result_token(const char *tok)
{
    static const char *const RESULTS[] = {"2-0", "0-2", "1-1", "0-0", "*"};
    for (size_t i = 0; i < sizeof RESULTS / sizeof RESULTS[0]; i++)
        if (strcmp(tok, RESULTS[i]) == 0)
            return RESULTS[i];
    return NULL;
}

/* Plays a movetext token: skips move numbers, plays moves; false with err on a bad move. */
static bool play_token(PdnRecord *rec, const char *tok, char *err, size_t errsize)
{
    const char *p = tok;
    while (isdigit((unsigned char)*p))
        p++;
    if (p != tok && *p == '.') {
        while (*p == '.')
            p++;
        if (!*p)
            return true;
        tok = p;   /* "12.32-28" written without a space */
    }
    Move m;
    char why[256];
    if (notation_parse_move(game_position(rec->game), tok, &m, why, sizeof why) != PARSE_OK) {
        snprintf(err, errsize, "move %d: %s", rec->game->ply + 1, why);
        return false;
    }
    if (!game_play(rec->game, m)) {
        snprintf(err, errsize, "game too long");
        return false;
    }
    return true;
}

int pdn_read_game(FILE *in, PdnRecord *rec, char *err, size_t errsize)
{
    rec->tag_count = 0;
    rec->result[0] = '\0';
    int c = skip_space(in);
    if (c == EOF)
        return 0;
    while (c == '[') {
        if (!read_tag(in, rec)) {
            snprintf(err, errsize, "bad tag");
            return -1;
        }
        c = skip_space(in);
    }
    Position pos;
    Variant v;
    if (!variant_from_pdn(pdn_tag(rec, "Variant"), pdn_tag(rec, "GameType"), &v)) {
        snprintf(err, errsize, "unknown rules in the GameType or Variant tag");
        return -1;
    }
    const char *fen = pdn_tag(rec, "FEN");
    const char *why = fen ? notation_parse_position(fen, &pos) : NULL;
    if (!fen)
        position_start(&pos);
    if (!why)
        why = position_set_variant(&pos, v);
    if (why) {
        snprintf(err, errsize, "bad FEN: %s", why);
        return -1;
    }
    game_reset(rec->game, &pos);
    char tok[128];
    while (c != EOF) {
        if (c == '{') {
            while ((c = getc(in)) != EOF && c != '}')
                ;
            c = skip_space(in);
            continue;
        }
        size_t n = 0;
        while (c != EOF && !isspace(c) && c != '{') {
            if (n < sizeof tok - 1)
                tok[n++] = (char)c;
            c = getc(in);
        }
        tok[n] = '\0';
        const char *result = result_token(tok);
        if (result) {
            snprintf(rec->result, sizeof rec->result, "%s", result);
            return 1;
        }
        if (!play_token(rec, tok, err, errsize))
            return -1;
        if (isspace(c))
            c = skip_space(in);
    }
    snprintf(err, errsize, "record without a result");
    return -1;
}
