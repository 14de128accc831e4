/* Evaluation terms and side tables measured on hand-built positions: each counts what it claims. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"
#include "support/eval_test_util.h"

static void test_start_is_balanced(void **state)
{
    (void)state;
    Position pos;
    position_start(&pos);
    assert_int_equal(eval_position(&pos), 0);
    EvalFeatures f;
    eval_extract(&pos, &f);
    assert_int_equal(f.phase, 0);
    assert_int_equal(f.scale, EVAL_SCALE_ONE);
}

static void test_material_and_kings(void **state)
{
    (void)state;
    assert_int_equal(feature("W:W31,32,33:B1,2", EVAL_MAN), 1);
    assert_int_equal(feature("W:WK31,K32:BK1,K20", EVAL_KING), 0);
    assert_int_equal(feature("W:WK31,K32:BK1,K20", EVAL_KING_FIRST), 0);
    assert_int_equal(feature("W:WK31,K32:B1,20", EVAL_KING_FIRST), 1);
    /* Crowning a man is worth clearly more than a man, in the middlegame and in the endgame. */
    const char *pairs[][2] = {{"B:WK28,31,32,33,34,35,36,37:B1,2,3,4,6,7,8,9", "B:W28,31,32,33,34,35,36,37:B1,2,3,4,6,7,8,9"},
                              {"B:WK28,40:B6,7", "B:W28,40:B6,7"}};
    Position pos;
    for (int i = 0; i < 2; i++) {
        Position man;
        assert_null(notation_parse_position(pairs[i][0], &pos));
        assert_null(notation_parse_position(pairs[i][1], &man));
        assert_true(eval_position(&man) - eval_position(&pos) > 100);
    }
    assert_null(notation_parse_position("W:WK28,40,45:B6,7,8", &pos));
    assert_true(eval_position(&pos) > 100);
    assert_null(notation_parse_position("B:WK28,40,45:B6,7,8", &pos));
    assert_true(eval_position(&pos) < -100);
}

static void test_runaway_man(void **state)
{
    (void)state;
    /* White 17 has no black piece in its forward triangle; 45 is stopped by 4 and 5. */
    assert_int_equal(feature("W:W17,45:B4,5", EVAL_RUNAWAY), 1);
    assert_int_equal(feature("W:W17,45:B4,5", EVAL_RUNAWAY_ROWS), 6);
    /* Black 7 stands in front of it. */
    assert_int_equal(feature("W:W17,45:B4,5,7", EVAL_RUNAWAY), 0);
    /* A piece beside the path can still capture it. */
    assert_int_equal(feature("W:W28:B29", EVAL_RUNAWAY), 0);
    /* An enemy king catches every man. */
    assert_int_equal(feature("W:W17,45:BK4,5", EVAL_RUNAWAY), 0);
    /* Black's runaway seen from its side: 34 runs to 46-50 with White far behind it,
     * while White 6 is stopped by Black 1. */
    assert_int_equal(feature("B:W6:B1,34", EVAL_RUNAWAY), -1);
    Position pos;
    assert_null(notation_parse_position("W:W17,45:B4,5", &pos));
    Score with = eval_position(&pos);
    assert_null(notation_parse_position("W:W17,45:B4,5,7", &pos));
    assert_true(with > eval_position(&pos) + 100);   /* better by more than the extra black man */
}

static void test_drawish_scaling(void **state)
{
    (void)state;
    EvalFeatures f;
    features_of("W:WK10:BK40,K45", &f);      /* two kings cannot beat a lone king */
    assert_int_equal(f.scale, EVAL_SCALE_ONE / 8);
    features_of("W:WK10,30:BK40,20", &f);     /* equal kings, equal men */
    assert_int_equal(f.scale, EVAL_SCALE_ONE / 2);
    features_of("W:WK10,30,35:BK40,20", &f);  /* king + 2 men against king + man */
    assert_int_equal(f.scale, EVAL_SCALE_ONE / 8);
    features_of("W:WK10,30,35,36:BK40,20,19", &f);  /* a man up with equal kings: still drawish */
    assert_int_equal(f.scale, EVAL_SCALE_ONE / 2);
    features_of("W:W30,31,32,33:B10", &f);
    assert_int_equal(f.scale, EVAL_SCALE_ONE);
    features_of("W:WK10,K20,K30,K40,15:BK50", &f);
    assert_int_equal(f.scale, EVAL_SCALE_ONE);
    /* The damping brings the score towards 0 compared with the undamped score. */
    features_of("W:WK10:BK40,K45", &f);
    Score damped = eval_score_white(&f, normal_weights());
    f.scale = EVAL_SCALE_ONE;
    Score full = eval_score_white(&f, normal_weights());
    assert_true(full < 0 && damped < 0 && -damped * 4 <= -full);
}

static void test_formations(void **state)
{
    (void)state;
    assert_int_equal(feature("W:W24,29,30:B1", EVAL_OUTPOST), 1);
    assert_int_equal(feature("W:W24,29,30:B1", EVAL_OUTPOST_WEAK), 0);
    assert_int_equal(feature("W:W24,29:B1", EVAL_OUTPOST_WEAK), 1);
    assert_int_equal(feature("W:W48:B27,21,22", EVAL_OUTPOST), -1);   /* Black's outpost 27 */
    assert_int_equal(feature("W:W48:B27,21,22", EVAL_OUTPOST_WEAK), 0);
    assert_int_equal(feature("W:W33:B28,29", EVAL_LOCKED), 1);
    assert_int_equal(feature("W:W28,33:B3", EVAL_TAIL), 1);
    assert_int_equal(feature("W:W28,32,33:B3", EVAL_TAIL), 2);
    assert_int_equal(feature("W:W36:B3", EVAL_HOOK), 1);
    assert_int_equal(feature("W:W36,41:B3", EVAL_HOOK), 0);
    assert_int_equal(feature("W:W47,48,49:B2", EVAL_BACK_GUARD), 2);
    assert_int_equal(feature("W:W47,48,49:B2", EVAL_BACK_RANK), 2);
    assert_int_equal(feature("W:W23,28:B1", EVAL_CENTRE), 2);
    assert_int_equal(feature("W:W26,31,36,37:B2,3", EVAL_BALANCE), 4);
    assert_int_equal(feature("W:W28:B3", EVAL_TEMPO), 4);   /* 28 is 4 rows up, 3 is on Black's back row */
}

/* The tempo, moves and wings tables' indices of hand-counted positions, for each side. */
static void test_tempo_moves_and_wings_tables(void **state)
{
    (void)state;
    static const struct {
        const char *fen;
        int men, lead, steps, opp_steps;   /* White's view */
    } cases[] = {
        {"W:W28:B3", 2, 4, 2, 2},              /* 28 is 4 rows up; each man has both steps */
        {"W:W33:B28,29", 3, 3 - 10, 0, 2},     /* 33 (3 rows up) held by 28 and 29 (5 each), which step to 32, 34 */
        {"B:W46,36,45:B5", 4, 3, 3, 1},        /* 46 on the back row, 36 2 rows up, 45 1: one step each */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        EvalFeatures f;
        features_of(cases[i].fen, &f);
        assert_int_equal(f.side[EVAL_SIDE_TEMPO][WHITE], eval_tempo_index(cases[i].men, cases[i].lead));
        assert_int_equal(f.side[EVAL_SIDE_TEMPO][BLACK], eval_tempo_index(cases[i].men, -cases[i].lead));
        assert_int_equal(f.side[EVAL_SIDE_MOVES][WHITE], eval_moves_index(cases[i].steps, cases[i].opp_steps));
        assert_int_equal(f.side[EVAL_SIDE_MOVES][BLACK], eval_moves_index(cases[i].opp_steps, cases[i].steps));
    }
    assert_int_equal(eval_tempo_index(40, 25), eval_tempo_index(41, 20));   /* capped */
    assert_int_equal(eval_tempo_index(40, 20) + 1, EVAL_TEMPO_SIZE);
    assert_int_equal(eval_moves_index(30, 24), EVAL_MOVES_SIZE - 1);
    /* White's 31 and 36 on its left half, Black's 5 on White's right half, its own left half */
    EvalFeatures f;
    features_of("W:W31,36:B5", &f);
    assert_int_equal(f.side[EVAL_SIDE_WINGS][WHITE], eval_wings_index(2, 0, 0, 1));
    assert_int_equal(f.side[EVAL_SIDE_WINGS][BLACK], eval_wings_index(1, 0, 0, 2));
    assert_int_equal(eval_wings_index(11, 12, 13, 20), EVAL_WINGS_SIZE - 1);
}

static void test_king_terms(void **state)
{
    (void)state;
    assert_int_equal(feature("W:WK46:B3", EVAL_KING_MOBILITY), 9);
    assert_int_equal(feature("W:WK46:B3", EVAL_KING_DIAGONAL), 1);
    assert_int_equal(feature("W:WK46:B23", EVAL_KING_MOBILITY), 4);
    assert_int_equal(feature("W:WK46:BK5", EVAL_KING_MOBILITY), 0);
    /* 28 is next to the man on 23 with 32 beyond it empty: unsafe; 41, 37 and 32 are safe */
    assert_int_equal(feature("W:WK46:B23", EVAL_KING_MOBILITY_ATTACKED), 1);
    assert_int_equal(feature("W:WK46:B3", EVAL_KING_MOBILITY_ATTACKED), 0);
    /* beyond 41 stands the king itself: counted as occupied */
    assert_int_equal(feature("W:WK46:B37", EVAL_KING_MOBILITY), 1);
    assert_int_equal(feature("W:WK46:B37", EVAL_KING_MOBILITY_ATTACKED), 0);
    /* Black's king on 20 reaches 14 next to White's 10 with 19 beyond empty, and 15, also next to 10
     * but with the edge beyond it */
    assert_int_equal(feature("B:W10:BK20", EVAL_KING_MOBILITY_ATTACKED), -1);
    /* each side's kings in its own view: Black's king on 5 stands on its own 46 */
    EvalFeatures f;
    features_of("W:WK46,K14,31,32,33:BK5,1,2,3", &f);   /* no drawish damping */
    assert_true(f.king_view[WHITE] == (bb_square(46) | bb_square(14)) && f.king_view[BLACK] == bb_square(46));
    static EvalWeight w[EVAL_FEATURE_COUNT];
    w[eval_king_feature(14)] = (EvalWeight){30, 30};
    w[eval_king_feature(46)] = (EvalWeight){-7, -7};
    assert_int_equal(eval_score_white(&f, w), 30);
}

int main(void)
{
    rules_init();
    eval_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_start_is_balanced),
        cmocka_unit_test(test_material_and_kings),
        cmocka_unit_test(test_tempo_moves_and_wings_tables),
        cmocka_unit_test(test_runaway_man),
        cmocka_unit_test(test_drawish_scaling),
        cmocka_unit_test(test_formations),
        cmocka_unit_test(test_king_terms),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
