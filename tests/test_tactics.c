#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "tactics.h"

static void test_load_rejects_bad_lines(void **state)
{
    (void)state;
    char path[] = "/tmp/tactics-test-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs("# comment\n\nW:W28:B23 28x19 a capture\n", f);
    fclose(f);
    FILE *err = fopen("/dev/null", "w");
    TacticsEntry *list = NULL;
    assert_int_equal(tactics_load(path, &list, err), 1);
    assert_int_equal(list[0].line, 3);
    assert_string_equal(list[0].text, "28x19x23");
    free(list);

    f = fopen(path, "w");
    fputs("W:W28:B23 28-22 not legal: the capture is compulsory\n", f);
    fclose(f);
    assert_int_equal(tactics_load(path, &list, err), -1);
    f = fopen(path, "w");
    fputs("W:W28:B23\n", f);
    fclose(f);
    assert_int_equal(tactics_load(path, &list, err), -1);
    assert_int_equal(tactics_load("/nonexistent/tactics.txt", &list, err), -1);
    fclose(err);
    remove(path);
}

int main(void)
{
    board_init();
    eval_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_load_rejects_bad_lines),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
