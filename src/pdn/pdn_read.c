#include "pdn/pdn_read.h"

#include <stdlib.h>
#include <string.h>

#include "pdn/pdn_lex.h"
#include "pdn/pdn_move.h"
#include "pdn/pdn_setup.h"

struct PdnReader {
    PdnLex lex;
    char *name;
    int games, broken;
    PdnError error;
    Variant variant;   /* of games whose tags name none */
};

/* One game being read. */
typedef struct {
    PdnReader *r;
    PdnGame *g;
    bool in_movetext;        /* a token past the tag section was read */
    bool set_up;             /* g->start comes from the tags */
    bool side_open;          /* the FEN named no side: the first move decides */
    bool number_pending;     /* a move number was read since the last move */
    bool ended;              /* the result token was read */
    int number, dots;        /* the last move number and its dots */
    PdnTexts before;         /* comments after a move number, waiting for its move */
} ReadState;

PdnReader *pdn_reader_new(FILE *in, const char *name)
{
    PdnReader *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    size_t n = strlen(name);
    r->name = malloc(n + 1);
    if (!r->name) {
        free(r);
        return NULL;
    }
    memcpy(r->name, name, n + 1);
    pdn_lex_init(&r->lex, in);
    return r;
}

void pdn_reader_free(PdnReader *r)
{
    if (!r)
        return;
    pdn_lex_free(&r->lex);
    free(r->name);
    free(r);
}

const PdnError *pdn_reader_error(const PdnReader *r) { return &r->error; }

int pdn_reader_games(const PdnReader *r) { return r->games; }

int pdn_reader_broken(const PdnReader *r) { return r->broken; }

/* Records the fault of the current game: one message naming the file, the game, the line, the
 * text at fault (a move is called one) and why. */
static void fault(ReadState *s, long line, const char *text, bool is_move, const char *why)
{
    PdnError *e = &s->r->error;
    e->game = s->r->games;
    e->line = line;
    size_t n = strlen(text);
    snprintf(e->text, sizeof e->text, "%.*s%s", n > 40 ? 40 : (int)n, text, n > 40 ? "..." : "");
    snprintf(e->why, sizeof e->why, "%s", why);
    int len = snprintf(e->message, sizeof e->message, "%.200s: game %d, line %ld: ", s->r->name, e->game, line);
    if (len < 0 || (size_t)len >= sizeof e->message)
        return;
    if (*e->text)
        snprintf(e->message + len, sizeof e->message - (size_t)len, "%s\"%s\": %s", is_move ? "move " : "", e->text,
                 e->why);
    else
        snprintf(e->message + len, sizeof e->message - (size_t)len, "%s", e->why);
}

/* Hands the comments waiting for a move to where they belong now: the move just read, else (at
 * the end of the game) the last move's comments, else the game's opening comments. */
static bool flush_before(ReadState *s, PdnTexts *to)
{
    if (!to)
        to = s->g->move_count ? &s->g->moves[s->g->move_count - 1].comments : &s->g->intro;
    for (int i = 0; i < s->before.count; i++) {
        char *item = s->before.items[i];
        if (!pdn_game_add_text(to, item, strlen(item)))
            return false;
    }
    for (int i = 0; i < s->before.count; i++)
        free(s->before.items[i]);
    s->before.count = 0;
    return true;
}

/* The start of the game s reads, from its tags, the reader's variant where they name none (as
 * pdn_setup_start). */
static const char *setup(const ReadState *s, Color side_if_unknown, Position *pos, bool *side_known, char *why,
                         size_t whysize)
{
    const char *variant = pdn_game_tag(s->g, "Variant"), *game_type = pdn_game_tag(s->g, "GameType");
    if (!variant && !game_type && !variant_is_default(s->r->variant))
        variant = variant_pdn_name(s->r->variant);
    return pdn_setup_start(pdn_game_tag(s->g, "FEN"), variant, game_type, side_if_unknown, pos, side_known, why,
                           whysize);
}

/* Sets the start position from the tags once the movetext begins, the side to move guessed
 * (White) when the FEN leaves it open. A fault is reported when report is set: a game broken
 * before its first move still gets the start its tags give, silently. */
static bool set_up(ReadState *s, long line, bool report)
{
    if (s->set_up)
        return true;
    Position pos;
    bool side_known;
    char why[256];
    Color guess = s->number_pending && s->dots >= 2 ? BLACK : WHITE;
    if (setup(s, guess, &pos, &side_known, why, sizeof why)) {
        if (report)
            fault(s, line, "", false, why);
        return false;
    }
    pdn_game_set_start(s->g, &pos);
    s->g->side_assumed = !side_known;
    s->side_open = !side_known && !s->number_pending;
    s->set_up = true;
    return true;
}

/* A FEN without a side and no move number before the first move: the side for which the move is
 * legal, White first. */
static void settle_side(ReadState *s, const char *text)
{
    s->side_open = false;
    Move m;
    char why[256];
    if (pdn_move_parse(&s->g->start, text, &m, why, sizeof why) == PDN_MOVE_OK)
        return;
    Position pos;
    bool side_known;
    if (!setup(s, BLACK, &pos, &side_known, why, sizeof why) &&
        pdn_move_parse(&pos, text, &m, why, sizeof why) == PDN_MOVE_OK)
        pdn_game_set_start(s->g, &pos);
}

static bool play_move(ReadState *s, const PdnToken *tok)
{
    if (!set_up(s, tok->line, true))
        return false;
    if (s->side_open)
        settle_side(s, tok->text);
    Move m;
    char why[256];
    if (pdn_move_parse(&s->g->end, tok->text, &m, why, sizeof why) != PDN_MOVE_OK) {
        fault(s, tok->line, tok->text, true, why);
        return false;
    }
    if (s->g->move_count == 0 && s->number_pending && s->number > 0)
        s->g->first_number = s->number;   /* a set-up game may start at "23." */
    PdnMove *pm = pdn_game_add_move(s->g, m);
    if (!pm || !flush_before(s, &pm->comments_before)) {
        fault(s, tok->line, tok->text, true, "out of memory");
        return false;
    }
    s->number_pending = false;
    return true;
}

/* A glyph after a move; a second one is kept as its NAG ($1 "!" .. $6 "?!"). */
static bool add_glyph(PdnMove *m, const char *glyph)
{
    static const char *const GLYPHS[] = {"!", "?", "!!", "??", "!?", "?!"};
    if (!m->glyph[0]) {
        snprintf(m->glyph, sizeof m->glyph, "%s", glyph);
        return true;
    }
    for (int i = 0; i < 6; i++)
        if (strcmp(glyph, GLYPHS[i]) == 0)
            return pdn_game_add_nag(m, i + 1);
    return true;
}

/* Reads tokens up to the game's result. True when the game is whole; false after a fault. */
static bool read_game(ReadState *s, PdnToken *tok)
{
    PdnGame *g = s->g;
    for (;;) {
        pdn_lex_next(&s->r->lex, tok);
        PdnMove *last = g->move_count ? &g->moves[g->move_count - 1] : NULL;
        bool ok = true;
        switch (tok->kind) {
        case PDN_TOK_END:
            fault(s, tok->line, "", false, "no result: the file ends");
            return false;
        case PDN_TOK_TAG:
            if (s->in_movetext) {
                pdn_lex_push_back(&s->r->lex);
                fault(s, tok->line, "", false, "no result before the next game's tags");
                return false;
            }
            ok = pdn_game_add_tag(g, tok->text, tok->value);
            break;
        case PDN_TOK_ERROR:
            fault(s, tok->line, tok->text, false, tok->why);
            return false;
        case PDN_TOK_COMMENT:
            ok = pdn_game_add_text(s->number_pending ? &s->before : last ? &last->comments : &g->intro, tok->text,
                               strlen(tok->text));
            break;
        case PDN_TOK_VARIATION:
            s->in_movetext = true;
            ok = pdn_game_add_text(last ? &last->variations : &g->intro_variations, tok->text, strlen(tok->text));
            break;
        case PDN_TOK_NUMBER:
            if (last && tok->number == 1 && tok->line_start && tok->after_blank) {
                pdn_lex_push_back(&s->r->lex);   /* a game without tags starts: this one lost its result */
                fault(s, tok->line, "", false, "no result before the next game (a line starting \"1.\")");
                return false;
            }
            s->in_movetext = true;
            s->number_pending = true;
            s->number = tok->number;
            s->dots = tok->dots;
            break;
        case PDN_TOK_MOVE:
            s->in_movetext = true;
            if (!play_move(s, tok))
                return false;
            break;
        case PDN_TOK_NAG:
        case PDN_TOK_GLYPH:
            if (!last) {
                fault(s, tok->line, tok->text, false, "a move annotation before any move");
                return false;
            }
            ok = tok->kind == PDN_TOK_NAG ? pdn_game_add_nag(last, tok->number) : add_glyph(last, tok->text);
            break;
        case PDN_TOK_RESULT:
            s->ended = true;
            pdn_result_parse(tok->text, &g->result);
            snprintf(g->result_text, sizeof g->result_text, "%s", tok->text);
            if (!set_up(s, tok->line, true))
                return false;
            if (!flush_before(s, NULL)) {
                fault(s, tok->line, "", false, "out of memory");
                return false;
            }
            return true;
        }
        if (!ok) {
            fault(s, tok->line, tok->text, false, "out of memory");
            return false;
        }
    }
}

/* After a fault: skips the rest of the broken game. It ends at its result token (kept in the
 * record), or before the next tag section or a "1." opening a line after a blank line (the next
 * game without tags), or at the end of the input. A fault inside the tag section skips the rest of
 * that section first: those tags and the movetext after them are still this game. */
static void resynchronise(ReadState *s, PdnToken *tok, bool in_tags)
{
    bool movetext = s->in_movetext;
    if (s->ended || tok->kind == PDN_TOK_END || s->r->lex.pushed_back)
        return;
    for (;;) {
        pdn_lex_next(&s->r->lex, tok);
        switch (tok->kind) {
        case PDN_TOK_END:
            return;
        case PDN_TOK_TAG:
            if (in_tags && !movetext)
                continue;
            pdn_lex_push_back(&s->r->lex);
            return;
        case PDN_TOK_RESULT:
            if (!s->g->result_text[0]) {
                pdn_result_parse(tok->text, &s->g->result);
                snprintf(s->g->result_text, sizeof s->g->result_text, "%s", tok->text);
            }
            return;
        case PDN_TOK_NUMBER:
            if (movetext && tok->number == 1 && tok->line_start && tok->after_blank) {
                pdn_lex_push_back(&s->r->lex);
                return;
            }
            movetext = true;
            break;
        case PDN_TOK_ERROR:
            break;
        default:
            movetext = true;
            break;
        }
    }
}

void pdn_reader_set_variant(PdnReader *r, Variant v) { r->variant = v; }

PdnReadStatus pdn_reader_next(PdnReader *r, PdnGame *g)
{
    pdn_game_free(g);
    r->error = (PdnError){0};
    PdnToken tok;
    /* Comments alone after the last game are no game: look for a token that starts one. */
    PdnTexts lead = {0};
    for (;;) {
        pdn_lex_next(&r->lex, &tok);
        if (tok.kind != PDN_TOK_COMMENT)
            break;
        pdn_game_add_text(&lead, tok.text, strlen(tok.text));
    }
    if (tok.kind == PDN_TOK_END) {
        for (int i = 0; i < lead.count; i++)
            free(lead.items[i]);
        free(lead.items);
        return PDN_READ_END;
    }
    pdn_lex_push_back(&r->lex);
    g->intro = lead;
    r->games++;
    ReadState s = {.r = r, .g = g};
    bool whole = read_game(&s, &tok);
    if (!whole) {
        r->broken++;
        set_up(&s, tok.line, false);
        resynchronise(&s, &tok, !s.in_movetext);
    }
    for (int i = 0; i < s.before.count; i++)
        free(s.before.items[i]);
    free(s.before.items);
    return whole ? PDN_READ_OK : PDN_READ_BROKEN;
}
