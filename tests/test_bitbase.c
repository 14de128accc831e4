/* Bitbases: the index scheme, the block codec, and the embedded tables checked against the rules
 * (every 3-piece position and samples of the larger ones satisfy the retrograde invariants) and
 * against a plain search that does not use them. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "rules/rules.h"
#include "endgame/bitbase.h"
#include "endgame/bitbase_store.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "search/search.h"
#include "rules/make.h"

static uint64_t rng = 0x9E3779B97F4A7C15ULL;

static uint64_t next_random(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* Every signature of exactly n pieces with a piece on each side. */
static int materials(int n, Material *out)
{
    int count = 0;
    for (int wm = 0; wm <= n; wm++)
        for (int wk = 0; wm + wk <= n; wk++)
            for (int bm = 0; wm + wk + bm <= n; bm++) {
                Material m = {wm, wk, bm, n - wm - wk - bm};
                if (m.wm + m.wk && m.bm + m.bk)
                    out[count++] = m;
            }
    return count;
}

/* A random valid position of m with White to move (captures allowed). */
static void random_position(Material m, Position *pos)
{
    while (!bitbase_index_position(m, next_random() % bitbase_index_size(m), pos))
        ;
}

static int probe(const Position *pos)
{
    int v = 99;
    assert_true(bitbase_probe(pos, BB_MAX_PIECES, &v));
    return v;
}

/* The value the rules give pos from its children's table values: the best of the negated
 * values, a loss without a move. */
static int backed_up(const Position *pos)
{
    MoveList list;
    movegen_generate(pos, &list);
    int best = -1;
    for (int i = 0; i < list.count; i++) {
        Position child;
        make_move(pos, list.moves[i], &child, true);
        int v = -probe(&child);
        best = v > best ? v : best;
    }
    return best;
}

static void test_index_round_trip(void **state)
{
    (void)state;
    Material list[64];
    for (int n = 2; n <= 3; n++) {
        int count = materials(n, list);
        for (int i = 0; i < count; i++) {
            uint64_t valid = 0;
            for (uint64_t idx = 0; idx < bitbase_index_size(list[i]); idx++) {
                Position pos;
                if (!bitbase_index_position(list[i], idx, &pos))
                    continue;
                valid++;
                assert_null(position_invalid_reason(&pos));
                assert_true(material_equal(material_of(&pos), list[i]));
                assert_int_equal(bitbase_index_of(&pos, list[i]), idx);
            }
            assert_true(valid > 0);
        }
    }
    int count = materials(5, list);
    for (int k = 0; k < 100000; k++) {
        Material m = list[k % count];
        uint64_t idx = next_random() % bitbase_index_size(m);
        Position pos;
        if (bitbase_index_position(m, idx, &pos))
            assert_int_equal(bitbase_index_of(&pos, m), idx);
    }
}

/* The index-side mirror is the rules core's mirror without the key. */
static void test_mirror(void **state)
{
    (void)state;
    Material list[64];
    int count = materials(4, list);
    for (int k = 0; k < 10000; k++) {
        Position pos, a, b;
        random_position(list[k % count], &pos);
        pos.turn = (Color)(k & 1);
        bitbase_index_mirror(&pos, &a);
        position_mirror(&pos, &b);
        assert_true(a.pieces[WHITE] == b.pieces[WHITE] && a.pieces[BLACK] == b.pieces[BLACK]);
        assert_true(a.kings == b.kings && a.turn == b.turn);
    }
}

/* Random runs, literals and don't-care values survive the codec; a cut blob is refused. */
static void test_codec(void **state)
{
    (void)state;
    Material m = {1, 0, 0, 1};   /* 45 * 50 indexes */
    uint64_t size = bitbase_index_size(m);
    for (int round = 0; round < 50; round++) {
        uint8_t values[45 * 50];
        for (uint64_t i = 0; i < size;) {
            int run = round % 3 == 0 ? 1 : (int)(next_random() % (round % 3 == 1 ? 8 : 400)) + 1;
            uint8_t v = (uint8_t)(next_random() % 4);
            for (; run-- && i < size; i++)
                values[i] = v;
        }
        BbBuffer buf = {0};
        assert_true(bitbase_store_begin(&buf));
        assert_true(bitbase_store_append(&buf, m, values, size));
        bitbase_store_finish(&buf, 1);
        BbTable t;
        assert_int_equal(bitbase_store_parse(buf.bytes, buf.len, &t, 1), 1);
        for (uint64_t i = 0; i < size; i++)
            if (values[i] != BB_VALUE_ANY)
                assert_int_equal(bitbase_store_value(&t, i), values[i]);
        assert_int_equal(bitbase_store_parse(buf.bytes, buf.len - 1, &t, 1), -1);
        assert_int_equal(bitbase_store_parse(buf.bytes, buf.len, &t, 0), -1);
        free(buf.bytes);
    }
}

static void test_embedded_tables(void **state)
{
    (void)state;
    assert_true(bitbase_pieces() >= 4);
    Position pos;
    assert_null(notation_parse_position("W:W31,32,33,34,35:B1,2,3,4,5", &pos));
    int v;
    assert_false(bitbase_probe(&pos, BB_MAX_PIECES, &v));
    assert_null(notation_parse_position("W:WK28:BK46", &pos));
    assert_false(bitbase_probe(&pos, 1, &v));
}

/* Facts of the endgame: whoever takes the last piece wins, two kings only draw against one king
 * in the open, three kings draw against a king that holds the long diagonal. */
static void test_known_values(void **state)
{
    (void)state;
    static const struct {
        const char *fen;
        int value;
    } CASES[] = {
        {"W:WK28:B23", 1},
        {"B:WK28:B23", 1},
        {"W:WK1,K3:BK28", 0},
        {"W:WK1,K3,K15:BK46", 0},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        Position pos;
        assert_null(notation_parse_position(CASES[i].fen, &pos));
        int v = probe(&pos);
        if (v != CASES[i].value)
            fail_msg("%s: table says %d, expected %d", CASES[i].fen, v, CASES[i].value);
    }
}

/* Every 3-piece position, each side to move, holds the value its moves give it. */
static void test_invariants_every_3_piece_position(void **state)
{
    (void)state;
    Material list[64];
    for (int n = 2; n <= 3; n++) {
        int count = materials(n, list);
        for (int i = 0; i < count; i++)
            for (uint64_t idx = 0; idx < bitbase_index_size(list[i]); idx++) {
                Position pos;
                if (!bitbase_index_position(list[i], idx, &pos))
                    continue;
                pos.key = position_compute_key(&pos);
                assert_int_equal(probe(&pos), backed_up(&pos));
            }
    }
}

/* A sample of every larger piece count embedded (5 with make BITBASES=5). */
static void test_invariants_larger_samples(void **state)
{
    (void)state;
    Material list[64];
    for (int n = 4; n <= bitbase_pieces(); n++) {
        int count = materials(n, list);
        for (int k = 0; k < 200000; k++) {
            Position pos;
            random_position(list[k % count], &pos);
            pos.key = position_compute_key(&pos);
            assert_int_equal(probe(&pos), backed_up(&pos));
        }
    }
}

/* 1: the side to move wins within depth plies whatever the defence, -1: it loses so, 0: not
 * proven either way. No table is used. */
static int plain_solve(const Position *pos, int depth)
{
    MoveList list;
    movegen_generate(pos, &list);
    if (list.count == 0)
        return -1;
    if (depth == 0)
        return 0;
    int best = -1;
    for (int i = 0; i < list.count; i++) {
        Position child;
        make_move(pos, list.moves[i], &child, false);
        int v = -plain_solve(&child, depth - 1);
        if (v == 1)
            return 1;
        if (v == 0)
            best = 0;
    }
    return best;
}

/* What a plain search proves within a few plies, the tables say too; with a known count of
 * proofs so the check cannot pass by proving nothing. */
static void test_agrees_with_plain_search(void **state)
{
    (void)state;
    Material list[64];
    int proofs[3] = {0};
    for (int n = 3; n <= 4; n++) {
        int count = materials(n, list);
        for (int k = 0; k < 3000; k++) {
            Position pos;
            Material m = list[k % count];
            random_position(m, &pos);
            int depth = m.wk + m.bk >= 2 ? 3 : 5;
            int proven = plain_solve(&pos, depth);
            if (proven != 0) {
                if (probe(&pos) != proven)
                    fail_msg("table and search disagree (search proves %d in %d plies)", proven, depth);
            }
            proofs[proven + 1]++;
        }
    }
    assert_true(proofs[0] > 100 && proofs[2] > 1000);
}

int main(void)
{
    rules_init();
    bitbase_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_index_round_trip),
        cmocka_unit_test(test_mirror),
        cmocka_unit_test(test_codec),
        cmocka_unit_test(test_embedded_tables),
        cmocka_unit_test(test_known_values),
        cmocka_unit_test(test_invariants_every_3_piece_position),
        cmocka_unit_test(test_invariants_larger_samples),
        cmocka_unit_test(test_agrees_with_plain_search),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
