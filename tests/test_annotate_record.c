/* annotate_record: an analysis as comments, glyphs and variations in the record, beside what it
 * held; and the note of a skipped broken game. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "annotate/annotate_record.h"
#include "rules/rules.h"
#include "support/annotate_test_util.h"

static void test_record(void **state)
{
    (void)state;
    rules_init();
    PdnGame g;
    AnnotateAnalysis a;
    pdn_game_init(&g);
    sample_game(&g, &a);
    strcpy(g.moves[3].glyph, "!");   /* the player's own glyph stays */
    pdn_game_add_text(&g.moves[0].comments, "mine", 4);
    AnnotateSummary s;
    annotate_summary_count(&g, &a, &s);
    assert_true(annotate_record(&g, &a, &s, "nodes=500"));
    assert_string_equal(pdn_game_tag(&g, "Annotator"), "Zwaluw annotate, nodes=500");
    assert_int_equal(g.intro.count, 1);
    assert_non_null(strstr(g.intro.items[0], "Scores in men from White's view"));
    assert_non_null(strstr(g.intro.items[0], "Start 0.05."));
    assert_non_null(strstr(g.intro.items[0], "White: 3 moves, 0 inaccuracies, 0 mistakes, 1 blunder"));
    /* every move gets its scores; the player's comment comes first */
    assert_int_equal(g.moves[0].comments.count, 2);
    assert_string_equal(g.moves[0].comments.items[0], "mine");
    assert_string_equal(g.moves[0].comments.items[1], "0.05 -> 0.05");
    assert_string_equal(g.moves[1].glyph, "!");
    assert_string_equal(g.moves[1].comments.items[0], "0.05 -> 0.05, the only move (!)");
    assert_string_equal(g.moves[3].glyph, "!");
    assert_string_equal(g.moves[3].comments.items[0], "0.05 -> 0.05, inaccuracy (?!); best 14x23");
    assert_string_equal(g.moves[4].glyph, "??");
    assert_string_equal(g.moves[4].comments.items[0], "0.05 -> -1.40, blunder (?\?); best 31-27, now Black is winning");
    assert_int_equal(g.moves[4].variations.count, 1);
    assert_string_equal(g.moves[4].variations.items[0], "3. 31-27 23x32 4. 37x28");
    assert_int_equal(g.moves[3].variations.count, 0);   /* no line was found for it */
    assert_string_equal(g.moves[5].glyph, "");
    annotate_analysis_free(&a);
    pdn_game_free(&g);
}

static void test_skipped_note(void **state)
{
    (void)state;
    PdnGame g;
    pdn_game_init(&g);
    PdnError e = {.game = 4, .line = 15, .text = "never closed {x} 2-0", .why = "unterminated comment: no '}'"};
    assert_true(annotate_record_skipped(&g, &e));
    assert_string_equal(g.intro.items[0], "Zwaluw annotate: not annotated, the game is broken: game 4, line 15: "
                                          "unterminated comment: no closing brace");
    PdnError m = {.game = 2, .line = 7, .text = "28-22", .why = "not legal here (White to move)"};
    assert_true(annotate_record_skipped(&g, &m));
    assert_string_equal(g.intro.items[1], "Zwaluw annotate: not annotated, the game is broken: game 2, line 7, "
                                          "\"28-22\": not legal here (White to move)");
    pdn_game_free(&g);
}

static void test_strip(void **state)
{
    (void)state;
    rules_init();
    PdnGame g;
    AnnotateAnalysis a;
    pdn_game_init(&g);
    sample_game(&g, &a);
    pdn_game_add_tag(&g, "Annotator", "a coach");
    pdn_game_add_text(&g.moves[0].comments, "0.5 -> 1 is no score of ours", 28);
    pdn_game_add_text(&g.moves[4].variations, "3. 31-26", 8);
    strcpy(g.moves[5].glyph, "?");
    AnnotateSummary s;
    annotate_summary_count(&g, &a, &s);
    for (int round = 0; round < 2; round++) {
        assert_true(annotate_record(&g, &a, &s, "nodes=500"));
        assert_int_equal(g.tag_count, 5);
        assert_string_equal(pdn_game_tag(&g, "Annotator"), "a coach");   /* the player's comes first */
        assert_int_equal(g.intro.count, 1);
        assert_int_equal(g.moves[4].variations.count, 2);
        assert_string_equal(g.moves[4].glyph, "??");
        /* taken out again: the game as the player wrote it */
        annotate_record_strip(&g);
        assert_int_equal(g.tag_count, 4);
        assert_string_equal(pdn_game_tag(&g, "Annotator"), "a coach");
        assert_int_equal(g.intro.count, 0);
        assert_int_equal(g.moves[0].comments.count, 1);
        assert_string_equal(g.moves[0].comments.items[0], "0.5 -> 1 is no score of ours");
        assert_int_equal(g.moves[4].variations.count, 1);
        assert_string_equal(g.moves[4].variations.items[0], "3. 31-26");
        assert_string_equal(g.moves[4].glyph, "");
        assert_string_equal(g.moves[1].glyph, "");
        assert_string_equal(g.moves[5].glyph, "?");
        for (int i = 1; i < g.move_count; i++)
            assert_int_equal(g.moves[i].comments.count, 0);
    }
    /* without an Annotator tag of ours, move comments are the player's */
    pdn_game_add_text(&g.moves[2].comments, "0.05 -> 0.05", 12);
    annotate_record_strip(&g);
    assert_int_equal(g.moves[2].comments.count, 1);
    annotate_analysis_free(&a);
    pdn_game_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_record),
        cmocka_unit_test(test_skipped_note),
        cmocka_unit_test(test_strip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
