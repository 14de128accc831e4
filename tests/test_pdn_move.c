/* PDN move text against the rules (pdn_move) and the start position from the tags (pdn_setup). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "rules/rules.h"
#include "rules/notation.h"
#include "pdn/pdn_move.h"
#include "pdn/pdn_setup.h"

static int setup(void **state)
{
    (void)state;
    rules_init();
    return 0;
}

static Position position(const char *fen, Variant v)
{
    Position pos;
    assert_null(notation_parse_position(fen, &pos));
    assert_null(position_set_variant(&pos, v));
    return pos;
}

/* text names a legal move of pos, the one written hub in Hub notation. */
static void assert_move(const Position *pos, const char *text, const char *hub)
{
    Move m;
    char why[256] = "";
    if (pdn_move_parse(pos, text, &m, why, sizeof why) != PDN_MOVE_OK)
        fail_msg("\"%s\": %s", text, why);
    char got[MOVE_TEXT_MAX];
    notation_format_move(pos, m, got);
    assert_string_equal(got, hub);
}

static void assert_refused(const Position *pos, const char *text, PdnMoveStatus status, const char *why_expected)
{
    Move m;
    char why[256] = "";
    assert_int_equal(pdn_move_parse(pos, text, &m, why, sizeof why), status);
    assert_string_equal(why, why_expected);
}

static void test_quiet_moves(void **state)
{
    (void)state;
    Position start = position("start", VARIANT_NORMAL);
    assert_move(&start, "32-28", "32-28");
    assert_move(&start, "032-028", "32-28");
    assert_move(&start, "32- 28", "32-28");
    assert_refused(&start, "31-36", PDN_MOVE_ILLEGAL, "not legal here (White to move)");
    assert_refused(&start, "51-46", PDN_MOVE_SYNTAX, "no square over 50: squares are 1 to 50");
    assert_refused(&start, "0-5", PDN_MOVE_SYNTAX, "no square 0: squares are 1 to 50");
    assert_refused(&start, "32", PDN_MOVE_SYNTAX, "cannot read it: expected squares 1-50 joined by - or x");
    Position black = position("B:W31-35,K45:B6", VARIANT_NORMAL);
    assert_move(&black, "06-11", "6-11");
    assert_refused(&black, "32-28", PDN_MOVE_ILLEGAL, "not legal here (Black to move)");
    Position capture = position("W:W32:B27", VARIANT_NORMAL);
    assert_refused(&capture, "32-28", PDN_MOVE_ILLEGAL, "not legal here (White to move, who must capture)");
    Position none = position("W:W46:B41,37", VARIANT_NORMAL);
    assert_refused(&none, "46-41", PDN_MOVE_ILLEGAL, "not legal here (White to move, who has no move)");
}

/* A man's capture over three men: short, with a colon, with its path, with a wrong path. */
static void test_captures(void **state)
{
    (void)state;
    Position pos = position("W:W39:B33,22,11", VARIANT_NORMAL);
    assert_move(&pos, "39x6", "39x6x11x22x33");
    assert_move(&pos, "39:6", "39x6x11x22x33");
    assert_move(&pos, "39x28x17x6", "39x6x11x22x33");
    assert_move(&pos, "39x17x6", "39x6x11x22x33");   /* landing squares may be left out */
    assert_refused(&pos, "39x27x6", PDN_MOVE_ILLEGAL, "not legal here (White to move, who must capture)");
    assert_refused(&pos, "39x17x28x6", PDN_MOVE_ILLEGAL, "not legal here (White to move, who must capture)");
    int path[PDN_PATH_MAX];
    MoveList list;
    movegen_generate(&pos, &list);
    assert_int_equal(list.count, 1);
    assert_int_equal(pdn_move_path(&pos, list.moves[0], path), 4);
    assert_int_equal(path[0], 39);
    assert_int_equal(path[1], 28);
    assert_int_equal(path[2], 17);
    assert_int_equal(path[3], 6);
    char text[PDN_MOVE_TEXT_MAX];
    pdn_move_format(&pos, list.moves[0], text);
    assert_string_equal(text, "39x6");
}

/* Two king captures from 16 to 2: the short form is ambiguous; the path, one landing square of
 * it, or the Hub form of our older files tells them apart. */
static void test_ambiguous_capture(void **state)
{
    (void)state;
    Position pos = position("W:W14,K16:B8,12,19,21,34,40", VARIANT_NORMAL);
    assert_refused(&pos, "16x2", PDN_MOVE_AMBIGUOUS,
                   "ambiguous here (White to move): it may be 16x43x30x13x2 or 16x49x35x13x2");
    assert_move(&pos, "16x49x35x13x2", "16x2x8x19x21x40");
    assert_move(&pos, "16x35x2", "16x2x8x19x21x40");
    assert_move(&pos, "16x43x2", "16x2x8x19x21x34");
    assert_move(&pos, "16x2x8x19x21x34", "16x2x8x19x21x34");
    assert_move(&pos, "16x2x40x21x19x8", "16x2x8x19x21x40");
    MoveList list;
    movegen_generate(&pos, &list);
    for (int i = 0; i < list.count; i++) {
        char text[PDN_MOVE_TEXT_MAX], hub[MOVE_TEXT_MAX];
        pdn_move_format(&pos, list.moves[i], text);
        notation_format_move(&pos, list.moves[i], hub);
        assert_move(&pos, text, hub);   /* what is written reads back to the same move */
        assert_true(strcmp(text, "16x43x30x13x2") == 0 || strcmp(text, "16x49x35x13x2") == 0);
    }
}

/* Frisian captures along a row, a killer king stopping behind a king. */
static void test_variant_paths(void **state)
{
    (void)state;
    Position fr = position("W:W33,45:B34,6", VARIANT_FRISIAN);
    assert_move(&fr, "33x35", "33x35x34");
    Position normal = position("W:W33,45:B34,6", VARIANT_NORMAL);
    assert_refused(&normal, "33x35", PDN_MOVE_ILLEGAL, "not legal here (White to move)");
    Position killer = position("W:WK46:BK28,K19,3", VARIANT_KILLER);
    MoveList list;
    movegen_generate(&killer, &list);
    assert_int_equal(list.count, 1);
    int path[PDN_PATH_MAX];
    assert_int_equal(pdn_move_path(&killer, list.moves[0], path), 3);
    assert_int_equal(path[1], 23);
    assert_int_equal(path[2], 14);
    assert_move(&killer, "46x23x14", "46x14x19x28");
}

static void assert_fen(const char *fen, Color guess, const char *expected, bool side_known)
{
    Position pos;
    bool known = !side_known;
    const char *why = pdn_setup_fen(fen, guess, &pos, &known);
    if (why)
        fail_msg("FEN \"%s\": %s", fen, why);
    char text[FEN_TEXT_MAX];
    notation_format_fen(&pos, text);
    assert_string_equal(text, expected);
    assert_int_equal(known, side_known);
}

static void test_fen(void **state)
{
    (void)state;
    assert_fen("W:W31-35,K45:B1-3", BLACK, "W:W31,32,33,34,35,K45:B1,2,3", true);
    assert_fen(" \"B:W31:B1.\" ", WHITE, "B:W31:B1", true);
    assert_fen("w:w32, k47 :b 19.", BLACK, "W:W32,K47:B19", true);
    assert_fen("B:W31,32,33:B18,19,20:H0:F1", WHITE, "B:W31,32,33:B18,19,20", true);
    assert_fen("?:W31:B1", BLACK, "B:W31:B1", false);
    assert_fen(":W31:B1", WHITE, "W:W31:B1", false);
    assert_fen("W31-32:BK1", BLACK, "B:W31,32:BK1", false);
    Position pos;
    bool known;
    assert_string_equal(pdn_setup_fen("W:W51:B1", WHITE, &pos, &known), "FEN squares must be numbers 1-50");
    assert_non_null(pdn_setup_fen("X:W31:B1", WHITE, &pos, &known));
    assert_non_null(pdn_setup_fen("W:W1:B2", WHITE, &pos, &known));   /* a white man on its crowning row */
}

static void test_start(void **state)
{
    (void)state;
    Position pos;
    bool known;
    char why[256];
    assert_null(pdn_setup_start(NULL, NULL, NULL, WHITE, &pos, &known, why, sizeof why));
    Position start = position("start", VARIANT_NORMAL);
    assert_true(pos.key == start.key && known);
    assert_null(pdn_setup_start("W:W33:B34", NULL, "40", WHITE, &pos, &known, why, sizeof why));
    assert_int_equal(position_variant(&pos), VARIANT_FRISIAN);
    assert_null(pdn_setup_start(NULL, NULL, "20,W,10,10,N2,0", WHITE, &pos, &known, why, sizeof why));
    assert_int_equal(position_variant(&pos), VARIANT_NORMAL);
    assert_null(pdn_setup_start(NULL, "Killer", "20", WHITE, &pos, &known, why, sizeof why));
    assert_int_equal(position_variant(&pos), VARIANT_KILLER);
    assert_null(pdn_setup_start(NULL, NULL, "96", WHITE, &pos, &known, why, sizeof why));
    assert_int_equal(position_variant(&pos), VARIANT_BT);
    assert_null(pdn_setup_start(NULL, NULL, "98", WHITE, &pos, &known, why, sizeof why));
    assert_int_equal(position_variant(&pos), VARIANT_LOSING);
    assert_non_null(pdn_setup_start(NULL, NULL, "21", WHITE, &pos, &known, why, sizeof why));
    assert_string_equal(why, "GameType \"21\": rules this engine does not play");
    assert_non_null(pdn_setup_start(NULL, "Russian", NULL, WHITE, &pos, &known, why, sizeof why));
    assert_string_equal(why, "Variant \"Russian\": rules this engine does not play");
    assert_non_null(pdn_setup_start("W:W60", NULL, NULL, WHITE, &pos, &known, why, sizeof why));
    assert_string_equal(why, "FEN \"W:W60\": FEN squares must be numbers 1-50");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_quiet_moves),
        cmocka_unit_test(test_captures),
        cmocka_unit_test(test_ambiguous_capture),
        cmocka_unit_test(test_variant_paths),
        cmocka_unit_test(test_fen),
        cmocka_unit_test(test_start),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
