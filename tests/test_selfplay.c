/* Self-play data: the line format round-trips, bad lines are rejected, and a short run writes
 * only quiet positions, the same ones for the same seed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "opening/openings.h"
#include "tools/selfplay.h"

static void test_line_round_trip(void **state)
{
    (void)state;
    const char *texts[] = {"start", "B:W17,31,32:BK1,5,20", "W:WK46:BK5"};
    const double results[] = {1.0, 0.5, 0.0};
    const int scores[] = {37, SELFPLAY_NO_SCORE, -SELFPLAY_SCORE_MAX};
    for (int i = 0; i < 3; i++) {
        Position pos, back;
        assert_null(notation_parse_position(texts[i], &pos));
        char line[SELFPLAY_LINE_MAX];
        selfplay_format_line(&pos, results[i], scores[i], line, sizeof line);
        double r;
        int score;
        assert_true(selfplay_parse_line(line, &back, &r, &score));
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
    const int scores[] = {-1, SELFPLAY_SCORE_MAX, SELFPLAY_NO_SCORE};
    for (int i = 0; i < 3; i++) {
        Position pos, back;
        assert_null(notation_parse_position(texts[i], &pos));
        uint8_t rec[SELFPLAY_RECORD_SIZE];
        selfplay_pack_record(&pos, results[i], scores[i], rec);
        double r;
        int score;
        assert_true(selfplay_unpack_record(rec, &back, &r, &score));
        assert_true(r == results[i]);
        assert_int_equal(score, scores[i]);
        assert_memory_equal(back.pieces, pos.pieces, sizeof pos.pieces);
        assert_true(back.kings == pos.kings && back.turn == pos.turn && back.key == pos.key);
        uint8_t bad[SELFPLAY_RECORD_SIZE];
        memcpy(bad, rec, sizeof bad);
        bad[24] = 7;                 /* no such result */
        assert_false(selfplay_unpack_record(bad, &back, &r, &score));
        memcpy(bad, rec, sizeof bad);
        bad[25] = 0xB9, bad[26] = 0x0B;   /* 3001: beyond SELFPLAY_SCORE_MAX */
        assert_false(selfplay_unpack_record(bad, &back, &r, &score));
        memcpy(bad, rec, sizeof bad);
        bad[8] |= bad[0] | 1;        /* a square both white and black */
        bad[0] |= 1;
        assert_false(selfplay_unpack_record(bad, &back, &r, &score));
        memcpy(bad, rec, sizeof bad);
        bad[7] |= 0x80;              /* a ghost bit */
        assert_false(selfplay_unpack_record(bad, &back, &r, &score));
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
        assert_false(selfplay_parse_line(bad[i], &pos, &r, &score));
    }
}

static void test_stored_score_is_whites_view(void **state)
{
    (void)state;
    Position white, black;
    assert_null(notation_parse_position("W:W31:B1", &white));
    assert_null(notation_parse_position("B:W31:B1", &black));
    assert_int_equal(selfplay_stored_score(&white, 45), 45);
    assert_int_equal(selfplay_stored_score(&black, 45), -45);
    assert_int_equal(selfplay_stored_score(&white, SCORE_WIN - 3), SELFPLAY_SCORE_MAX);
    assert_int_equal(selfplay_stored_score(&black, SCORE_WIN - 3), -SELFPLAY_SCORE_MAX);
}

static char *run_games(uint64_t seed, int threads, const Position *openings, int count, SelfplayStats *stats)
{
    SelfplayConfig cfg;
    selfplay_default_config(&cfg);
    cfg.threads = threads;
    cfg.games = 3;
    cfg.nodes = 400;
    cfg.random_plies = 4;
    cfg.seed = seed;
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_true(selfplay_run(&cfg, openings, count, f, NULL, stats));
    long size = ftell(f);
    rewind(f);
    char *text = malloc((size_t)size + 1);
    assert_non_null(text);
    assert_int_equal(fread(text, 1, (size_t)size, f), (size_t)size);
    text[size] = 0;
    fclose(f);
    return text;
}

static void test_short_run_writes_quiet_positions(void **state)
{
    (void)state;
    Position *openings;
    char err[256];
    int count = openings_load(NULL, VARIANT_NORMAL, &openings, err, sizeof err);
    assert_int_equal(count, 331);
    SelfplayStats stats, again;
    char *text = run_games(7, 1, openings, count, &stats);
    char *same = run_games(7, 2, openings, count, &again);   /* the same games, split over two threads */
    char *other = run_games(8, 1, openings, count, &again);
    assert_string_equal(text, same);
    assert_string_not_equal(text, other);
    assert_int_equal(stats.games, 3);
    assert_int_equal(stats.white_wins + stats.draws + stats.black_wins, 3);
    long lines = 0, scored = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        Position pos;
        double r;
        int score;
        assert_true(selfplay_parse_line(line, &pos, &r, &score));
        assert_false(movegen_has_capture(&pos));
        assert_false(movegen_opponent_has_capture(&pos));
        assert_int_not_equal(score, SELFPLAY_NO_SCORE);   /* every position was searched */
        scored += score != 0;
        lines++;
    }
    assert_int_equal(lines, stats.positions);
    assert_true(lines > 10);
    assert_true(scored > 0);
    free(text);
    free(same);
    free(other);
    free(openings);
}

static void test_openings_file_errors(void **state)
{
    (void)state;
    Position *openings;
    char err[256];
    assert_int_equal(openings_load("tests/data/no-such-file.fen", VARIANT_NORMAL, &openings, err, sizeof err), -1);
    assert_non_null(strstr(err, "cannot open tests/data/no-such-file.fen"));
    assert_int_equal(openings_load("tests/data/perft.txt", VARIANT_NORMAL, &openings, err, sizeof err), -1);
    assert_non_null(strstr(err, "tests/data/perft.txt:"));   /* not one FEN per line */
}

int main(void)
{
    rules_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_line_round_trip),
        cmocka_unit_test(test_record_round_trip),
        cmocka_unit_test(test_bad_lines_rejected),
        cmocka_unit_test(test_stored_score_is_whites_view),
        cmocka_unit_test(test_short_run_writes_quiet_positions),
        cmocka_unit_test(test_openings_file_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
