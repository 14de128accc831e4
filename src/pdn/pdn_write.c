#include "pdn/pdn_write.h"

#include <stdlib.h>
#include <string.h>

#include "pdn/pdn_move.h"
#include "rules/notation.h"

/* Writes a tag; the value's '"' and '\' escaped, its line ends dropped (a tag is one line). */
static void write_tag(FILE *out, const char *name, const char *value)
{
    fputc('[', out);
    for (const char *p = name; *p; p++)
        if (*p != ' ' && *p != '"' && *p != ']' && (unsigned char)*p >= 0x20)
            fputc(*p, out);
    fputs(" \"", out);
    for (const char *p = value; *p; p++) {
        if (*p == '\n' || *p == '\r')
            continue;
        if (*p == '"' || *p == '\\')
            fputc('\\', out);
        fputc(*p, out);
    }
    fputs("\"]\n", out);
}

/* The movetext being written: the column, to break lines before PDN_LINE_WIDTH. */
typedef struct {
    FILE *out;
    int col;
} Line;

/* Appends a token, on a new line when it would pass the width. */
static void put_token(Line *l, const char *tok, size_t len)
{
    if (l->col > 0 && l->col + 1 + (int)len > PDN_LINE_WIDTH) {
        fputc('\n', l->out);
        l->col = 0;
    } else if (l->col > 0) {
        fputc(' ', l->out);
        l->col++;
    }
    fwrite(tok, 1, len, l->out);
    l->col += (int)len;
}

/* A word of a long comment or variation at the start of a line: '[' and '%' in the first column
 * mean a tag and an escaped line, so such a word is indented by a space. */
static void put_word(Line *l, const char *w, size_t len)
{
    bool wraps = l->col > 0 && l->col + 1 + (int)len > PDN_LINE_WIDTH;
    if ((wraps || l->col == 0) && (w[0] == '[' || w[0] == '%')) {
        if (wraps)
            fputc('\n', l->out);
        fputc(' ', l->out);
        fwrite(w, 1, len, l->out);
        l->col = 1 + (int)len;
        return;
    }
    put_token(l, w, len);
}

/* Writes open, text, close: as one token when it fits on a line, else word by word. Line ends
 * become spaces: the reader counts white space runs as one space, so the wrapping reads back to
 * the same text. */
static void put_text(Line *l, char open, const char *text, char close)
{
    size_t n = strlen(text);
    char *s = malloc(n + 3);
    if (!s)
        return;
    s[0] = open;
    for (size_t i = 0; i < n; i++) {
        char c = text[i];
        s[i + 1] = (unsigned char)c < 0x20 ? ' ' : c;
    }
    s[n + 1] = close;
    s[n + 2] = '\0';
    if (n + 2 <= PDN_LINE_WIDTH) {
        put_token(l, s, n + 2);
    } else {
        for (size_t i = 0; i < n + 2;) {
            size_t j = i;
            while (j < n + 2 && s[j] != ' ')
                j++;
            if (j > i)
                put_word(l, s + i, j - i);
            i = j + 1;
        }
    }
    free(s);
}

/* A comment that holds a '}' (a ';' comment may) cannot be braced: it is written as a ';'
 * comment, which runs to the end of its line, so that it is kept exactly (unwrapped). */
static void put_semicolon_comment(Line *l, const char *text)
{
    size_t n = strlen(text);
    char *s = malloc(n + 2);
    if (!s)
        return;
    s[0] = ';';
    for (size_t i = 0; i <= n; i++)
        s[i + 1] = (unsigned char)text[i] < 0x20 && text[i] ? ' ' : text[i];
    put_token(l, s, n + 1);
    fputc('\n', l->out);
    l->col = 0;
    free(s);
}

static void put_texts(Line *l, char open, const PdnTexts *t, char close)
{
    for (int i = 0; i < t->count; i++)
        if (open == '{' && strchr(t->items[i], '}'))
            put_semicolon_comment(l, t->items[i]);
        else
            put_text(l, open, t->items[i], close);
}

bool pdn_write(FILE *out, const PdnGame *g)
{
    for (int i = 0; i < g->tag_count; i++)
        write_tag(out, g->tags[i].name, g->tags[i].value);
    if (g->tag_count)
        fputc('\n', out);
    Line l = {out, 0};
    put_texts(&l, '{', &g->intro, '}');
    put_texts(&l, '(', &g->intro_variations, ')');
    int number = g->first_number;
    /* A Black move gets its own number "N..." only where the reading needs it: when it opens the
     * game, or to tell its comments from those of the move before. Not after a comment or a
     * variation: the readers that drop those (pydraughts) then see "N." twice and lose the moves. */
    for (int i = 0; i < g->move_count; i++) {
        const PdnMove *m = &g->moves[i];
        char tok[PDN_MOVE_TEXT_MAX + PDN_GLYPH_MAX + 16];
        bool black = m->before.turn == BLACK;
        if (!black || i == 0 || m->comments_before.count) {
            int n = snprintf(tok, sizeof tok, "%d%s", number, black ? "..." : ".");
            put_token(&l, tok, (size_t)n);
        }
        put_texts(&l, '{', &m->comments_before, '}');
        pdn_move_format(&m->before, m->move, tok);
        strcat(tok, m->glyph);
        put_token(&l, tok, strlen(tok));
        for (int k = 0; k < m->nag_count; k++) {
            int n = snprintf(tok, sizeof tok, "$%d", m->nags[k]);
            put_token(&l, tok, (size_t)n);
        }
        put_texts(&l, '{', &m->comments, '}');
        put_texts(&l, '(', &m->variations, ')');
        if (black)
            number++;
    }
    if (g->move_count == 0 && g->side_assumed && g->start.turn == BLACK) {
        /* a FEN without a side whose movetext said Black ("12...") but holds no move: the number
         * alone keeps that guess */
        char tok[16];
        int n = snprintf(tok, sizeof tok, "%d...", g->first_number);
        put_token(&l, tok, (size_t)n);
    }
    const char *result = g->result_text[0] ? g->result_text : pdn_result_text(pdn_result_white_points(g->result));
    put_token(&l, result, strlen(result));
    fputs("\n\n", out);
    return !ferror(out);
}

bool pdn_write_record(PdnGame *rec, const PdnHeader *h, const Game *game, int white_points, const char *comment)
{
    char round[16], type[16];
    snprintf(round, sizeof round, "%d", h->round);
    const Position *first = &game->pos[0];
    Variant v = position_variant(first);
    snprintf(type, sizeof type, "%d", variant_pdn_game_type(v));
    const char *names[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result", "GameType"};
    const char *values[] = {h->event, h->site, h->date, round, h->white, h->black, pdn_result_text(white_points), type};
    bool ok = true;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        ok = ok && pdn_game_add_tag(rec, names[i], values[i] ? values[i] : "?");
    if (!variant_is_default(v))
        ok = ok && pdn_game_add_tag(rec, "Variant", variant_pdn_name(v));
    Position start;
    position_start(&start);
    if (first->pieces[0] != start.pieces[0] || first->pieces[1] != start.pieces[1] || first->kings != start.kings ||
        first->turn != start.turn) {
        char fen[FEN_TEXT_MAX];
        notation_format_fen(first, fen);
        ok = ok && pdn_game_add_tag(rec, "FEN", fen);
    }
    if (h->termination)
        ok = ok && pdn_game_add_tag(rec, "Termination", h->termination);
    pdn_game_set_start(rec, first);
    for (int i = 0; ok && i < game->ply; i++)
        ok = pdn_game_add_move(rec, game->moves[i]) != NULL;
    if (ok && comment && *comment) {
        size_t n = strlen(comment);
        char *text = malloc(n + 1);
        ok = text != NULL;
        for (size_t i = 0; ok && i <= n; i++)
            text[i] = comment[i] == '{' || comment[i] == '}' || comment[i] == '\n' ? ' ' : comment[i];
        PdnTexts *to = rec->move_count ? &rec->moves[rec->move_count - 1].comments : &rec->intro;
        ok = ok && pdn_game_add_text(to, text, n);
        free(text);
    }
    pdn_result_parse(pdn_result_text(white_points), &rec->result);
    snprintf(rec->result_text, sizeof rec->result_text, "%s", pdn_result_text(white_points));
    return ok;
}

void pdn_write_game(FILE *out, const PdnHeader *h, const Game *game, int white_points, const char *comment)
{
    PdnGame rec;
    pdn_game_init(&rec);
    if (pdn_write_record(&rec, h, game, white_points, comment))
        pdn_write(out, &rec);
    pdn_game_free(&rec);
}
