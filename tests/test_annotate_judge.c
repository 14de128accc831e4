/* annotate_judge: winning chances, losses, glyph thresholds, "!" and notes, on scores alone. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "annotate/annotate_judge.h"

static void test_chances(void **state)
{
    (void)state;
    assert_true(fabs(annotate_chance(0) - 0.5) < 1e-9);
    /* a man up: about 70% of the points, two men about 85% */
    assert_true(annotate_chance(100) > 0.69 && annotate_chance(100) < 0.72);
    assert_true(annotate_chance(200) > 0.84 && annotate_chance(200) < 0.86);
    assert_true(fabs(annotate_chance(150) + annotate_chance(-150) - 1) < 1e-9);
    /* proven results are sure ones: a bitbase win and a win in 7 plies */
    assert_true(annotate_chance(SCORE_BB_WIN - 20) == 1.0);
    assert_true(annotate_chance(-(SCORE_WIN - 7)) == 0.0);
    assert_true(annotate_proven_win(SCORE_WIN - 7) && !annotate_proven_win(SCORE_EVAL_MAX));
}

static void test_thresholds(void **state)
{
    (void)state;
    /* the table is ordered and each class starts at its row */
    for (int i = 0; i < ANNOTATE_CLASSES - 1; i++) {
        assert_int_equal(ANNOTATE_THRESHOLDS[i].cls, i + 1);
        assert_int_equal(annotate_classify(ANNOTATE_THRESHOLDS[i].min_loss), i + 1);
        assert_int_equal(annotate_classify(ANNOTATE_THRESHOLDS[i].min_loss - 1e-6), i);
        if (i)
            assert_true(ANNOTATE_THRESHOLDS[i].min_loss > ANNOTATE_THRESHOLDS[i - 1].min_loss);
    }
    assert_string_equal(annotate_glyph(ANNOTATE_GOOD), "");
    assert_string_equal(annotate_glyph(ANNOTATE_INACCURACY), "?!");
    assert_string_equal(annotate_glyph(ANNOTATE_MISTAKE), "?");
    assert_string_equal(annotate_glyph(ANNOTATE_BLUNDER), "??");
    assert_string_equal(annotate_class_name(ANNOTATE_BLUNDER), "blunder");
}

static void test_losses(void **state)
{
    (void)state;
    /* from equality: a tenth of a man is noise, half a man an inaccuracy, a man a blunder */
    assert_int_equal(annotate_classify(annotate_loss(0, -10)), ANNOTATE_GOOD);
    assert_int_equal(annotate_classify(annotate_loss(0, -50)), ANNOTATE_INACCURACY);
    assert_int_equal(annotate_classify(annotate_loss(0, -70)), ANNOTATE_MISTAKE);
    assert_int_equal(annotate_classify(annotate_loss(0, -110)), ANNOTATE_BLUNDER);
    /* the same men weigh less far from equality: from 5 men up, one man less is no mistake */
    assert_int_equal(annotate_classify(annotate_loss(500, 400)), ANNOTATE_GOOD);
    /* a better score after the move loses nothing */
    assert_true(annotate_loss(0, 30) == 0);
    assert_int_equal(annotate_loss_cm(0, 30), 0);
    /* throwing a proven win into a draw is a blunder; the capped loss is 10 men */
    assert_int_equal(annotate_classify(annotate_loss(SCORE_WIN - 9, 0)), ANNOTATE_BLUNDER);
    assert_int_equal(annotate_loss_cm(SCORE_WIN - 9, 0), ANNOTATE_LOSS_CAP);
    assert_int_equal(annotate_loss_cm(20, -35), 55);
}

static void test_only_move(void **state)
{
    (void)state;
    /* the only move that holds the draw, every other losing a man and more */
    assert_true(annotate_only_move(0, -150, 7, false));
    /* not when another move loses little, when lost anyway, alone, or a capture */
    assert_false(annotate_only_move(0, -40, 7, false));
    assert_false(annotate_only_move(-300, -600, 7, false));
    assert_false(annotate_only_move(0, -150, 1, false));
    assert_false(annotate_only_move(0, -150, 3, true));
    /* the only move that wins */
    assert_true(annotate_only_move(SCORE_WIN - 15, 0, 9, false));
}

static void test_notes(void **state)
{
    (void)state;
    /* two men up, then equal: a missed win */
    assert_true(annotate_notes(220, 0) & ANNOTATE_NOTE_MISSED_WIN);
    /* equal, then two men down: the opponent is winning now */
    assert_true(annotate_notes(0, -220) & ANNOTATE_NOTE_NOW_WINNING);
    assert_false(annotate_notes(0, -220) & ANNOTATE_NOTE_MISSED_WIN);
    /* a hair across the line is no news */
    assert_int_equal(annotate_notes(202, 198), 0);
    /* into a proven loss, or onto a proven win */
    assert_true(annotate_notes(-30, -(SCORE_BB_WIN - 40)) & ANNOTATE_NOTE_FORCED_WIN);
    assert_true(annotate_notes(400, SCORE_WIN - 11) & ANNOTATE_NOTE_FORCED_WIN);
    assert_false(annotate_notes(SCORE_WIN - 11, SCORE_WIN - 13) & ANNOTATE_NOTE_FORCED_WIN);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_chances), cmocka_unit_test(test_thresholds), cmocka_unit_test(test_losses),
        cmocka_unit_test(test_only_move), cmocka_unit_test(test_notes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
