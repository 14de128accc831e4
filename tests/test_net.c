/* The neural evaluation's inference (eval/net.h): inputs by perspective, a score worked out by
 * hand for a small model, the incremental accumulator equal to a fresh one along random games
 * (captures and crownings included), colour symmetry, and the range check. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "eval/net.h"
#include "rules/hash.h"
#include "rules/make.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "rules/rules.h"

static void parse(const char *fen, Position *pos) { assert_null(notation_parse_position(fen, pos)); }

static void test_inputs_by_perspective(void **state)
{
    (void)state;
    assert_int_equal(net_input(WHITE, WHITE, false, 31), 30);
    assert_int_equal(net_input(BLACK, WHITE, false, 31), 2 * 50 + 19);   /* the other's man on view square 20 */
    assert_int_equal(net_input(BLACK, BLACK, true, 1), 50 + 49);           /* own king on view square 50 */
    assert_int_equal(net_input(WHITE, BLACK, true, 1), 3 * 50 + 0);
    Position pos;
    parse("W:W31,K45:B5,K12", &pos);
    int in[40];
    assert_int_equal(net_inputs(&pos, WHITE, in), 4);
    int want[4] = {30, 50 + 44, 2 * 50 + 4, 3 * 50 + 11};
    for (int k = 0; k < 4; k++) {
        bool found = false;
        for (int i = 0; i < 4; i++)
            found = found || in[i] == want[k];
        assert_true(found);
    }
}

/* hidden 32, l2 8; w1 of "own man on view square 31" is 800 in unit 0, and of "the other's man on
 * view square 20" is 400 in unit 1; b1 = 80 everywhere (the first layer counts eighths).
 * White man on 31, Black to move:
 *   White's accumulator: unit 0 = 880 (110 after >> 3), others 10; Black's: unit 1 = 60, others 10.
 *   Black to move: x = clamp(Black's) then clamp(White's): x[1] = 60, x[32] = 110, the rest 10.
 *   w2[0][1] = 64, w2[0][32] = -32, others 0; b2[0] = 640:
 *     z0 = 640 + 60*64 - 110*32 = 960, y0 = 960 >> 6 = 15; w3[0] = 4096, b3 = -6400:
 *   out = -6400 + 15*4096 = 55040; score = 55040 * 600 / (127*4096) = 63.48 -> 63. White to move:
 *     z0 = 640 + 10*64 - 10*32 = 960 as well (x[1] = White's unit 1 = 10, x[32] = Black's unit 0 = 10). */
static void test_score_by_hand(void **state)
{
    (void)state;
    NetModel m;
    assert_true(net_alloc(&m, 32, 8, 1, false));
    for (int i = 0; i < 32; i++)
        m.b1[i] = 80;
    m.w1[(size_t)net_input(WHITE, WHITE, false, 31) * 32 + 0] = 800;
    m.w1[(size_t)net_input(BLACK, WHITE, false, 31) * 32 + 1] = 400;
    m.w2[net_w2_at(&m, 0, 0, 1)] = 64;
    m.w2[net_w2_at(&m, 0, 0, 32)] = -32;
    m.b2[0] = 640;
    m.w3[0] = 4096;
    m.b3[0] = -6400;
    Position pos;
    parse("B:W31:B", &pos);
    assert_int_equal(net_evaluate(&m, &pos), 63);
    parse("W:W31:B", &pos);
    assert_int_equal(net_evaluate(&m, &pos), 63);
    m.b2[0] = -100000;   /* a negative sum is clipped to 0: out = b3 */
    assert_int_equal(net_evaluate(&m, &pos), -6400 * 600 / (127 * 4096));
    net_free(&m);
    assert_false(net_alloc(&m, 33, 8, 1, false));
    assert_false(net_alloc(&m, 32, 7, 1, false));
    assert_false(net_alloc(&m, NET_HIDDEN_MAX + 32, 8, 1, false));
    assert_false(net_alloc(&m, 32, 8, 0, false));
    assert_false(net_alloc(&m, 32, 8, NET_BUCKETS_MAX + 1, false));
}

/* hidden 64 pairwise, l2 8; b1 = 80 (10 after >> 3) everywhere; White's man on 31 adds 800 to
 * unit 0 and 400 to unit 32 of White's perspective: 110 and 60, so White's pair 0 is
 * 110 * 60 >> 7 = 51 and every other pair 10 * 10 >> 7 = 0. Black to move: x = Black's 32 pairs
 * (0) then White's (x[32] = 51); w2[0][32] = 64, b2[0] = 640: z0 = 640 + 51 * 64 = 3904, y0 = 61,
 * out = 61 * 4096: 61 * 600 / 127 = 288. White to move: x[32] is Black's pair 0, 0: y0 = 10, 47. */
static void test_pairwise_by_hand(void **state)
{
    (void)state;
    NetModel m;
    assert_false(net_alloc(&m, 32, 8, 1, true));   /* layer 2 would be 32 wide: not whole steps */
    assert_false(net_alloc(&m, 96, 8, 1, true));
    assert_true(net_alloc(&m, 64, 8, 1, true));
    assert_int_equal(net_width(&m), 64);
    for (int i = 0; i < 64; i++)
        m.b1[i] = 80;
    m.w1[(size_t)net_input(WHITE, WHITE, false, 31) * 64 + 0] = 800;
    m.w1[(size_t)net_input(WHITE, WHITE, false, 31) * 64 + 32] = 400;
    m.w2[net_w2_at(&m, 0, 0, 32)] = 64;
    m.b2[0] = 640;
    m.w3[0] = 4096;
    Position pos;
    parse("B:W31:B", &pos);
    assert_int_equal(net_evaluate(&m, &pos), 288);
    parse("W:W31:B", &pos);
    assert_int_equal(net_evaluate(&m, &pos), 47);
    net_free(&m);
}

/* Buckets split 1..40 pieces into equal ranges, and each position takes its bucket's layers: a
 * model whose buckets differ only in their output bias scores each position by its own. */
static void test_buckets(void **state)
{
    (void)state;
    Position pos;
    parse("W:W31:B20", &pos);
    assert_int_equal(net_bucket(&pos, 1), 0);
    assert_int_equal(net_bucket(&pos, 4), 0);
    position_start(&pos);
    assert_int_equal(net_bucket(&pos, 4), 3);
    assert_int_equal(net_bucket(&pos, 8), 7);
    parse("W:W31-40:B1-10", &pos);   /* 20 pieces: the top of bucket 1 of 4, and of 3 of 8 */
    assert_int_equal(net_bucket(&pos, 4), 1);
    assert_int_equal(net_bucket(&pos, 8), 3);
    parse("W:W30-40:B1-10", &pos);   /* 21 */
    assert_int_equal(net_bucket(&pos, 4), 2);
    NetModel m;
    assert_true(net_alloc(&m, 32, 8, 4, false));
    for (int b = 0; b < 4; b++)
        m.b3[b] = 127 * 4096 / 2 * (b + 1);   /* (b + 1) * 300 centi-men */
    const char *fen[] = {"W:W31:B20", "W:W31-40:B1-10", "W:W30-40:B1-10", "W:W31-50:B1-20"};
    for (int i = 0; i < 4; i++) {
        parse(fen[i], &pos);
        assert_int_equal(net_evaluate(&m, &pos), (i + 1) * 300);
    }
    net_free(&m);
}

/* Along random games from the start, each child's accumulator made from its parent's equals a
 * fresh one, and the colour-mirrored position scores the same for its side to move. */
static void update_matches_refresh(bool pairwise)
{
    NetModel m;
    assert_true(net_alloc(&m, 64, 16, 3, pairwise));
    net_randomize(&m, 7);
    assert_true(net_check_range(&m));
    uint64_t r = 99;
    int captures = 0, plies = 0, lo = 0, hi = 0;
    for (int game = 0; game < 40; game++) {
        Position pos;
        position_start(&pos);
        NetAccumulator acc, next, fresh, start_acc, far, in_place;
        net_refresh(&m, &pos, &acc);
        Position start = pos;
        start_acc = acc;
        for (int ply = 0; ply < 150; ply++) {
            MoveList list;
            movegen_generate(&pos, &list);
            if (list.count == 0)
                break;
            Position child;
            make_move(&pos, list.moves[hash_splitmix(&r) % (uint64_t)list.count], &child, true);
            captures += bb_popcount(position_occupied(&child)) < bb_popcount(position_occupied(&pos));
            net_update(&m, &pos, &acc, &child, &next);
            net_refresh(&m, &child, &fresh);
            assert_memory_equal(next.v[0], fresh.v[0], 64 * sizeof(int16_t));
            assert_memory_equal(next.v[1], fresh.v[1], 64 * sizeof(int16_t));
            /* any position is a base (the search updates from siblings and grandparents), in place too */
            net_update(&m, &start, &start_acc, &child, &far);
            in_place = acc;
            net_update(&m, &pos, &in_place, &child, &in_place);
            for (int p = 0; p < 2; p++) {
                assert_memory_equal(far.v[p], fresh.v[p], 64 * sizeof(int16_t));
                assert_memory_equal(in_place.v[p], fresh.v[p], 64 * sizeof(int16_t));
            }
            Position mirror;
            position_mirror(&child, &mirror);
            Score score = net_output(&m, &next, &child);
            assert_int_equal(score, net_evaluate(&m, &mirror));
            lo = score < lo ? score : lo, hi = score > hi ? score : hi;
            pos = child, acc = next;
            plies++;
        }
    }
    assert_true(captures > 100 && plies > 2000);
    assert_true(hi - lo > 100);   /* the random model's scores spread: the checks above are not of constants */
    net_free(&m);
}

static void test_update_matches_refresh(void **state)
{
    (void)state;
    update_matches_refresh(false);
    update_matches_refresh(true);
}

static void test_range_check(void **state)
{
    (void)state;
    NetModel m;
    assert_true(net_alloc(&m, 32, 8, 1, false));
    for (int f = 0; f < NET_INPUTS; f++)
        m.w1[(size_t)f * 32 + 5] = (int16_t)(f < 40 ? 800 : -10);
    assert_true(net_check_range(&m));     /* 40 x 800 = 32000 */
    m.b1[5] = 800;
    assert_false(net_check_range(&m));    /* 32800 */
    m.b1[5] = 0;
    m.w1[(size_t)7 * 32 + 9] = -32767;
    m.b1[9] = -1;
    assert_false(net_check_range(&m));
    m.w1[(size_t)7 * 32 + 9] = 0;
    assert_true(net_check_range(&m));
    m.w2[77] = NET_W2_MAX + 1;            /* the vector paths' 16-bit sums could overflow */
    assert_false(net_check_range(&m));
    m.w2[77] = -NET_W2_MAX;
    assert_true(net_check_range(&m));
    net_free(&m);
}

int main(void)
{
    rules_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_inputs_by_perspective),
        cmocka_unit_test(test_score_by_hand), cmocka_unit_test(test_pairwise_by_hand),
        cmocka_unit_test(test_buckets),
        cmocka_unit_test(test_update_matches_refresh),
        cmocka_unit_test(test_range_check),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
