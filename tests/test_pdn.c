/* The match runner's PDN records (pdn_write_game) and the game record itself (pdn_game): what the
 * match writes, byte for byte, and that the reader gives it back. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "rules/rules.h"
#include "rules/notation.h"
#include "pdn/pdn_move.h"
#include "pdn/pdn_read.h"
#include "pdn/pdn_write.h"

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

/* The record holds the game's start and moves. */
static void assert_same_game(const Game *a, const PdnGame *b)
{
    assert_int_equal(a->ply, b->move_count);
    assert_true(a->pos[0].key == b->start.key);
    assert_int_equal(position_variant(&a->pos[0]), position_variant(&b->start));
    for (int i = 0; i < a->ply; i++) {
        assert_true(a->moves[i] == b->moves[i].move);
        assert_true(a->pos[i].key == b->moves[i].before.key);
    }
    assert_true(a->pos[a->ply].key == b->end.key);
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
    /* the whole record, byte for byte as the match runner has always written it */
    assert_string_equal(text, "[Event \"test event\"]\n[Site \"here\"]\n[Date \"2026.11.21\"]\n[Round \"7\"]\n"
                              "[White \"Alpha\"]\n[Black \"Beta\"]\n[Result \"1-1\"]\n[GameType \"20\"]\n"
                              "[Termination \"ply cap (6 plies)\"]\n\n"
                              "1. 32-28 19-23 2. 28x19 14x23 3. 37-32 10-14 {a  braced  comment} 1-1\n\n");
    free(text);

    PdnReader *r = pdn_reader_new(f, "test.pdn");
    PdnGame rec;
    pdn_game_init(&rec);
    assert_int_equal(pdn_reader_next(r, &rec), PDN_READ_OK);
    assert_string_equal(rec.result_text, "1-1");
    assert_int_equal(rec.result, PDN_RESULT_DRAW);
    assert_string_equal(pdn_game_tag(&rec, "White"), "Alpha");
    assert_string_equal(pdn_game_tag(&rec, "Termination"), "ply cap (6 plies)");
    assert_null(pdn_game_tag(&rec, "FEN"));
    assert_same_game(game_a, &rec);
    /* the comment is the last move's; white space runs read as one space */
    assert_int_equal(rec.moves[5].comments.count, 1);
    assert_string_equal(rec.moves[5].comments.items[0], "a braced comment");
    assert_int_equal(pdn_reader_next(r, &rec), PDN_READ_END);
    assert_int_equal(pdn_reader_games(r), 1);
    pdn_game_free(&rec);
    pdn_reader_free(r);
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
    assert_non_null(strstr(text, "[GameType \"40\"]\n[Variant \"Frisian\"]\n[FEN \"W:W33,45:B6,34\"]\n\n"
                                 "1. 33x35 6-11 2-0\n\n"));
    free(text);
    PdnReader *r = pdn_reader_new(f, "test.pdn");
    PdnGame rec;
    pdn_game_init(&rec);
    assert_int_equal(pdn_reader_next(r, &rec), PDN_READ_OK);
    assert_int_equal(position_variant(&rec.end), VARIANT_FRISIAN);
    assert_same_game(game_a, &rec);
    pdn_game_free(&rec);
    pdn_reader_free(r);
    fclose(f);
}

/* Two captures go from 16 to 2 over different men: the record names the one played by its path,
 * as PDN does (the Hub form "16x2x8x19x21x40" the match wrote before is not PDN); a game that
 * starts with Black to move numbers its first move "1...". */
static void test_ambiguous_capture_and_black_first(void **state)
{
    (void)state;
    Position pos;
    assert_null(notation_parse_position("W:W14,K16:B8,12,19,21,34,40", &pos));
    game_reset(game_a, &pos);
    play(game_a, "16x2x8x19x21x40");
    FILE *f = tmpfile();
    PdnHeader h = {"e", "s", "d", "W", "B", "Black has no legal move", 1};
    pdn_write_game(f, &h, game_a, 2, NULL);

    assert_null(notation_parse_position("B:W31,32,33:B18,19,20", &pos));
    game_reset(game_b, &pos);
    play(game_b, "19-23");
    play(game_b, "33-28");
    play(game_b, "20-24");
    pdn_write_game(f, &h, game_b, 0, NULL);
    char *text = slurp(f);
    assert_non_null(strstr(text, "[FEN \"W:W14,K16:B8,12,19,21,34,40\"]"));
    assert_non_null(strstr(text, "\n1. 16x49x35x13x2 2-0\n"));
    assert_non_null(strstr(text, "\n1... 19-23 2. 33-28 20-24 0-2\n"));
    free(text);

    PdnReader *r = pdn_reader_new(f, "test.pdn");
    PdnGame rec;
    pdn_game_init(&rec);
    assert_int_equal(pdn_reader_next(r, &rec), PDN_READ_OK);
    assert_string_equal(rec.result_text, "2-0");
    assert_same_game(game_a, &rec);
    assert_int_equal(pdn_reader_next(r, &rec), PDN_READ_OK);
    assert_string_equal(rec.result_text, "0-2");
    assert_same_game(game_b, &rec);
    assert_int_equal(pdn_reader_next(r, &rec), PDN_READ_END);
    pdn_game_free(&rec);
    pdn_reader_free(r);
    fclose(f);
}

/* A comment longer than a line is wrapped between its words (the match once wrote it whole). */
static void test_long_comment_wraps(void **state)
{
    (void)state;
    Position start;
    position_start(&start);
    game_reset(game_a, &start);
    play(game_a, "32-28");
    char comment[400];
    size_t n = 0;
    for (int i = 0; n + 16 < sizeof comment; i++)
        n += (size_t)snprintf(comment + n, sizeof comment - n, "%sword%d", i ? " " : "", i);
    FILE *f = tmpfile();
    PdnHeader h = {"e", "s", "d", "W", "B", NULL, 1};
    pdn_write_game(f, &h, game_a, -1, comment);
    char *text = slurp(f);
    char *movetext = strstr(text, "\n\n") + 2;
    assert_true(strncmp(movetext, "1. 32-28 {word0 word1", 21) == 0);
    int lines = 0;
    for (char *line = movetext; *line != '\n'; line = strchr(line, '\n') + 1, lines++)
        assert_true(strchr(line, '\n') - line <= PDN_LINE_WIDTH);
    assert_true(lines >= 5);
    free(text);
    PdnReader *r = pdn_reader_new(f, "test.pdn");
    PdnGame rec;
    pdn_game_init(&rec);
    assert_int_equal(pdn_reader_next(r, &rec), PDN_READ_OK);
    assert_string_equal(rec.moves[0].comments.items[0], comment);
    assert_string_equal(rec.result_text, "*");
    pdn_game_free(&rec);
    pdn_reader_free(r);
    fclose(f);
}

/* The record: tags in order with duplicates, bounds on names and values, results both ways. */
static void test_game_record(void **state)
{
    (void)state;
    PdnGame g;
    pdn_game_init(&g);
    char long_value[PDN_TAG_VALUE_MAX + 100], long_name[PDN_TAG_NAME_MAX + 10];
    memset(long_value, 'v', sizeof long_value - 1);
    long_value[sizeof long_value - 1] = '\0';
    memset(long_name, 'n', sizeof long_name - 1);
    long_name[sizeof long_name - 1] = '\0';
    assert_true(pdn_game_add_tag(&g, "Event", "first"));
    assert_true(pdn_game_add_tag(&g, "Event", "second"));
    assert_true(pdn_game_add_tag(&g, long_name, long_value));
    assert_true(pdn_game_set_tag(&g, "Event", "changed"));
    assert_true(pdn_game_set_tag(&g, "Site", "new"));
    assert_int_equal(g.tag_count, 4);
    assert_string_equal(g.tags[0].value, "changed");
    assert_string_equal(g.tags[1].value, "second");
    assert_int_equal(strlen(g.tags[2].name), PDN_TAG_NAME_MAX);
    assert_int_equal(strlen(g.tags[2].value), PDN_TAG_VALUE_MAX);
    assert_string_equal(pdn_game_tag(&g, "Site"), "new");
    assert_null(pdn_game_tag(&g, "site"));
    /* removing a tag or a text moves the later ones up */
    pdn_game_remove_tag(&g, 1);
    assert_int_equal(g.tag_count, 3);
    assert_int_equal(strlen(g.tags[1].name), PDN_TAG_NAME_MAX);
    assert_string_equal(g.tags[2].value, "new");
    pdn_game_remove_tag(&g, 2);
    assert_int_equal(g.tag_count, 2);
    assert_null(pdn_game_tag(&g, "Site"));
    assert_true(pdn_game_add_text(&g.intro, "one", 3) && pdn_game_add_text(&g.intro, "two", 3) &&
                pdn_game_add_text(&g.intro, "three", 5));
    pdn_game_remove_text(&g.intro, 0);
    pdn_game_remove_text(&g.intro, 1);
    assert_int_equal(g.intro.count, 1);
    assert_string_equal(g.intro.items[0], "two");

    /* moves: each in the position before it, the end following them */
    Position start = g.end;
    Move m;
    char why[256];
    assert_int_equal(pdn_move_parse(&g.end, "32-28", &m, why, sizeof why), PDN_MOVE_OK);
    PdnMove *pm = pdn_game_add_move(&g, m);
    assert_non_null(pm);
    assert_true(pdn_game_add_nag(pm, 255));
    assert_false(pdn_game_add_nag(pm, 256));
    assert_false(pdn_game_add_nag(pm, 0));
    assert_true(pdn_game_add_text(&pm->comments, "abc", 2));
    assert_string_equal(pm->comments.items[0], "ab");
    assert_true(g.moves[0].before.key == start.key);
    assert_int_equal(g.end.turn, BLACK);
    pdn_game_free(&g);
    assert_int_equal(g.tag_count, 0);
    assert_int_equal(g.first_number, 1);

    static const struct {
        const char *text;
        PdnResult result;
        int points;
    } RESULTS[] = {
        {"2-0", PDN_RESULT_WHITE_WINS, 2}, {"1-0", PDN_RESULT_WHITE_WINS, 2}, {"0-2", PDN_RESULT_BLACK_WINS, 0},
        {"0-1", PDN_RESULT_BLACK_WINS, 0}, {"1-1", PDN_RESULT_DRAW, 1},       {"1/2-1/2", PDN_RESULT_DRAW, 1},
        {"*", PDN_RESULT_UNKNOWN, -1},     {"0-0", PDN_RESULT_NO_WINNER, -1},
    };
    for (size_t i = 0; i < sizeof RESULTS / sizeof RESULTS[0]; i++) {
        PdnResult r;
        assert_true(pdn_result_parse(RESULTS[i].text, &r));
        assert_int_equal(r, RESULTS[i].result);
        assert_int_equal(pdn_result_white_points(r), RESULTS[i].points);
    }
    PdnResult r;
    assert_false(pdn_result_parse("2-1", &r));
    assert_false(pdn_result_parse("", &r));
    assert_string_equal(pdn_result_text(2), "2-0");
    assert_string_equal(pdn_result_text(-1), "*");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_write_and_read_start),
        cmocka_unit_test(test_variant_round_trip),
        cmocka_unit_test(test_ambiguous_capture_and_black_first),
        cmocka_unit_test(test_long_comment_wraps),
        cmocka_unit_test(test_game_record),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
