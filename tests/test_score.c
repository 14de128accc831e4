/* The score formatter (eval/score.h): men with two decimals, the sign kept below one man. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "eval/score.h"

static void test_format_score(void **state)
{
    (void)state;
    char buf[16];
    score_format(SCORE_WIN - 3, buf, sizeof buf);
    assert_string_equal(buf, "99.97");
    score_format(-150, buf, sizeof buf);
    assert_string_equal(buf, "-1.50");
    score_format(5, buf, sizeof buf);
    assert_string_equal(buf, "0.05");
    score_format(-(SCORE_WIN - 12), buf, sizeof buf);
    assert_string_equal(buf, "-99.88");
}

static void test_format_score_keeps_small_signs(void **state)
{
    (void)state;
    char buf[16];
    score_format(0, buf, sizeof buf);
    assert_string_equal(buf, "0.00");
    score_format(-5, buf, sizeof buf);   /* -0.05, not 0.05: the integer part alone has no sign */
    assert_string_equal(buf, "-0.05");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_format_score),
        cmocka_unit_test(test_format_score_keeps_small_signs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
