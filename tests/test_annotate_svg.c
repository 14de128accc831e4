/* annotate_svg: the chart's title (escaped), one point a position, a marker a glyph, scores cut
 * at the chart's range. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "annotate/annotate_svg.h"
#include "rules/rules.h"
#include "support/annotate_test_util.h"

/* How often needle occurs in text. */
static int count(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(text, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

static void test_chart(void **state)
{
    (void)state;
    rules_init();
    PdnGame g;
    AnnotateAnalysis a;
    pdn_game_init(&g);
    sample_game(&g, &a);
    a.moves[5].after = SCORE_WIN - 3;   /* a proven win: drawn at the top */
    FILE *f = tmpfile();
    assert_true(annotate_svg_write(f, &g, &a));
    long size = ftell(f);
    rewind(f);
    char *text = calloc(1, (size_t)size + 1);
    assert_int_equal(fread(text, 1, (size_t)size, f), size);
    fclose(f);
    assert_true(strncmp(text, "<svg xmlns=\"http://www.w3.org/2000/svg\"", 39) == 0);
    assert_non_null(strstr(text, "</svg>\n"));
    assert_non_null(strstr(text, ">A &amp; B - &lt;C&gt;  *</text>"));
    /* the polyline: the start and one point a move */
    const char *points = strstr(text, "points=\"");
    assert_non_null(points);
    int pairs = 0;
    for (const char *p = points + 8; *p != '"'; p++)
        pairs += *p == ',';
    assert_int_equal(pairs, SAMPLE_MOVES + 1);
    assert_non_null(strstr(points, ",64.0\"/>"));   /* the last point at the top edge */
    /* markers: the blunder, the inaccuracy and the "!" (with the legend's four) */
    assert_int_equal(count(text, "<circle"), 3 + 4);
    assert_non_null(strstr(text, "<title>3. 33-28?? 0.05 -&gt; -1.40</title>"));
    assert_non_null(strstr(text, "<title>2... 14x23?! "));
    free(text);
    annotate_analysis_free(&a);
    pdn_game_free(&g);
}

static void test_latin1_names(void **state)
{
    (void)state;
    PdnGame g;
    AnnotateAnalysis a;
    pdn_game_init(&g);
    sample_game(&g, &a);
    /* a Latin-1 name (as old files have them) becomes a character reference; UTF-8 stays */
    pdn_game_set_tag(&g, "White", "Andr\xe9");
    pdn_game_set_tag(&g, "Black", "Jos\xc3\xa9");
    FILE *f = tmpfile();
    assert_true(annotate_svg_write(f, &g, &a));
    long size = ftell(f);
    rewind(f);
    char *text = calloc(1, (size_t)size + 1);
    assert_int_equal(fread(text, 1, (size_t)size, f), size);
    fclose(f);
    assert_non_null(strstr(text, ">Andr&#233; - Jos\xc3\xa9  *</text>"));
    free(text);
    annotate_analysis_free(&a);
    pdn_game_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_chart),
        cmocka_unit_test(test_latin1_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
