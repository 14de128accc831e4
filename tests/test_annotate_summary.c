/* annotate_summary: counts of a game's judged moves per side, their text and the table's rows. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "annotate/annotate_summary.h"
#include "rules/rules.h"
#include "support/annotate_test_util.h"

static void test_counts_and_text(void **state)
{
    (void)state;
    rules_init();
    PdnGame g;
    AnnotateAnalysis a;
    pdn_game_init(&g);
    sample_game(&g, &a);
    AnnotateSummary s;
    annotate_summary_count(&g, &a, &s);
    assert_int_equal(s.side[WHITE].moves, 3);
    assert_int_equal(s.side[WHITE].count[ANNOTATE_BLUNDER], 1);
    assert_int_equal(s.side[BLACK].count[ANNOTATE_INACCURACY], 1);
    assert_int_equal(s.side[BLACK].only, 1);
    char text[200];
    annotate_side_text(&s.side[WHITE], text, sizeof text);
    assert_string_equal(text, "3 moves, 0 inaccuracies, 0 mistakes, 1 blunder, average loss 0.48 men");
    annotate_side_text(&s.side[BLACK], text, sizeof text);
    assert_string_equal(text, "3 moves, 1 inaccuracy, 0 mistakes, 0 blunders, average loss 0.07 men");
    /* moves of an unjudged side are not counted; totals add up */
    for (int i = 1; i < a.count; i += 2)
        a.moves[i].judged = false;
    AnnotateSummary w, all;
    memset(&all, 0, sizeof all);
    annotate_summary_count(&g, &a, &w);
    assert_int_equal(w.side[BLACK].moves, 0);
    annotate_summary_add(&all, &s);
    annotate_summary_add(&all, &w);
    assert_int_equal(all.side[WHITE].moves, 6);
    assert_int_equal(all.side[WHITE].loss_cm, 290);
    /* the table: one row a judged side */
    FILE *f = tmpfile();
    annotate_table_header(f);
    annotate_table_rows(f, 7, NULL, &g, &w);
    rewind(f);
    char line[256];
    assert_non_null(fgets(line, sizeof line, f));
    assert_non_null(strstr(line, "avg loss"));
    assert_non_null(fgets(line, sizeof line, f));
    assert_non_null(strstr(line, "    7  A & B"));
    assert_non_null(strstr(line, " white "));
    assert_null(fgets(line, sizeof line, f));
    fclose(f);
    annotate_analysis_free(&a);
    pdn_game_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counts_and_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
