/* Notation: Hub strings, FEN, move text, round trips and the parser's error reports. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "rules/rules.h"
#include "rules/notation.h"
#include "support/testdata.h"

static Position parse_ok(const char *text)
{
    Position pos = {0};
    const char *err = notation_parse_position(text, &pos);
    if (err)
        fail_msg("could not parse %s: %s", text, err);
    return pos;
}

static bool same_position(const Position *a, const Position *b)
{
    return a->pieces[0] == b->pieces[0] && a->pieces[1] == b->pieces[1] && a->kings == b->kings &&
           a->turn == b->turn && a->key == b->key;
}

/* Every move of every case prints, and the text (also with shuffled captures) parses back. */
static void test_move_round_trips(void **state)
{
    (void)state;
    FILE *f = testdata_open("rules-cases.txt");
    assert_non_null(f);
    DataRecord rec;
    int moves = 0, expected = 0;
    while (testdata_next(f, &rec)) {
        if (strcmp(rec.field[1], "normal") != 0)
            continue;
        Position pos = parse_ok(rec.field[2]);
        MoveList list;
        movegen_generate(&pos, &list);
        expected += atoi(rec.field[3]);
        for (int i = 0; i < list.count; i++) {
            char text[MOVE_TEXT_MAX], err[256];
            Move back = MOVE_NONE;
            notation_format_move(&pos, list.moves[i], text);
            assert_int_equal(notation_parse_move(&pos, text, &back, err, sizeof err), PARSE_OK);
            assert_true(back == list.moves[i]);
            /* reverse the captured squares: any order is valid Hub notation */
            char *x1 = strchr(text, 'x');
            if (x1 && strchr(x1 + 1, 'x')) {
                char *caps = strchr(x1 + 1, 'x');
                char reversed[MOVE_TEXT_MAX] = "";
                size_t head = (size_t)(caps - text);
                memcpy(reversed, text, head);
                reversed[head] = '\0';
                char tmp[MOVE_TEXT_MAX];
                strcpy(tmp, caps);
                char *parts[SQUARE_COUNT];
                int n = 0;
                for (char *t = strtok(tmp, "x"); t; t = strtok(NULL, "x"))
                    parts[n++] = t;
                for (int k = n - 1; k >= 0; k--) {
                    strcat(reversed, "x");
                    strcat(reversed, parts[k]);
                }
                assert_int_equal(notation_parse_move(&pos, reversed, &back, err, sizeof err), PARSE_OK);
                assert_true(back == list.moves[i]);
            }
            moves++;
        }
    }
    fclose(f);
    assert_int_equal(moves, expected);
    assert_true(moves > 50);
}

/* FEN -> position -> Hub string -> position -> FEN is the identity on every case. */
static void test_fen_hub_round_trips(void **state)
{
    (void)state;
    FILE *f = testdata_open("rules-cases.txt");
    assert_non_null(f);
    DataRecord rec;
    while (testdata_next(f, &rec)) {
        Position a, b, c;
        char hub[HUB_POS_LEN + 1], fen[FEN_TEXT_MAX];
        assert_null(notation_parse_fen(rec.field[6], &a));
        notation_format_hub(&a, hub);
        assert_string_equal(hub, rec.field[2]);
        assert_null(notation_parse_hub(hub, &b));
        assert_true(same_position(&a, &b));
        notation_format_fen(&b, fen);
        assert_null(notation_parse_fen(fen, &c));
        assert_true(same_position(&a, &c));
    }
    fclose(f);
}

static void test_fen_forms(void **state)
{
    (void)state;
    Position start, a;
    position_start(&start);
    a = parse_ok("W:W31-50:B1-20");
    assert_true(same_position(&a, &start));
    a = parse_ok("W:B1-20:W31-50.");
    assert_true(same_position(&a, &start));
    a = parse_ok("  W : W31-50 : B1-20 ");
    assert_true(same_position(&a, &start));
    char fen[FEN_TEXT_MAX];
    a = parse_ok("B:WK45,31:B1,K2");
    notation_format_fen(&a, fen);
    assert_string_equal(fen, "B:W31,K45:B1,K2");
    a = parse_ok("W:W:B10");
    notation_format_fen(&a, fen);
    assert_string_equal(fen, "W:W:B10");
}

static void test_position_errors(void **state)
{
    (void)state;
    Position pos = parse_ok("start"), before = pos;
    const char *bad[] = {
        "",
        "X:W31:B1",
        "W:W31,51:B1",
        "W:W31:B31",
        "W:W0:B1",
        "W:W31-30:B1",
        "W:W31,,:B1",
        "W:W31:B1:W32",
        "W:W31:B1 junk",
        "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwww",     /* 50 chars */
        "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwwwe",   /* 52 chars */
        "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwwx",    /* bad char */
        "Xbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww",    /* bad side */
        "Wweeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee",    /* white man on 1 */
        "Beeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeb",    /* black man on 50 */
        "W:W3:B20",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const char *err = notation_parse_position(bad[i], &pos);
        if (!err)
            fail_msg("accepted bad position \"%s\"", bad[i]);
        assert_true(strlen(err) > 10);
        assert_true(same_position(&pos, &before));
    }
}

static void test_move_parse_errors(void **state)
{
    (void)state;
    char err[512];
    Move m;
    Position pos = parse_ok("start");
    assert_int_equal(notation_parse_move(&pos, "32-28", &m, err, sizeof err), PARSE_OK);
    assert_int_equal(notation_parse_move(&pos, "32-29", &m, err, sizeof err), PARSE_ILLEGAL);
    assert_non_null(strstr(err, "32-29"));
    assert_int_equal(notation_parse_move(&pos, "32x28", &m, err, sizeof err), PARSE_OK);
    assert_int_equal(notation_parse_move(&pos, "", &m, err, sizeof err), PARSE_SYNTAX);
    assert_int_equal(notation_parse_move(&pos, "32", &m, err, sizeof err), PARSE_SYNTAX);
    assert_int_equal(notation_parse_move(&pos, "32-", &m, err, sizeof err), PARSE_SYNTAX);
    assert_int_equal(notation_parse_move(&pos, "51-46", &m, err, sizeof err), PARSE_SYNTAX);
    assert_int_equal(notation_parse_move(&pos, "32-28 ", &m, err, sizeof err), PARSE_OK);
    assert_int_equal(notation_parse_move(&pos, "32-28z", &m, err, sizeof err), PARSE_SYNTAX);

    /* short capture form: unique -> accepted, wrong captured set -> illegal */
    pos = parse_ok("W:W28,32:B23");
    assert_int_equal(notation_parse_move(&pos, "28x19", &m, err, sizeof err), PARSE_OK);
    assert_int_equal(notation_parse_move(&pos, "28x19x24", &m, err, sizeof err), PARSE_ILLEGAL);

    /* same from and to, different captured sets: the short form is ambiguous */
    pos = parse_ok("W:W10,K16:B14,K21,29,K31,34,37,K46,K47");
    assert_int_equal(notation_parse_move(&pos, "16x36", &m, err, sizeof err), PARSE_AMBIGUOUS);
    assert_non_null(strstr(err, "16x36x14x21x29x31"));
    assert_non_null(strstr(err, "16x36x14x21x31x34"));
    assert_int_equal(notation_parse_move(&pos, "16x36x34x31x21x14", &m, err, sizeof err), PARSE_OK);
    char text[MOVE_TEXT_MAX];
    notation_format_move(&pos, m, text);
    assert_string_equal(text, "16x36x14x21x31x34");
}

int main(void)
{
    rules_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_move_round_trips),
        cmocka_unit_test(test_fen_hub_round_trips),
        cmocka_unit_test(test_fen_forms),
        cmocka_unit_test(test_position_errors),
        cmocka_unit_test(test_move_parse_errors),
    };
    return cmocka_run_group_tests_name("notation", tests, NULL, NULL);
}
