/* PDN writing and reading back through the rules core. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "rules/rules.h"
#include "rules/notation.h"
#include "match/pdn.h"

static Game *game_a, *game_b;

static int setup(void **state)
{
    (void)state;
    rules_init();
    game_a = malloc(sizeof *game_a);
    game_b = malloc(sizeof *game_b);
    return game_a && game_b ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    free(game_a);
    free(game_b);
    return 0;
}

static void play(Game *g, const char *text)
{
    Move m;
    char err[256];
    assert_int_equal(notation_parse_move(game_position(g), text, &m, err, sizeof err), PARSE_OK);
    assert_true(game_play(g, m));
}

/* Reads the whole text of a stream written so far. */
static char *slurp(FILE *f)
{
    long n = ftell(f);
    char *buf = malloc((size_t)n + 1);
    rewind(f);
    assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
    buf[n] = '\0';
    rewind(f);
    return buf;
}

static void assert_same_game(const Game *a, const Game *b)
{
    assert_int_equal(a->ply, b->ply);
    for (int i = 0; i <= a->ply; i++)
        assert_true(a->pos[i].key == b->pos[i].key);
    for (int i = 0; i < a->ply; i++)
        assert_true(a->moves[i] == b->moves[i]);
}

static void test_write_and_read_start(void **state)
{
    (void)state;
    Position start;
    position_start(&start);
    game_reset(game_a, &start);
    const char *moves[] = {"32-28", "19-23", "28x19x23", "14x23x19", "37-32", "10-14"};
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++)
        play(game_a, moves[i]);
    FILE *f = tmpfile();
    assert_non_null(f);
    PdnHeader h = {"test event", "here", "2026.11.21", "Alpha", "Beta", "ply cap (6 plies)", 7};
    pdn_write_game(f, &h, game_a, 1, "a {braced} comment");
    char *text = slurp(f);
    assert_non_null(strstr(text, "[Event \"test event\"]\n[Site \"here\"]\n[Date \"2026.11.21\"]\n[Round \"7\"]\n"
                                 "[White \"Alpha\"]\n[Black \"Beta\"]\n[Result \"1-1\"]\n[GameType \"20\"]\n"
                                 "[Termination \"ply cap (6 plies)\"]\n"));
    assert_null(strstr(text, "[FEN"));   /* the initial position needs no FEN */
    /* unambiguous captures are written short */
    assert_non_null(strstr(text, "1. 32-28 19-23 2. 28x19 14x23 3. 37-32 10-14 {a  braced  comment} 1-1"));
    free(text);

    PdnRecord rec = {.game = game_b};
    char err[256];
    assert_int_equal(pdn_read_game(f, &rec, err, sizeof err), 1);
    assert_string_equal(rec.result, "1-1");
    assert_string_equal(pdn_tag(&rec, "White"), "Alpha");
    assert_string_equal(pdn_tag(&rec, "Termination"), "ply cap (6 plies)");
    assert_null(pdn_tag(&rec, "FEN"));
    assert_same_game(game_a, game_b);
    assert_int_equal(pdn_read_game(f, &rec, err, sizeof err), 0);
    fclose(f);
}

/* A variant game carries its rules in GameType and Variant, and reads back under them: the
 * frisian capture along a row replays only under frisian rules. */
static void test_variant_round_trip(void **state)
{
    (void)state;
    Position pos;
    assert_null(notation_parse_position("W:W33,45:B34,6", &pos));
    assert_null(position_set_variant(&pos, VARIANT_FRISIAN));
    game_reset(game_a, &pos);
    play(game_a, "33x35x34");
    play(game_a, "6-11");
    FILE *f = tmpfile();
    assert_non_null(f);
    PdnHeader h = {"e", "s", "2026.11.23", "A", "B", NULL, 1};
    pdn_write_game(f, &h, game_a, 2, NULL);
    char *text = slurp(f);
    assert_non_null(strstr(text, "[GameType \"40\"]\n[Variant \"Frisian\"]\n"));
    free(text);
    PdnRecord rec = {.game = game_b};
    char err[256];
    assert_int_equal(pdn_read_game(f, &rec, err, sizeof err), 1);
    assert_int_equal(position_variant(game_position(game_b)), VARIANT_FRISIAN);
    assert_same_game(game_a, game_b);
    fclose(f);
    Variant v;
    assert_true(variant_from_pdn(NULL, "98", &v) && v == VARIANT_LOSING);
    assert_true(variant_from_pdn(NULL, "96", &v) && v == VARIANT_BT);
    assert_true(variant_from_pdn(NULL, "20,W,10,10,N2,0", &v) && v == VARIANT_NORMAL);
    assert_true(variant_from_pdn("Killer", "20", &v) && v == VARIANT_KILLER);
    assert_true(variant_from_pdn(NULL, NULL, &v) && v == VARIANT_NORMAL);
    assert_false(variant_from_pdn(NULL, "21", &v));
    assert_false(variant_from_pdn("Russian", NULL, &v));
    assert_true(variant_parse("antidraughts", &v) && v == VARIANT_LOSING);
    assert_true(variant_parse("Breakthrough", &v) && v == VARIANT_BT);
    assert_true(variant_parse("FRISIAN", &v) && v == VARIANT_FRISIAN);
    assert_false(variant_parse("frisia", &v));
}

static void test_ambiguous_capture_and_black_first(void **state)
{
    (void)state;
    /* two captures go from 16 to 2 over different men: only the full form tells them apart */
    Position pos;
    assert_null(notation_parse_position("W:W14,K16:B8,12,19,21,34,40", &pos));
    game_reset(game_a, &pos);
    play(game_a, "16x2x8x19x21x40");
    FILE *f = tmpfile();
    PdnHeader h = {"e", "s", "d", "W", "B", "Black has no legal move", 1};
    pdn_write_game(f, &h, game_a, 2, NULL);

    /* a game that starts with Black to move numbers its first move "1..." */
    assert_null(notation_parse_position("B:W31,32,33:B18,19,20", &pos));
    game_reset(game_b, &pos);
    play(game_b, "19-23");
    play(game_b, "33-28");
    play(game_b, "20-24");
    pdn_write_game(f, &h, game_b, 0, NULL);
    char *text = slurp(f);
    assert_non_null(strstr(text, "[FEN \"W:W14,K16:B8,12,19,21,34,40\"]"));
    assert_non_null(strstr(text, "1. 16x2x8x19x21x40 2-0"));
    assert_non_null(strstr(text, "1... 19-23 2. 33-28 20-24 0-2"));
    free(text);

    Game *copy = malloc(sizeof *copy);
    memcpy(copy, game_b, sizeof *copy);
    PdnRecord rec = {.game = game_b};
    char err[256];
    assert_int_equal(pdn_read_game(f, &rec, err, sizeof err), 1);
    assert_string_equal(rec.result, "2-0");
    assert_same_game(game_a, game_b);
    assert_int_equal(pdn_read_game(f, &rec, err, sizeof err), 1);
    assert_string_equal(rec.result, "0-2");
    assert_same_game(copy, game_b);
    free(copy);
    fclose(f);
}

static void test_read_rejects_bad_records(void **state)
{
    (void)state;
    PdnRecord rec = {.game = game_b};
    char err[256];
    const char *bad[] = {
        "[Event \"x\"]\n\n1. 32-28 19-23 2. 28-22 *\n",         /* 28-22 is illegal: 28x19 is forced */
        "[FEN \"W:W99:B1\"]\n1. 32-28 *\n",                     /* bad FEN */
        "[Event \"x\"\n1. 32-28 *\n",                           /* broken tag */
        "1. 32-28 19-23\n",                                     /* no result */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        FILE *f = tmpfile();
        fputs(bad[i], f);
        rewind(f);
        assert_int_equal(pdn_read_game(f, &rec, err, sizeof err), -1);
        fclose(f);
    }
    FILE *f = tmpfile();
    fputs("1.32-28 {c} 19-23 2... 28x19 *\n", f);
    rewind(f);
    assert_int_equal(pdn_read_game(f, &rec, err, sizeof err), 1);
    assert_int_equal(game_b->ply, 3);
    assert_string_equal(rec.result, "*");
    fclose(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_write_and_read_start),
        cmocka_unit_test(test_variant_round_trip),
        cmocka_unit_test(test_ambiguous_capture_and_black_first),
        cmocka_unit_test(test_read_rejects_bad_records),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
