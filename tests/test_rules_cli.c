/* `engine moves` and `engine perft` in the exact forms automated checks use (run from the repo
 * root): the legal moves in notation order, and the counts, per first move with --divide. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include "support/shell_test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *last_line(char *text)
{
    size_t len = strlen(text);
    while (len && text[len - 1] == '\n')
        text[--len] = '\0';
    char *nl = strrchr(text, '\n');
    return nl ? nl + 1 : text;
}

static void test_moves(void **state)
{
    (void)state;
    char out[4096];
    assert_int_equal(shell_run(ENGINE_BIN " moves start", out, sizeof out), 0);
    assert_string_equal(out, "31-26\n31-27\n32-27\n32-28\n33-28\n33-29\n34-29\n34-30\n35-30\n");
    assert_int_equal(shell_run(ENGINE_BIN " moves W:W28,32:B23", out, sizeof out), 0);
    assert_string_equal(out, "28x19x23\n");
    assert_int_equal(shell_run(ENGINE_BIN " moves W:W46:B37,41", out, sizeof out), 0);
    assert_string_equal(out, "");
    assert_int_equal(shell_run(ENGINE_BIN " moves WeeeeeeeeeeeeeeeeeeeeeebeeeeeeeeeeeeeeeeeeeeeeWeeee", out, sizeof out), 0);
    assert_string_equal(out, "46x5x23\n46x10x23\n46x14x23\n46x19x23\n");
}

static void test_perft(void **state)
{
    (void)state;
    char out[8192];
    unsigned long long nodes;
    int depth;
    double t, nps;
    assert_int_equal(shell_run(ENGINE_BIN " perft start 6", out, sizeof out), 0);
    assert_int_equal(sscanf(last_line(out), "perft depth=%d nodes=%llu time=%lf nps=%lf", &depth, &nodes, &t, &nps), 4);
    assert_int_equal(depth, 6);
    assert_int_equal(nodes, 167140);
    assert_int_equal(shell_run(ENGINE_BIN " perft W:W31-50:B1-20 4 --divide", out, sizeof out), 0);
    assert_non_null(strstr(out, "31-26 "));
    assert_non_null(strstr(out, "35-30 "));
    assert_int_equal(sscanf(last_line(out), "perft depth=%d nodes=%llu", &depth, &nodes), 2);
    assert_int_equal(nodes, 4265);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_moves),
        cmocka_unit_test(test_perft),
    };
    return cmocka_run_group_tests_name("rules_cli", tests, NULL, NULL);
}
