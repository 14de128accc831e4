/* The terminal's evaluation breakdown: a line for every term and table family, the total, and
 * shares that add up to the score. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"
#include "eval/eval.h"
#include "hub/hub_eval.h"
#include "rules/notation.h"

/* What print wrote to a temporary file, into text (size bytes at most, terminated). */
static void read_back(FILE *f, char *text, size_t size)
{
    rewind(f);
    size_t n = fread(text, 1, size - 1, f);
    text[n] = 0;
    fclose(f);
}

/* A line for every term, the regions and the kings (none here), and the total for the side to move. */
static void test_breakdown_lists_terms(void **state)
{
    (void)state;
    Position pos;
    assert_null(notation_parse_position("B:W17,45,33:B4,5,20", &pos));
    FILE *f = tmpfile();
    assert_non_null(f);
    hub_eval_print_breakdown(&pos, f);
    char text[8192];
    read_back(f, text, sizeof text);
    for (int i = 0; i < EVAL_TERM_COUNT; i++) {
        char key[64];
        snprintf(key, sizeof key, "term=%s ", eval_term_name((EvalTerm)i));
        assert_non_null(strstr(text, key));
    }
    char total[64];
    snprintf(total, sizeof total, "eval total=%d side=black\n", eval_position(&pos));
    assert_non_null(strstr(text, total));
    assert_non_null(strstr(text, "\neval king-squares mg=0 eg=0 white=0.0\n"));   /* no kings */
    assert_non_null(strstr(text, "\neval regions mg="));
}

/* The white= shares of the breakdown's lines add up to its white score, which truncates their sum. */
static void test_breakdown_shares_add_up(void **state)
{
    (void)state;
    const char *fens[] = {"B:W17,45,33:B4,5,20", "W:WK3,31,32,33,37,38,41:B12,13,14,18,K40,22",
                          "W:W31,32,33,34,35,36,37,38,39,40:B11,12,13,14,15,16,17,18,19,20"};
    for (size_t n = 0; n < sizeof fens / sizeof *fens; n++) {
        Position pos;
        assert_null(notation_parse_position(fens[n], &pos));
        FILE *f = tmpfile();
        assert_non_null(f);
        hub_eval_print_breakdown(&pos, f);
        rewind(f);
        char line[256];
        double sum = 0;
        int white = SCORE_EVAL_MAX, shares = 0;
        while (fgets(line, sizeof line, f)) {
            const char *share = strstr(line, " white=");
            if (strncmp(line, "eval phase=", 11) == 0)
                assert_non_null(share), white = atoi(share + 7);
            else if (share)
                sum += atof(share + 7), shares++;
        }
        fclose(f);
        assert_int_equal(shares, EVAL_TERM_COUNT + 3 + EVAL_SIDE_TABLES);
        assert_true(white != SCORE_EVAL_MAX);
        double off = sum - white;
        assert_true(off <= 1.0 + 0.05 * shares && -off <= 1.0 + 0.05 * shares);   /* shares printed to 0.1 */
    }
}

/* Under a network the breakdown ends with its verdict: its score, or a residual network's
 * correction and the total with the patterns'. */
static void test_net_line(void **state)
{
    (void)state;
    Position pos;
    assert_null(notation_parse_position("B:W17,45,33:B4,5,20", &pos));
    NetModel m;
    assert_true(net_alloc(&m, 32, 8, 1, false));
    m.b3[0] = 50 * NET_ONE_A * NET_ONE_W3 / NET_OUT_CM + 1;   /* 50 centi-men for the side to move */
    char text[256], want[128];
    for (int residual = 0; residual < 2; residual++) {
        m.residual = residual;
        FILE *f = tmpfile();
        assert_non_null(f);
        hub_eval_print_net(&pos, &m, f);
        read_back(f, text, sizeof text);
        if (residual)
            snprintf(want, sizeof want, "eval net correction=50 total=%d side=black\n", eval_position(&pos) + 50);
        else
            snprintf(want, sizeof want, "eval net total=50 side=black\n");
        assert_string_equal(text, want);
    }
    net_free(&m);
}

int main(void)
{
    rules_init();
    eval_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_breakdown_lists_terms),
        cmocka_unit_test(test_breakdown_shares_add_up),
        cmocka_unit_test(test_net_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
