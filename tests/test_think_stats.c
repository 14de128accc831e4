/* Think-time statistics of the match runner. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "match/think_stats.h"

static void test_percentile_nearest_rank(void **state)
{
    (void)state;
    double v[100];
    for (int i = 0; i < 100; i++)
        v[i] = 99 - i;   /* 99 .. 0, unsorted on purpose */
    assert_true(think_stats_percentile(v, 100, 99) == 98);
    assert_true(think_stats_percentile(v, 100, 100) == 99);
    assert_true(think_stats_percentile(v, 100, 50) == 49);
    assert_true(think_stats_percentile(v, 100, 0) == 0);
    double one = 7;
    assert_true(think_stats_percentile(&one, 1, 99) == 7);
    assert_true(think_stats_percentile(NULL, 0, 99) == 0);
}

static void test_overshoot_and_clock(void **state)
{
    (void)state;
    ThinkStats st = {0};
    for (int i = 0; i < 1000; i++)
        assert_true(think_stats_add(&st, 0.1 + (i == 500 ? 0.015 : i % 10 == 0 ? 0.004 : -0.001), 0.1, NAN,
                                    i / 100 + 1, i % 100 + 1));
    assert_true(think_stats_add(&st, 0.2, 0, 1.5, 11, 1));
    assert_true(think_stats_add(&st, 0.3, 0, 0.25, 11, 2));
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    think_stats_print(out, "engine1", &st);
    fclose(out);
    assert_non_null(strstr(buf, "Time engine1: 1002 moves"));
    assert_non_null(strstr(buf, "overshoot worst +15.0 ms (game 6 ply 1) p99 +4.0 ms"));
    assert_non_null(strstr(buf, "lowest clock left 0.250 s"));
    free(buf);
    think_stats_free(&st);
    assert_int_equal(st.count, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_percentile_nearest_rank),
        cmocka_unit_test(test_overshoot_and_clock),
    };
    return cmocka_run_group_tests_name("think_stats", tests, NULL, NULL);
}
