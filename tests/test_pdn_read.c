/* The PDN reader on the files of tests/data/pdn/, one per family of quirks: every game's moves
 * replayed (checked by its final position), its tags, comments and annotations, and the broken
 * games' messages and what they kept. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "rules/rules.h"
#include "rules/notation.h"
#include "pdn/pdn_read.h"

#define DATA "tests/data/pdn/"
#define MAX_GAMES 32

/* Every game of a file, with its status and message. */
typedef struct {
    int count, broken;
    PdnGame games[MAX_GAMES];
    PdnReadStatus status[MAX_GAMES];
    char message[MAX_GAMES][PDN_MESSAGE_MAX];
} File;

static File file;

static int setup(void **state)
{
    (void)state;
    rules_init();
    return 0;
}

static void read_file(const char *name)
{
    char path[256];
    snprintf(path, sizeof path, DATA "%s", name);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    PdnReader *r = pdn_reader_new(f, name);
    assert_non_null(r);
    file.count = 0;
    for (;;) {
        assert_true(file.count < MAX_GAMES);
        PdnGame *g = &file.games[file.count];
        pdn_game_init(g);
        PdnReadStatus st = pdn_reader_next(r, g);
        if (st == PDN_READ_END)
            break;
        file.status[file.count] = st;
        snprintf(file.message[file.count], PDN_MESSAGE_MAX, "%s", pdn_reader_error(r)->message);
        file.count++;
    }
    assert_int_equal(pdn_reader_games(r), file.count);
    file.broken = pdn_reader_broken(r);
    pdn_reader_free(r);
    fclose(f);
}

static void free_file(void)
{
    for (int i = 0; i <= file.count && i < MAX_GAMES; i++)
        pdn_game_free(&file.games[i]);
}

static const char *fen_of(const Position *pos)
{
    static char text[FEN_TEXT_MAX];
    notation_format_fen(pos, text);
    return text;
}

/* Game i (from 0) was read whole, with moves moves, ending in the position fen. */
static const PdnGame *assert_game(int i, int moves, const char *fen)
{
    const PdnGame *g = &file.games[i];
    if (file.status[i] != PDN_READ_OK)
        fail_msg("game %d: %s", i + 1, file.message[i]);
    assert_string_equal(file.message[i], "");
    assert_int_equal(g->move_count, moves);
    assert_string_equal(fen_of(&g->end), fen);
    return g;
}

static const char *move_text(const PdnGame *g, int i)
{
    static char text[MOVE_TEXT_MAX];
    notation_format_move(&g->moves[i].before, g->moves[i].move, text);
    return text;
}

#define START_AFTER_20_PLIES                                                                                   \
    "W:W27,31,33,34,35,36,38,39,40,41,43,44,45,46,47,48,50:B1,2,3,4,6,7,9,10,12,13,14,15,16,18,19,20,25"

static void test_fen_setups(void **state)
{
    (void)state;
    read_file("setups.pdn");
    assert_int_equal(file.count, 6);
    assert_int_equal(file.broken, 0);
    const PdnGame *g = assert_game(0, 4, "W:W34,35,K45:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,18,19,24,26");
    assert_string_equal(fen_of(&g->start), "W:W31,32,33,34,35,K45:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20");
    assert_string_equal(move_text(g, 3), "17x26x22x31x32");   /* written 17x28x37x26 */
    assert_false(g->side_assumed);
    g = assert_game(1, 2, "B:W28,31,32,34,35:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,24");
    assert_true(g->side_assumed);   /* "?": "12..." says Black */
    assert_int_equal(g->start.turn, BLACK);
    assert_int_equal(g->first_number, 12);
    g = assert_game(2, 2, "W:W28,31,32,34,35:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,24");
    assert_true(g->side_assumed);   /* left out: "1." says White */
    assert_int_equal(g->start.turn, WHITE);
    g = assert_game(3, 3, "W:W31:B18,32");
    assert_true(g->side_assumed);   /* no number: 19-23 is only Black's */
    assert_int_equal(g->start.turn, BLACK);
    g = assert_game(4, 3, "W:W28,31,32:B18,23,24");
    assert_string_equal(fen_of(&g->start), "B:W31,32,33:B18,19,20");
    assert_false(g->side_assumed);
    assert_game(5, 3, "B:W19,K47:B");
    free_file();
}

static void test_variants(void **state)
{
    (void)state;
    read_file("variants.pdn");
    assert_int_equal(file.count, 5);
    static const Variant variants[] = {VARIANT_FRISIAN, VARIANT_FRISIAN, VARIANT_BT, VARIANT_LOSING, VARIANT_KILLER};
    static const char *const ends[] = {"W:W35,45:B11", "W:W35,45:B11", "B:WK1,32:B19,44", "B:W10:B", "B:WK14:B3"};
    static const int moves[] = {2, 2, 1, 1, 1};
    for (int i = 0; i < 5; i++) {
        const PdnGame *g = assert_game(i, moves[i], ends[i]);
        assert_int_equal(position_variant(&g->start), variants[i]);
        assert_int_equal(position_variant(&g->end), variants[i]);
    }
    assert_string_equal(move_text(&file.games[0], 0), "33x35x34");   /* along a row */
    assert_int_equal(file.games[3].result, PDN_RESULT_BLACK_WINS);
    free_file();
}

/* The status of reading text's one game under a reader whose variant is v, its start's variant
 * in *got. */
static PdnReadStatus read_under(const char *text, Variant v, Variant *got)
{
    FILE *f = fmemopen((void *)text, strlen(text), "rb");
    assert_non_null(f);
    PdnReader *r = pdn_reader_new(f, "text");
    assert_non_null(r);
    pdn_reader_set_variant(r, v);
    PdnGame g;
    pdn_game_init(&g);
    PdnReadStatus st = pdn_reader_next(r, &g);
    *got = position_variant(&g.start);
    pdn_game_free(&g);
    pdn_reader_free(r);
    fclose(f);
    return st;
}

/* A game whose tags name no variant is played under the reader's (a capture along a row is frisian
 * only); tags that name one win over it. */
static void test_reader_variant(void **state)
{
    (void)state;
    static const char untagged[] = "[FEN \"W:W33,45:B34,6\"]\n\n1. 33x35 6-11 2-0\n";
    static const char international[] = "[GameType \"20\"]\n[FEN \"W:W33,45:B34,6\"]\n\n1. 33x35 6-11 2-0\n";
    Variant got;
    assert_int_equal(read_under(untagged, VARIANT_NORMAL, &got), PDN_READ_BROKEN);
    assert_int_equal(read_under(untagged, VARIANT_FRISIAN, &got), PDN_READ_OK);
    assert_int_equal(got, VARIANT_FRISIAN);
    assert_int_equal(read_under(international, VARIANT_FRISIAN, &got), PDN_READ_BROKEN);
    assert_int_equal(got, VARIANT_NORMAL);
}

static void test_move_notation(void **state)
{
    (void)state;
    read_file("notation.pdn");
    assert_int_equal(file.count, 7);
    const PdnGame *g = assert_game(0, 20, START_AFTER_20_PLIES);
    assert_string_equal(move_text(g, 0), "33-28");
    assert_string_equal(move_text(g, 7), "5-10");   /* "4.. 05-10" */
    assert_string_equal(move_text(g, 10), "26x17x21");
    assert_string_equal(move_text(g, 19), "8-12");
    g = assert_game(1, 2, "B:WK7:B6");
    assert_string_equal(move_text(g, 0), "1-6");   /* "1- 6" */
    assert_string_equal(move_text(g, 1), "45x7x18");   /* "45x 7" */
    assert_game(2, 1, "B:W6:B");
    assert_game(3, 1, "B:W6:B");
    assert_game(4, 1, "B:WK2,14:B12,34");
    assert_game(5, 1, "B:WK2,14:B12,34");
    assert_game(6, 1, "B:WK2,14:B12,40");
    free_file();
}

static void assert_texts(const PdnTexts *t, int count, const char *first)
{
    assert_int_equal(t->count, count);
    if (first)
        assert_string_equal(t->items[0], first);
}

static void test_comments_and_annotations(void **state)
{
    (void)state;
    read_file("comments.pdn");
    assert_int_equal(file.count, 9);
    const PdnGame *g = assert_game(0, 12, "W:W28,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,50:"
                                          "B1,2,3,4,6,7,8,9,10,12,13,14,15,16,18,19,20,22,25");
    assert_texts(&g->intro, 1, "before the game");
    assert_texts(&g->moves[0].comments_before, 1, "before 33-28");
    assert_texts(&g->moves[0].comments, 1, "after 33-28, over two lines");
    assert_texts(&g->moves[1].comments, 1, "to the end of the line");
    static const char *const glyphs[] = {"", "", "!", "?!", "!!", "??", "", "!?", "?!", "", "", ""};
    for (int i = 0; i < 12; i++)
        assert_string_equal(g->moves[i].glyph, glyphs[i]);
    assert_int_equal(g->moves[4].nag_count, 1);
    assert_int_equal(g->moves[4].nags[0], 14);
    assert_int_equal(g->moves[6].nag_count, 2);
    assert_int_equal(g->moves[6].nags[0], 1);
    assert_int_equal(g->moves[6].nags[1], 22);
    assert_texts(&g->moves[9].variations, 1, "5... 17-22 (5... 18-22 6. 26x17) 6. 28x17 {a comment with (parens)}");
    assert_string_equal(move_text(g, 9), "17-21");
    assert_texts(&g->moves[10].comments, 2, "several");
    assert_string_equal(g->moves[10].comments.items[1], "comments");
    assert_texts(&g->moves[11].comments, 1, "the end");
    assert_string_equal(g->result_text, "2-0");
    assert_int_equal(g->result, PDN_RESULT_WHITE_WINS);
    assert_string_equal(pdn_game_tag(g, "Black"), "Bob");

    static const char *const texts[] = {"1-1", "0-2", "1-0", "0-1", "1/2-1/2", "*", "0-0", "1-1"};
    static const PdnResult results[] = {PDN_RESULT_DRAW,       PDN_RESULT_BLACK_WINS, PDN_RESULT_WHITE_WINS,
                                        PDN_RESULT_BLACK_WINS, PDN_RESULT_DRAW,       PDN_RESULT_UNKNOWN,
                                        PDN_RESULT_NO_WINNER,  PDN_RESULT_DRAW};
    for (int i = 1; i < 9; i++) {
        g = assert_game(i, 1, "B:W28,31,32,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:"
                              "B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20");
        assert_string_equal(g->result_text, texts[i - 1]);
        assert_int_equal(g->result, results[i - 1]);
    }
    g = &file.games[8];
    assert_int_equal(g->tag_count, 5);
    assert_string_equal(pdn_game_tag(g, "Score"), "3-1");
    assert_string_equal(pdn_game_tag(g, "MatchScore"), "W 3 - B 1");
    free_file();
}

/* CR LF, a byte order mark, UTF-8; lone CRs, Latin-1, no last line end; one line over 64 KiB. */
static void test_layout(void **state)
{
    (void)state;
    read_file("crlf_bom_utf8.pdn");
    assert_int_equal(file.count, 2);
    const PdnGame *g = assert_game(0, 20, START_AFTER_20_PLIES);
    assert_string_equal(g->tags[0].name, "Event");
    assert_string_equal(pdn_game_tag(g, "White"), "Jos\xC3\xA9 M\xC3\xBCller");
    assert_texts(&g->moves[19].comments, 1, "un commentaire sur deux lignes, d\xC3\xA9j\xC3\xA0");
    assert_int_equal(g->result, PDN_RESULT_DRAW);
    g = assert_game(1, 1, "B:W28,31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:"
                          "B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20");
    assert_string_equal(pdn_game_tag(g, "White"), "Zo\xC3\xAB");
    free_file();

    read_file("cr_latin1.pdn");
    assert_int_equal(file.count, 2);
    g = assert_game(0, 20, START_AFTER_20_PLIES);
    assert_string_equal(pdn_game_tag(g, "White"), "Andr\xE9 Fran\xE7ois");
    assert_string_equal(pdn_game_tag(g, "Black"), "J\xFCrgen");
    assert_int_equal(g->result, PDN_RESULT_BLACK_WINS);
    g = assert_game(1, 2, "W:W29,31,32,33,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:"
                          "B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,20,23");
    assert_string_equal(g->result_text, "*");
    free_file();

    read_file("long_line.pdn");
    assert_int_equal(file.count, 1);
    g = assert_game(0, 20, START_AFTER_20_PLIES);
    assert_int_equal(strlen(pdn_game_tag(g, "Annotator")), PDN_TAG_VALUE_MAX);   /* 3000 in the file */
    assert_int_equal(g->intro.count, 1);
    assert_true(strlen(g->intro.items[0]) > 65536);
    assert_int_equal(strncmp(g->intro.items[0], "word0 word1 ", 12), 0);
    free_file();
}

/* Games back to back, without blank lines, without tags, without moves. */
static void test_back_to_back(void **state)
{
    (void)state;
    read_file("back_to_back.pdn");
    assert_int_equal(file.count, 7);
    static const int moves[] = {4, 1, 1, 2, 0, 0, 0}, tags[] = {1, 1, 2, 0, 2, 1, 0};
    static const char *const results[] = {"2-0", "*", "1-1", "2-0", "*", "0-2", "2-0"};
    for (int i = 0; i < 7; i++) {
        const PdnGame *g = &file.games[i];
        assert_int_equal(file.status[i], PDN_READ_OK);
        assert_int_equal(g->move_count, moves[i]);
        assert_int_equal(g->tag_count, tags[i]);
        assert_string_equal(g->result_text, results[i]);
    }
    assert_game(0, 4, "W:W31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:"
                      "B1,2,3,4,5,6,7,8,9,10,11,12,13,15,16,17,18,20,23");
    assert_texts(&file.games[3].moves[1].comments, 1, "a game without tags");
    assert_texts(&file.games[5].intro, 1, "nothing was played");
    free_file();
}

/* Each broken game gives one message and keeps what came before its fault; the games after it
 * are read. */
static void test_broken_games(void **state)
{
    (void)state;
    read_file("broken.pdn");
    assert_int_equal(file.count, 14);
    assert_int_equal(file.broken, 10);
    static const char *const messages[] = {
        "",
        "broken.pdn: game 2, line 7: move \"28-22\": not legal here (White to move, who must capture)",
        "broken.pdn: game 3, line 11: \"14x2a\": cannot read it: neither a move, a move number nor a result",
        "broken.pdn: game 4, line 15: \"never closed 19-23 2. 28x19 14x23 2-0\": unterminated comment: no '}'",
        "",
        "broken.pdn: game 6, line 24: \"1. 32-28 18-23 2-0\": unterminated variation: no ')'",
        "broken.pdn: game 7, line 30: no result before the next game's tags",
        "broken.pdn: game 8, line 34: no result before the next game (a line starting \"1.\")",
        "",
        ("broken.pdn: game 10, line 39: move \"16x2\": ambiguous here (White to move): it may be 16x43x30x13x2 or "
         "16x49x35x13x2"),
        "broken.pdn: game 11, line 44: FEN \"W:W14,K16,56:B8\": FEN squares must be numbers 1-50",
        "broken.pdn: game 12, line 49: GameType \"21\": rules this engine does not play",
        "broken.pdn: game 13, line 52: \"Site\": a tag value without its closing '\"'",
        "",
    };
    static const int moves[] = {4, 2, 3, 1, 2, 1, 2, 2, 2, 0, 0, 0, 0, 1};
    static const char *const results[] = {"2-0", "1-1", "0-2", "", "*", "", "", "", "*", "2-0", "*", "*", "2-0", "*"};
    for (int i = 0; i < 14; i++) {
        assert_string_equal(file.message[i], messages[i]);
        assert_int_equal(file.status[i], messages[i][0] ? PDN_READ_BROKEN : PDN_READ_OK);
        assert_int_equal(file.games[i].move_count, moves[i]);
        assert_string_equal(file.games[i].result_text, results[i]);
        assert_true(file.games[i].tag_count >= (i == 8 ? 0 : 1));
    }
    /* the illegal move's game keeps its moves and the comment read before the fault */
    assert_string_equal(move_text(&file.games[1], 1), "19-23");
    assert_string_equal(pdn_game_tag(&file.games[1], "Event"), "an illegal move");
    /* a broken tag: the tags before it are kept, the game's moves are skipped with it */
    assert_string_equal(pdn_game_tag(&file.games[12], "Event"), "a broken tag");
    assert_null(pdn_game_tag(&file.games[12], "Round"));
    assert_string_equal(pdn_game_tag(&file.games[13], "Event"), "good 14");
    free_file();
}

/* Text that is no PDN at all, empty input, comments alone. */
static void test_odd_inputs(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        int games, broken;
    } cases[] = {
        {"", 0, 0},
        {"\n\n  \r\n", 0, 0},
        {"{a comment and nothing else}\n", 0, 0},
        {"1. 32-28 *\n{a trailing comment}", 1, 0},
        {"hello world", 1, 1},
        {"[Event \"only tags\"]", 1, 1},
        {"$4 1. 32-28 *", 1, 1},
        {"1. 32-28 ) *", 1, 1},
        {"((( 1. 32-28 *", 1, 1},
        {"{{{ 1. 32-28 *", 1, 1},
        {"1. 32-28 19-23 28x19 14x23 *  1. 32-28 *", 2, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        FILE *f = fmemopen((void *)cases[i].text, strlen(cases[i].text) + 1, "rb");   /* a NUL at the end */
        PdnReader *r = pdn_reader_new(f, "odd.pdn");
        PdnGame g;
        pdn_game_init(&g);
        while (pdn_reader_next(r, &g) != PDN_READ_END)
            assert_true(pdn_reader_games(r) <= cases[i].games);
        if (pdn_reader_games(r) != cases[i].games || pdn_reader_broken(r) != cases[i].broken)
            fail_msg("\"%s\": %d games, %d broken", cases[i].text, pdn_reader_games(r), pdn_reader_broken(r));
        pdn_game_free(&g);
        pdn_reader_free(r);
        fclose(f);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fen_setups),
        cmocka_unit_test(test_variants),
        cmocka_unit_test(test_reader_variant),
        cmocka_unit_test(test_move_notation),
        cmocka_unit_test(test_comments_and_annotations),
        cmocka_unit_test(test_layout),
        cmocka_unit_test(test_back_to_back),
        cmocka_unit_test(test_broken_games),
        cmocka_unit_test(test_odd_inputs),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
