/* libFuzzer harness: the PDN reader and writer. Any input reads as games, whole or broken (each
 * broken one with its message), without a crash; every move of every game is legal where it is
 * played; and every game the reader returns, whole or as far as it got, writes back to text that
 * reads back to the same record: tags, start, moves, comments, annotations, variations, result. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"
#include "rules/movegen.h"
#include "pdn/pdn_read.h"
#include "pdn/pdn_write.h"

#define CHECK(cond) ((cond) ? (void)0 : abort())

static void check_texts(const PdnTexts *a, const PdnTexts *b)
{
    CHECK(a->count == b->count);
    for (int i = 0; i < a->count; i++)
        CHECK(strcmp(a->items[i], b->items[i]) == 0);
}

static void check_same(const PdnGame *a, const PdnGame *b)
{
    CHECK(a->tag_count == b->tag_count);
    for (int i = 0; i < a->tag_count; i++)
        CHECK(strcmp(a->tags[i].name, b->tags[i].name) == 0 && strcmp(a->tags[i].value, b->tags[i].value) == 0);
    CHECK(a->start.key == b->start.key && a->start.variant == b->start.variant);
    CHECK(a->first_number == b->first_number);
    check_texts(&a->intro, &b->intro);
    check_texts(&a->intro_variations, &b->intro_variations);
    CHECK(a->move_count == b->move_count);
    for (int i = 0; i < a->move_count; i++) {
        const PdnMove *x = &a->moves[i], *y = &b->moves[i];
        CHECK(x->move == y->move);
        check_texts(&x->comments_before, &y->comments_before);
        check_texts(&x->comments, &y->comments);
        check_texts(&x->variations, &y->variations);
        CHECK(x->nag_count == y->nag_count);
        for (int k = 0; k < x->nag_count; k++)
            CHECK(x->nags[k] == y->nags[k]);
        CHECK(strcmp(x->glyph, y->glyph) == 0);
    }
    CHECK(strcmp(b->result_text, a->result_text[0] ? a->result_text : "*") == 0);
}

/* Every move is legal in the position before it, which follows from the one before. */
static void check_moves(const PdnGame *g)
{
    const Position *pos = &g->start;
    for (int i = 0; i < g->move_count; i++) {
        CHECK(g->moves[i].before.key == pos->key);
        CHECK(movegen_is_legal(pos, g->moves[i].move));
        pos = i + 1 < g->move_count ? &g->moves[i + 1].before : &g->end;
    }
}

static void round_trip(const PdnGame *g)
{
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    CHECK(out != NULL);
    CHECK(pdn_write(out, g));
    fclose(out);
    FILE *in = fmemopen(text, len, "rb");
    CHECK(in != NULL);
    PdnReader *r = pdn_reader_new(in, "again");
    PdnGame back;
    pdn_game_init(&back);
    PdnReadStatus st = pdn_reader_next(r, &back);
    /* a game without moves may have a FEN or rules that cannot be played (the first reading may
     * have stopped before it looked at them): it reads back broken for that reason, tags kept;
     * any other game reads back whole */
    const char *why = pdn_reader_error(r)->why;
    bool setup = g->move_count == 0 && st == PDN_READ_BROKEN &&
                 (strncmp(why, "FEN", 3) == 0 || strncmp(why, "GameType", 8) == 0 || strncmp(why, "Variant", 7) == 0);
    if (setup) {
        CHECK(back.tag_count == g->tag_count);
    } else {
        CHECK(st == PDN_READ_OK);
        check_same(g, &back);
        CHECK(pdn_reader_next(r, &back) == PDN_READ_END);
    }
    pdn_game_free(&back);
    pdn_reader_free(r);
    fclose(in);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0 || size > 8192)
        return 0;
    rules_init();
    FILE *in = fmemopen((void *)data, size, "rb");
    CHECK(in != NULL);
    PdnReader *r = pdn_reader_new(in, "fuzz");
    CHECK(r != NULL);
    PdnGame g;
    pdn_game_init(&g);
    int games = 0;
    for (PdnReadStatus st; (st = pdn_reader_next(r, &g)) != PDN_READ_END;) {
        const PdnError *e = pdn_reader_error(r);
        CHECK(++games == pdn_reader_games(r));
        CHECK((st == PDN_READ_BROKEN) == (e->message[0] != '\0'));
        CHECK(st == PDN_READ_OK || e->game == games);
        check_moves(&g);
        round_trip(&g);
        CHECK(games <= (int)size);
    }
    pdn_game_free(&g);
    pdn_reader_free(r);
    fclose(in);
    return 0;
}
