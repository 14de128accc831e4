/* Training samples: the text line and the binary record round-trip, bad lines and records are
 * rejected, and a search score is stored from White's side, clamped. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"
#include "rules/notation.h"
#include "learn/sample.h"

static void test_line_round_trip(void **state)
{
    (void)state;
    const char *texts[] = {"start", "B:W17,31,32:BK1,5,20", "W:WK46:BK5"};
    const double results[] = {1.0, 0.5, 0.0};
    const int scores[] = {37, SAMPLE_NO_SCORE, -SAMPLE_SCORE_MAX};
    for (int i = 0; i < 3; i++) {
        Position pos, back;
        assert_null(notation_parse_position(texts[i], &pos));
        char line[SAMPLE_LINE_MAX];
        sample_format_line(&pos, results[i], scores[i], line, sizeof line);
        double r;
        int score;
        assert_true(sample_parse_line(line, &back, &r, &score));
        assert_true(r == results[i]);
        assert_int_equal(score, scores[i]);
        assert_memory_equal(back.pieces, pos.pieces, sizeof pos.pieces);
        assert_true(back.kings == pos.kings && back.turn == pos.turn);
    }
}

static void test_record_round_trip(void **state)
{
    (void)state;
    const char *texts[] = {"start", "B:W17,31,32:BK1,5,20", "W:WK46:BK5"};
    const double results[] = {1.0, 0.5, 0.0};
    const int scores[] = {-1, SAMPLE_SCORE_MAX, SAMPLE_NO_SCORE};
    for (int i = 0; i < 3; i++) {
        Position pos, back;
        assert_null(notation_parse_position(texts[i], &pos));
        uint8_t rec[SAMPLE_RECORD_SIZE];
        sample_pack(&pos, results[i], scores[i], rec);
        double r;
        int score;
        assert_true(sample_unpack(rec, &back, &r, &score));
        assert_true(r == results[i]);
        assert_int_equal(score, scores[i]);
        assert_memory_equal(back.pieces, pos.pieces, sizeof pos.pieces);
        assert_true(back.kings == pos.kings && back.turn == pos.turn && back.key == pos.key);
        uint8_t bad[SAMPLE_RECORD_SIZE];
        memcpy(bad, rec, sizeof bad);
        bad[24] = 7;                 /* no such result */
        assert_false(sample_unpack(bad, &back, &r, &score));
        memcpy(bad, rec, sizeof bad);
        bad[25] = 0xB9, bad[26] = 0x0B;   /* 3001: beyond SAMPLE_SCORE_MAX */
        assert_false(sample_unpack(bad, &back, &r, &score));
        memcpy(bad, rec, sizeof bad);
        bad[8] |= bad[0] | 1;        /* a square both white and black */
        bad[0] |= 1;
        assert_false(sample_unpack(bad, &back, &r, &score));
        memcpy(bad, rec, sizeof bad);
        bad[7] |= 0x80;              /* a ghost bit */
        assert_false(sample_unpack(bad, &back, &r, &score));
    }
}

static void test_bad_lines_rejected(void **state)
{
    (void)state;
    const char *bad[] = {"", "garbage", "W:W31:B1", "W:W31:B1 3-0", "W:W31:B1 1-1-", "W:W3:B1 1-1",
                         "W:W31:B1 2-0 extra", "Wxyz 1-1", "W:W31:B1 2-0 3001", "W:W31:B1 2-0 5 6",
                         "W:W31:B1 2-05", "W:W31:B1 2-0 -", "W:W31:B1 2-0 12x"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        Position pos;
        double r;
        int score;
        assert_false(sample_parse_line(bad[i], &pos, &r, &score));
    }
}

static void test_stored_score_is_whites_view(void **state)
{
    (void)state;
    Position white, black;
    assert_null(notation_parse_position("W:W31:B1", &white));
    assert_null(notation_parse_position("B:W31:B1", &black));
    assert_int_equal(sample_stored_score(&white, 45), 45);
    assert_int_equal(sample_stored_score(&black, 45), -45);
    assert_int_equal(sample_stored_score(&white, SCORE_WIN - 3), SAMPLE_SCORE_MAX);
    assert_int_equal(sample_stored_score(&black, SCORE_WIN - 3), -SAMPLE_SCORE_MAX);
}

int main(void)
{
    rules_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_line_round_trip),
        cmocka_unit_test(test_record_round_trip),
        cmocka_unit_test(test_bad_lines_rejected),
        cmocka_unit_test(test_stored_score_is_whites_view),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
