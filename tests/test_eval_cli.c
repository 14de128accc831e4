/* `engine eval info`: the text of a weight file (every term by name, each non-zero pattern entry
 * with its squares, the king table's non-zero squares, nothing else), and its refusals (run from
 * the repo root, like test_main). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include "support/shell_test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"
#include "cli/eval_cli.h"
#include "eval/eval.h"

static EvalWeight weights[EVAL_FEATURE_COUNT];
static char text[1 << 21];

/* eval_cli_print of weights into text; returns its number of lines. */
static int print_text(const EvalFileHeader *head)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    eval_cli_print(weights, head, f);
    rewind(f);
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    fclose(f);
    int lines = 0;
    for (size_t i = 0; i < n; i++)
        lines += text[i] == '\n';
    return lines;
}

static void test_print_lists_terms_and_nonzero_patterns(void **state)
{
    (void)state;
    memset(weights, 0, sizeof weights);
    weights[EVAL_MAN] = (EvalWeight){100, 90};
    weights[EVAL_KING_DIAGONAL] = (EvalWeight){-3, 4};
    /* table 0 (squares 31 32 36 37 41 42 46 47): index 5 = digit 2 on 31, digit 1 on 32 */
    weights[EVAL_PATTERN_BASE + 5] = (EvalWeight){7, -8};
    /* the last pattern table's last entry: opponent men on all 8 squares */
    weights[EVAL_KING_BASE - 1] = (EvalWeight){0, 1};
    /* the king table's last entry: a king on the own square 50 */
    weights[EVAL_REGION_BASE - 1] = (EvalWeight){-2, 3};
    /* region 0 (squares 21 22 26 27 31 32 36 37 41 42 46 47): digit 1 on 47 (3^11), digit 2 on 21 */
    weights[EVAL_REGION_BASE + 177147 + 2] = (EvalWeight){5, 6};
    /* the last region's last entry: opponent men on all 12 squares */
    weights[EVAL_MATERIAL_BASE - 1] = (EvalWeight){-9, 0};
    /* the material table: 2 men and a king against 3 men */
    weights[EVAL_MATERIAL_BASE + eval_material_index(2, 1, 3, 0)] = (EvalWeight){11, -12};
    /* the tempo table: a lead of -2 tempi with 6 or 7 men on the board; 22 steps against 3; the wings
     * table's last entry */
    weights[EVAL_TEMPO_BASE + eval_tempo_index(7, -2)] = (EvalWeight){4, 5};
    weights[EVAL_MOVES_BASE + eval_moves_index(22, 3)] = (EvalWeight){1, 2};
    weights[EVAL_FEATURE_COUNT - 1] = (EvalWeight){-6, 7};
    EvalFileHeader head = {.version = 1, .variant = VARIANT_LOSING, .bytes = 123, .crc = 0xabcdef};
    snprintf(head.note, sizeof head.note, "by hand");
    int lines = print_text(&head);
    assert_int_equal(lines, 3 + EVAL_TERM_COUNT + EVAL_PATTERN_TABLES + 2 + 1 + 1 + EVAL_REGION_TABLES + 2 + 1 + 1 + 2 + 2 + 2);
    assert_non_null(strstr(text, "eval-file version=1 variant=losing bytes=123 crc=00abcdef\nnote by hand\n"));
    assert_non_null(strstr(text, " king-squares=50 "));
    assert_non_null(strstr(text, " regions=7 region-size=531441 "));
    assert_non_null(strstr(text, " material-size=4096 tempo-size=861 moves-size=576 wings-size=14641 weights="));
    assert_non_null(strstr(text, "nonzero=11\n"));
    assert_non_null(strstr(text, "\nterm man mg=100 eg=90\n"));
    assert_non_null(strstr(text, "\nterm king mg=0 eg=0\n"));
    assert_non_null(strstr(text, "\nterm king_diagonal mg=-3 eg=4\n"));
    assert_non_null(strstr(text, "\ntable rows6-9_files0-3 squares=31,32,36,37,41,42,46,47 nonzero=1\n"
                                 "pattern rows6-9_files0-3 index=5 own=32 opp=31 mg=7 eg=-8\n"));
    assert_non_null(strstr(text, "\npattern rows3-6_files5-8 index=6560 own=- opp=19,20,23,24,29,30,33,34 mg=0 eg=1\n"
                                 "table king_square nonzero=1\nking square=50 mg=-2 eg=3\n"));
    assert_non_null(strstr(text, "\nterm king_mobility_attacked mg=0 eg=0\n"));
    assert_non_null(strstr(text, "\ntable region_rows4-9_files0-3 squares=21,22,26,27,31,32,36,37,41,42,46,47 nonzero=1\n"
                                 "region region_rows4-9_files0-3 index=177149 own=47 opp=21 mg=5 eg=6\n"));
    assert_non_null(strstr(text, "\nregion region_rows3-8_files5-8 index=531440 own=- "
                                 "opp=19,20,23,24,29,30,33,34,39,40,43,44 mg=-9 eg=0\n"
                                 "table material nonzero=1\n"
                                 "material men=2 kings=1 opp-men=3 opp-kings=0 mg=11 eg=-12\n"
                                 "table tempo nonzero=1\ntempo men=6-7 lead=-2 mg=4 eg=5\n"
                                 "table moves nonzero=1\nmoves steps=22 opp-steps=3 mg=1 eg=2\n"
                                 "table wings nonzero=1\nwings left=10 opp-left=10 right=10 opp-right=10 mg=-6 eg=7\n"));
    /* the same weights print the same text */
    static char first[sizeof text];
    memcpy(first, text, sizeof text);
    print_text(&head);
    assert_string_equal(first, text);
}

static void test_subcommand(void **state)
{
    (void)state;
    assert_int_equal(shell_run(ENGINE_BIN " eval info book/eval/frisian.bin", text, sizeof text), 0);
    assert_true(strncmp(text, "eval-file version=1 variant=frisian ", 36) == 0);
    assert_non_null(strstr(text, "\nterm man mg=100 eg=100\n"));
    assert_non_null(strstr(text, "\ntable rows3-6_files5-8 squares="));
    assert_non_null(strstr(text, "\nterm king_mobility_attacked mg="));
    assert_non_null(strstr(text, "\ntable king_square nonzero="));
    assert_non_null(strstr(text, "\ntable material nonzero="));
    char out[1024];
    const char *bad[] = {
        ENGINE_BIN " eval info 2>&1",
        ENGINE_BIN " eval info book/eval/frisian.bin extra 2>&1",
        ENGINE_BIN " eval info README.md 2>&1",
        ENGINE_BIN " eval info /nonexistent.bin 2>&1",
    };
    const char *why[] = {"argument expected", "unexpected argument", "not an evaluation weights file", "cannot open"};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(shell_run(bad[i], out, sizeof out), 2);
        if (!strstr(out, why[i]))
            fail_msg("%s: \"%s\" lacks \"%s\"", bad[i], out, why[i]);
    }
}

int main(void)
{
    rules_init();
    eval_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_print_lists_terms_and_nonzero_patterns),
        cmocka_unit_test(test_subcommand),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
