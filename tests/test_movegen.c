/* Move generator against the reference data: every rules case (international and variants) with its
 * complete move list and perft 1-3, and the verified perft counts of tests/data/perft.txt. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "rules/rules.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "rules/perft.h"
#include "support/testdata.h"
#include "rules/make.h"

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
    int per_variant[VARIANT_COUNT] = {0};
    while (testdata_next(f, &rec)) {
        Variant v;
        assert_true(variant_parse(rec.field[1], &v));
        Position pos, from_fen;
        assert_null(notation_parse_position(rec.field[2], &pos));
        assert_null(notation_parse_position(rec.field[6], &from_fen));
        assert_null(position_set_variant(&pos, v));
        assert_null(position_set_variant(&from_fen, v));
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
        assert_int_equal(movegen_has_move(&pos), list.count > 0);
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
        per_variant[v]++;
    }
    fclose(f);
    assert_true(cases >= 38);
    assert_true(per_variant[VARIANT_KILLER] >= 2 && per_variant[VARIANT_FRISIAN] >= 5);
}

/* Every perft vector of every variant up to PERFT_MAX_NODES leaves (default 1e8). */
static void test_perft_vectors(void **state)
{
    (void)state;
    const char *env = getenv("PERFT_MAX_NODES");
    unsigned long long limit = env ? strtoull(env, NULL, 10) : 100000000ULL;
    FILE *f = testdata_open("perft.txt");
    assert_non_null(f);
    DataRecord rec;
    int checked[VARIANT_COUNT] = {0};
    while (testdata_next(f, &rec)) {
        Variant v;
        assert_true(variant_parse(rec.field[0], &v));
        unsigned long long want = strtoull(rec.field[4], NULL, 10);
        if (want > limit)
            continue;
        Position pos = {0};
        assert_null(notation_parse_position(rec.field[2], &pos));
        assert_null(position_set_variant(&pos, v));
        int depth = atoi(rec.field[3]);
        unsigned long long got = perft(&pos, depth);
        if (got != want)
            fail_msg("perft %s %s depth %d: expected %llu got %llu", rec.field[0], rec.field[1], depth, want, got);
        checked[v]++;
    }
    fclose(f);
    assert_true(checked[VARIANT_NORMAL] >= 50);
    for (int i = 1; i < VARIANT_COUNT; i++)
        assert_true(checked[i] >= 20);
}

/* The list-based and counting paths agree, the list never holds duplicates, and the incremental
 * key equals the one computed from scratch. */
static void check_consistency(const Position *pos, int depth)
{
    MoveList list;
    movegen_generate(pos, &list);
    assert_int_equal(movegen_count(pos), list.count);
    assert_true(pos->key == position_compute_key(pos));
    assert_int_equal(movegen_has_capture(pos), list.capture_len > 0);
    assert_int_equal(movegen_has_move(pos), list.count > 0);
    if (!list.capture_len)
        assert_int_equal(movegen_has_quiet(pos), list.count > 0);
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
        make_move(pos, list.moves[i], &child, true);
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
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++)
        for (int v = 0; v < VARIANT_COUNT; v++) {
            Position pos = {0};
            assert_null(notation_parse_position(fens[i], &pos));
            if (position_set_variant(&pos, (Variant)v) == NULL)
                check_consistency(&pos, 3);
        }
}

/* Plays text in pos (it must be legal) and checks the key. */
static void play(Position *pos, const char *text)
{
    Move m;
    char err[256];
    if (notation_parse_move(pos, text, &m, err, sizeof err) != PARSE_OK)
        fail_msg("%s: %s", text, err);
    Position next;
    make_move(pos, m, &next, true);
    assert_true(next.key == position_compute_key(&next));
    *pos = next;
}

static bool can_play(const Position *pos, const char *text)
{
    Move m;
    char err[256];
    return notation_parse_move(pos, text, &m, err, sizeof err) == PARSE_OK;
}

/* Frisian: one king makes at most three quiet moves in a row while its side has men; a move of
 * another piece frees it; a side of kings only is not limited. */
static void test_frisian_king_moves(void **state)
{
    (void)state;
    Position pos;
    assert_null(notation_parse_position("W:W37,K48:B15,K3", &pos));
    assert_null(position_set_variant(&pos, VARIANT_FRISIAN));
    const char *moves[] = {"48-43", "3-9", "43-48", "9-3", "48-43", "3-9"};
    for (int i = 0; i < 6; i++)
        play(&pos, moves[i]);
    assert_int_equal(position_wolf_count(&pos, WHITE), 3);
    assert_false(can_play(&pos, "43-48"));   /* white's king rests; black has the same count */
    assert_true(can_play(&pos, "37-32"));
    Position same_squares;   /* same pieces, other counters: another position */
    assert_null(notation_parse_position("W:W37,K43:B15,K9", &same_squares));
    assert_null(position_set_variant(&same_squares, VARIANT_FRISIAN));
    assert_true(same_squares.key != pos.key);
    play(&pos, "37-32");
    assert_int_equal(position_wolf_count(&pos, WHITE), 0);
    assert_false(can_play(&pos, "9-3"));
    play(&pos, "15-20");
    assert_true(can_play(&pos, "43-48"));

    assert_null(notation_parse_position("W:WK48:B15,K3", &pos));   /* White has kings only */
    assert_null(position_set_variant(&pos, VARIANT_FRISIAN));
    for (int i = 0; i < 6; i++)
        play(&pos, moves[i]);
    assert_true(can_play(&pos, "43-48"));
    assert_int_equal(position_wolf_count(&pos, WHITE), 0);
}

/* Breakthrough: a crowned king ends the game; a side to move with a king cannot be set up. */
static void test_breakthrough_end(void **state)
{
    (void)state;
    Position pos;
    assert_null(notation_parse_position("W:W7,45:B30", &pos));
    assert_null(position_set_variant(&pos, VARIANT_BT));
    play(&pos, "7-2");
    MoveList list;
    movegen_generate(&pos, &list);
    assert_int_equal(list.count, 0);
    assert_int_equal(movegen_count(&pos), 0);
    assert_false(movegen_has_capture(&pos));
    assert_false(movegen_has_quiet(&pos));
    assert_false(movegen_has_move(&pos));
    assert_null(notation_parse_position("W:WK7,45:B30", &pos));
    assert_non_null(position_set_variant(&pos, VARIANT_BT));
    assert_int_equal(position_variant(&pos), VARIANT_NORMAL);
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
    rules_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_layout),
        cmocka_unit_test(test_rules_cases_move_lists),
        cmocka_unit_test(test_generation_paths_agree),
        cmocka_unit_test(test_perft_vectors),
        cmocka_unit_test(test_frisian_king_moves),
        cmocka_unit_test(test_breakthrough_end),
    };
    return cmocka_run_group_tests_name("movegen", tests, NULL, NULL);
}
