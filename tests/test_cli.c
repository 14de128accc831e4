/* The subcommands of ./engine in the exact forms automated checks use (run from the repo root). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

/* Runs a shell command; returns its exit code and its stdout (and stderr if wanted) in out. */
static int run(const char *cmd, char *out, size_t size)
{
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t n = fread(out, 1, size - 1, p);
    out[n] = '\0';
    int status = pclose(p);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

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
    assert_int_equal(run("./engine moves start", out, sizeof out), 0);
    assert_string_equal(out, "31-26\n31-27\n32-27\n32-28\n33-28\n33-29\n34-29\n34-30\n35-30\n");
    assert_int_equal(run("./engine moves W:W28,32:B23", out, sizeof out), 0);
    assert_string_equal(out, "28x19x23\n");
    assert_int_equal(run("./engine moves W:W46:B37,41", out, sizeof out), 0);
    assert_string_equal(out, "");
    assert_int_equal(run("./engine moves WeeeeeeeeeeeeeeeeeeeeeebeeeeeeeeeeeeeeeeeeeeeeWeeee", out, sizeof out), 0);
    assert_string_equal(out, "46x5x23\n46x10x23\n46x14x23\n46x19x23\n");
}

static void test_perft(void **state)
{
    (void)state;
    char out[8192];
    unsigned long long nodes;
    int depth;
    double t, nps;
    assert_int_equal(run("./engine perft start 6", out, sizeof out), 0);
    assert_int_equal(sscanf(last_line(out), "perft depth=%d nodes=%llu time=%lf nps=%lf", &depth, &nodes, &t, &nps), 4);
    assert_int_equal(depth, 6);
    assert_int_equal(nodes, 167140);
    assert_int_equal(run("./engine perft W:W31-50:B1-20 4 --divide", out, sizeof out), 0);
    assert_non_null(strstr(out, "31-26 "));
    assert_non_null(strstr(out, "35-30 "));
    assert_int_equal(sscanf(last_line(out), "perft depth=%d nodes=%llu", &depth, &nodes), 2);
    assert_int_equal(nodes, 4265);
}

static void test_bad_arguments(void **state)
{
    (void)state;
    char out[4096];
    const char *bad[] = {
        "./engine moves nonsense 2>&1",
        "./engine moves W:W3:B20 2>&1",
        "./engine moves 2>&1",
        "./engine perft start x 2>&1",
        "./engine perft start -1 2>&1",
        "./engine perft start 4x 2>&1",
        "./engine perft start 99999999999999999999 2>&1",
        "./engine perft Wbbbb 3 2>&1",
        "./engine perft start 3 --bogus 2>&1",
        "./engine perft 2>&1",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int code = run(bad[i], out, sizeof out);
        if (code != 2)
            fail_msg("%s exited %d", bad[i], code);
        assert_true(strlen(out) > 10);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_moves),
        cmocka_unit_test(test_perft),
        cmocka_unit_test(test_bad_arguments),
    };
    return cmocka_run_group_tests_name("cli", tests, NULL, NULL);
}
