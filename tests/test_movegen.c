/* Move generator against the reference data: every international rules case with its complete
 * move list and perft 1-3, and the verified perft counts of tests/data/perft.txt. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "movegen.h"
#include "notation.h"
#include "perft.h"
#include "testdata.h"

/* Joins the sorted legal moves of pos with single spaces. */
static void legal_moves_text(const Position *pos, char *out, size_t size)
{
    MoveList list;
    movegen_generate(pos, &list);
    notation_sort_moves(pos, &list);
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; i < list.count; i++) {
        char mt[MOVE_TEXT_MAX];
        notation_format_move(pos, list.moves[i], mt);
        len += (size_t)snprintf(out + len, size - len, "%s%s", i ? " " : "", mt);
    }
}

static void test_rules_cases_move_lists(void **state)
{
    (void)state;
    FILE *f = testdata_open("rules-cases.txt");
    assert_non_null(f);
    DataRecord rec;
    int cases = 0;
    while (testdata_next(f, &rec)) {
        if (strcmp(rec.field[1], "normal") != 0)
            continue;
        Position pos, from_fen;
        assert_null(notation_parse_position(rec.field[2], &pos));
        assert_null(notation_parse_position(rec.field[6], &from_fen));
        assert_true(pos.key == from_fen.key);
        char text[TESTDATA_LINE_MAX];
        legal_moves_text(&pos, text, sizeof text);
        if (strcmp(text, rec.field[4]) != 0)
            fail_msg("case %s: expected [%s] got [%s]", rec.field[0], rec.field[4], text);
        MoveList list;
        movegen_generate(&pos, &list);
        assert_int_equal(list.count, atoi(rec.field[3]));
        assert_int_equal(movegen_count(&pos), list.count);
        assert_int_equal(movegen_has_capture(&pos), list.capture_len > 0);
        for (int i = 0; i < list.count; i++)
            assert_true(movegen_is_legal(&pos, list.moves[i]));
        assert_false(movegen_is_legal(&pos, MOVE_NONE));
        assert_false(movegen_is_legal(&pos, bb_square(1) | bb_square(50)));
        char *p = rec.field[5];
        for (int depth = 1; depth <= 3; depth++) {
            unsigned long long want = strtoull(p, &p, 10);
            if (*p == ',')
                p++;
            if (perft(&pos, depth) != want)
                fail_msg("case %s: perft(%d) expected %llu", rec.field[0], depth, want);
        }
        cases++;
    }
    fclose(f);
    assert_true(cases >= 30);
}

/* Every normal perft vector up to PERFT_MAX_NODES leaves (default 1e8). */
static void test_perft_vectors(void **state)
{
    (void)state;
    const char *env = getenv("PERFT_MAX_NODES");
    unsigned long long limit = env ? strtoull(env, NULL, 10) : 100000000ULL;
    FILE *f = testdata_open("perft.txt");
    assert_non_null(f);
    DataRecord rec;
    int checked = 0;
    while (testdata_next(f, &rec)) {
        if (strcmp(rec.field[0], "normal") != 0)
            continue;
        unsigned long long want = strtoull(rec.field[4], NULL, 10);
        if (want > limit)
            continue;
        Position pos = {0};
        assert_null(notation_parse_position(rec.field[2], &pos));
        int depth = atoi(rec.field[3]);
        unsigned long long got = perft(&pos, depth);
        if (got != want)
            fail_msg("perft %s depth %d: expected %llu got %llu", rec.field[1], depth, want, got);
        checked++;
    }
    fclose(f);
    assert_true(checked >= 50);
}

/* The list-based and counting paths agree, and the list never holds duplicates. */
static void check_consistency(const Position *pos, int depth)
{
    MoveList list;
    movegen_generate(pos, &list);
    assert_int_equal(movegen_count(pos), list.count);
    for (int i = 0; i < list.count; i++)
        for (int j = i + 1; j < list.count; j++)
            assert_true(list.moves[i] != list.moves[j]);
    if (list.capture_len) {
        MoveList caps;
        movegen_captures(pos, &caps);
        assert_int_equal(caps.count, list.count);
    }
    if (depth == 0)
        return;
    for (int i = 0; i < list.count; i++) {
        Position child;
        position_make(pos, list.moves[i], &child);
        check_consistency(&child, depth - 1);
    }
}

static void test_generation_paths_agree(void **state)
{
    (void)state;
    const char *fens[] = {
        "start",
        "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46",
        "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38",
        "W:W10,K16:B14,K21,29,K31,34,37,K46,K47",
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        Position pos = {0};
        assert_null(notation_parse_position(fens[i], &pos));
        check_consistency(&pos, 3);
    }
}

/* The ghost-bit layout: 50 playable bits, diagonal neighbours one shift apart. */
static void test_layout(void **state)
{
    (void)state;
    Bitboard all = 0;
    for (int s = 1; s <= SQUARE_COUNT; s++) {
        assert_int_equal(bb_square_of_bit[bb_bit_of_square[s]], s);
        all |= bb_square(s);
    }
    assert_true(all == BB_ALL);
    assert_int_equal(bb_popcount(BB_ALL), 50);
    /* square 28: neighbours 22, 23 (up) and 32, 33 (down) */
    assert_true(bb_shift(bb_square(28), DIR_UL) == bb_square(22));
    assert_true(bb_shift(bb_square(28), DIR_UR) == bb_square(23));
    assert_true(bb_shift(bb_square(28), DIR_DL) == bb_square(32));
    assert_true(bb_shift(bb_square(28), DIR_DR) == bb_square(33));
    /* edges fall on ghost bits: 6 has no left neighbours, 15 no right ones */
    assert_true((bb_shift(bb_square(6), DIR_UL) & BB_ALL) == 0);
    assert_true((bb_shift(bb_square(15), DIR_DR) & BB_ALL) == 0);
    assert_int_equal(bb_popcount(bb_ray[bb_bit_of_square[46]][DIR_UR]), 9);
}

int main(void)
{
    board_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_layout),
        cmocka_unit_test(test_rules_cases_move_lists),
        cmocka_unit_test(test_generation_paths_agree),
        cmocka_unit_test(test_perft_vectors),
    };
    return cmocka_run_group_tests_name("movegen", tests, NULL, NULL);
}
