/* Shards of a job (util/shard.h): "I/N" is read with 0 <= I < N and anything else refused, and the
 * shards' ranges cover the items once each, in order, whatever the totals. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "util/shard.h"

static void test_reads_index_and_count(void **state)
{
    (void)state;
    Shard s = SHARD_WHOLE;
    assert_null(shard_opt_read(&s, "3/8"));
    assert_int_equal(s.index, 3);
    assert_int_equal(s.count, 8);
    assert_false(shard_is_whole(&s));
    assert_null(shard_opt_read(&s, "0/1"));
    assert_true(shard_is_whole(&s));
    const char *bad[] = {"", "3", "/4", "4/", "4/4", "-1/4", "1/0", "a/b", "1/4x", "1 /4", "0/1000001", "1/2/3"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        s = (Shard){5, 9};
        assert_non_null(shard_opt_read(&s, bad[i]));
        assert_int_equal(s.index, 5);   /* a refused value changes nothing */
    }
}

static void test_ranges_cover_every_item_once(void **state)
{
    (void)state;
    const int64_t totals[] = {0, 1, 2, 7, 100, 331, 2000000000LL * 10};
    const long counts[] = {1, 2, 3, 7, 200, 1000};
    for (size_t t = 0; t < sizeof totals / sizeof totals[0]; t++)
        for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
            int64_t next = 0, lo = INT64_MAX, hi = 0;
            for (long i = 0; i < counts[c]; i++) {
                int64_t begin, end;
                Shard s = {i, counts[c]};
                shard_range(&s, totals[t], &begin, &end);
                assert_true(begin == next && end >= begin);
                lo = end - begin < lo ? end - begin : lo;
                hi = end - begin > hi ? end - begin : hi;
                next = end;
            }
            assert_true(next == totals[t]);
            assert_true(hi - lo <= 1);   /* shares differ by one item at most */
        }
    int64_t begin, end;
    Shard zero = {0, 0};   /* a zeroed Shard is the whole job */
    shard_range(&zero, 42, &begin, &end);
    assert_true(begin == 0 && end == 42);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reads_index_and_count),
        cmocka_unit_test(test_ranges_cover_every_item_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
