/* Position, copy-make and Zobrist keys. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "rules/rules.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "rules/make.h"

static uint64_t rng_state = 12345;
static uint64_t rng_next(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* Along random games (many with kings and long captures), the incremental key equals the key
 * computed from scratch, and pieces never overlap or leave the board. */
static void test_incremental_key(void **state)
{
    (void)state;
    int positions = 0, captures = 0, promotions = 0;
    for (int game = 0; game < 300; game++) {
        Position pos = {0};
        position_start(&pos);
        for (int ply = 0; ply < 300; ply++) {
            MoveList list;
            movegen_generate(&pos, &list);
            if (list.count == 0)
                break;
            Move m = list.moves[rng_next() % (uint64_t)list.count];
            Position next;
            make_move(&pos, m, &next, true);
            assert_true(next.key == position_compute_key(&next));
            assert_true((next.pieces[WHITE] & next.pieces[BLACK]) == 0);
            assert_true(((next.pieces[WHITE] | next.pieces[BLACK]) & ~BB_ALL) == 0);
            assert_true((next.kings & ~(next.pieces[WHITE] | next.pieces[BLACK])) == 0);
            assert_null(position_invalid_reason(&next));
            captures += list.capture_len > 0;
            promotions += bb_popcount(next.kings) > bb_popcount(pos.kings & ~move_captured(&pos, m));
            pos = next;
            positions++;
        }
    }
    assert_true(positions > 10000);
    assert_true(captures > 1000);
    assert_true(promotions > 50);
}

static void test_make_details(void **state)
{
    (void)state;
    Position pos, next;
    Move m;
    char err[256];
    /* a man passing the far row mid-capture stays a man */
    assert_null(notation_parse_position("W:W15:B9,10", &pos));
    assert_int_equal(notation_parse_move(&pos, "15x13x9x10", &m, err, sizeof err), PARSE_OK);
    make_move(&pos, m, &next, true);
    assert_true(next.kings == 0);
    assert_true(next.pieces[BLACK] == 0);
    assert_true(next.pieces[WHITE] == bb_square(13));
    /* a man ending on the far row is crowned */
    assert_null(notation_parse_position("W:W15:B8,19,20", &pos));
    assert_int_equal(notation_parse_move(&pos, "15x2", &m, err, sizeof err), PARSE_OK);
    make_move(&pos, m, &next, true);
    assert_true(next.kings == bb_square(2));
    /* a man capture ending on its own square */
    assert_null(notation_parse_position("W:W28:B12,13,22,23", &pos));
    MoveList list;
    movegen_generate(&pos, &list);
    assert_int_equal(list.capture_len, 4);
    bool circular = false;
    for (int i = 0; i < list.count; i++)
        if (move_from(&pos, list.moves[i]) == move_to(&pos, list.moves[i])) {
            circular = true;
            make_move(&pos, list.moves[i], &next, true);
            assert_true(next.pieces[WHITE] == bb_square(28));
            assert_true(next.kings == 0);
            assert_true(next.pieces[BLACK] == 0);
        }
    assert_true(circular);
}

static void test_mirror(void **state)
{
    (void)state;
    Position pos, mir, back;
    assert_null(notation_parse_position("W:W31,K45,48:B1,K7,12", &pos));
    position_mirror(&pos, &mir);
    char fen[FEN_TEXT_MAX];
    notation_format_fen(&mir, fen);
    assert_string_equal(fen, "B:W39,K44,50:B3,K6,20");
    position_mirror(&mir, &back);
    assert_true(back.key == pos.key);
    Position start, smir;
    position_start(&start);
    position_mirror(&start, &smir);
    assert_true(smir.pieces[WHITE] == start.pieces[WHITE] && smir.turn == BLACK);
}

int main(void)
{
    rules_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_incremental_key),
        cmocka_unit_test(test_make_details),
        cmocka_unit_test(test_mirror),
    };
    return cmocka_run_group_tests_name("position", tests, NULL, NULL);
}
