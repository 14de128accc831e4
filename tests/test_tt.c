#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <unistd.h>

#include "search/search.h"
#include "search/tt.h"

/* Keys that share bucket 0 of a table whose mask covers fewer than 32 bits. */
static Key bucket0_key(uint32_t lock) { return (Key)lock << 32; }

static void test_resize_rounds_to_power_of_two(void **state)
{
    (void)state;
    TT tt = {0};
    assert_true(tt_resize(&tt, 3));
    assert_int_equal(tt.mib, 2);
    assert_int_equal((tt.mask + 1) * sizeof(TTBucket), (size_t)2 << 20);
    assert_true(tt_resize(&tt, 0));
    assert_int_equal(tt.mib, TT_MIN_MIB);
    tt_free(&tt);
}

/* A table larger than the machine's memory is refused before allocating, and the old one stays;
 * a searcher asked for it falls back to a smaller table that works. */
static void test_resize_beyond_memory(void **state)
{
    (void)state;
    size_t phys_mib = (size_t)((uint64_t)sysconf(_SC_PHYS_PAGES) * (uint64_t)sysconf(_SC_PAGESIZE) >> 20);
    size_t too_big = 1;
    while (too_big < phys_mib)
        too_big *= 2;
    if (too_big > TT_MAX_MIB)
        skip();
    TT tt = {0};
    assert_true(tt_resize(&tt, 4));
    assert_false(tt_resize(&tt, too_big));
    assert_int_equal(tt.mib, 4);
    assert_non_null(tt.buckets);
    tt_free(&tt);
    Search *s = search_new(too_big);
    assert_non_null(s);
    assert_true(search_tt_mib(s) <= too_big / 2);
    search_free(s);
}

static void test_store_probe_round_trip(void **state)
{
    (void)state;
    TT tt = {0};
    assert_true(tt_resize(&tt, 1));
    Key key = 0x123456789ABCDEF0ULL;
    TTHit hit = {0};
    assert_false(tt_probe(&tt, key, &hit));
    tt_store(&tt, key, (Move)0x5000, -1234, 7, BOUND_LOWER);
    assert_true(tt_probe(&tt, key, &hit));
    assert_int_equal(hit.move, 0x5000);
    assert_int_equal(hit.score, -1234);
    assert_int_equal(hit.depth, 7);
    assert_int_equal(hit.bound, BOUND_LOWER);
    assert_false(tt_probe(&tt, key ^ ((Key)1 << 40), &hit));
    tt_clear(&tt);
    assert_false(tt_probe(&tt, key, &hit));
    tt_free(&tt);
}

/* new-game empties the table without wiping it: nothing stored before is found, new stores work. */
static void test_clear_forgets_every_entry(void **state)
{
    (void)state;
    TT tt = {0};
    assert_true(tt_resize(&tt, 1));
    TTHit hit = {0};
    for (Key i = 1; i <= 20000; i++)
        tt_store(&tt, i * 0x9E3779B97F4A7C15ULL, (Move)i, 10, 5, BOUND_EXACT);
    int found = 0;
    for (Key i = 1; i <= 20000; i++)
        found += tt_probe(&tt, i * 0x9E3779B97F4A7C15ULL, &hit);
    assert_true(found > 15000);
    tt_clear(&tt);
    for (Key i = 1; i <= 20000; i++)
        assert_false(tt_probe(&tt, i * 0x9E3779B97F4A7C15ULL, &hit));
    tt_store(&tt, 42, (Move)0x70, 3, 9, BOUND_UPPER);
    assert_true(tt_probe(&tt, 42, &hit));
    assert_int_equal(hit.move, 0x70);
    assert_int_equal(hit.depth, 9);
    tt_free(&tt);
}

static void test_same_key_keeps_deeper_result_and_move(void **state)
{
    (void)state;
    TT tt = {0};
    assert_true(tt_resize(&tt, 1));
    Key key = bucket0_key(99);
    TTHit hit = {0};
    tt_store(&tt, key, (Move)0x30, 50, 10, BOUND_LOWER);
    tt_store(&tt, key, (Move)0x60, 20, 4, BOUND_UPPER);
    assert_true(tt_probe(&tt, key, &hit));
    assert_int_equal(hit.depth, 10);
    assert_int_equal(hit.score, 50);
    tt_store(&tt, key, MOVE_NONE, 70, 12, BOUND_UPPER);
    assert_true(tt_probe(&tt, key, &hit));
    assert_int_equal(hit.depth, 12);
    assert_int_equal(hit.move, 0x30);
    tt_free(&tt);
}

static void test_replaces_shallowest_then_oldest(void **state)
{
    (void)state;
    TT tt = {0};
    assert_true(tt_resize(&tt, 1));
    TTHit hit = {0};
    int depths[TT_BUCKET_ENTRIES] = {9, 3, 12, 6};
    for (uint32_t i = 0; i < TT_BUCKET_ENTRIES; i++)
        tt_store(&tt, bucket0_key(i + 1), (Move)1, 0, depths[i], BOUND_EXACT);
    tt_store(&tt, bucket0_key(100), (Move)1, 0, 5, BOUND_EXACT);
    assert_false(tt_probe(&tt, bucket0_key(2), &hit));   /* depth 3 was the shallowest */
    for (uint32_t lock = 1; lock <= 4; lock++)
        if (lock != 2)
            assert_true(tt_probe(&tt, bucket0_key(lock), &hit));
    assert_true(tt_probe(&tt, bucket0_key(100), &hit));

    /* two searches later the deep old entries go before a fresh shallow one */
    tt_new_search(&tt);
    tt_new_search(&tt);
    tt_store(&tt, bucket0_key(200), (Move)1, 0, 1, BOUND_EXACT);
    tt_store(&tt, bucket0_key(201), (Move)1, 0, 1, BOUND_EXACT);
    assert_true(tt_probe(&tt, bucket0_key(200), &hit));
    assert_true(tt_probe(&tt, bucket0_key(201), &hit));
    assert_true(tt_probe(&tt, bucket0_key(3), &hit));     /* depth 12 survives the longest */
    assert_false(tt_probe(&tt, bucket0_key(100), &hit));  /* depth 5: the shallowest old one */
    tt_free(&tt);
}

static void test_win_scores_are_ply_relative(void **state)
{
    (void)state;
    Score win_at_root = SCORE_WIN - 9;   /* a win 9 plies from the root found at ply 4 */
    Score stored = tt_score_to(win_at_root, 4, SCORE_WIN_MIN);
    assert_int_equal(stored, SCORE_WIN - 5);
    assert_int_equal(tt_score_from(stored, 6, SCORE_WIN_MIN), SCORE_WIN - 11);
    assert_int_equal(tt_score_to(-(SCORE_WIN - 9), 4, SCORE_WIN_MIN), -(SCORE_WIN - 5));
    assert_int_equal(tt_score_to(250, 4, SCORE_WIN_MIN), 250);
    assert_int_equal(tt_score_from(-250, 4, SCORE_WIN_MIN), -250);
}

static void test_hashfull_counts_current_search(void **state)
{
    (void)state;
    TT tt = {0};
    assert_true(tt_resize(&tt, 1));
    assert_int_equal(tt_hashfull(&tt), 0);
    for (uint32_t i = 0; i < 250; i++)
        for (uint32_t j = 0; j < TT_BUCKET_ENTRIES; j++)
            tt_store(&tt, (Key)(j + 1) << 32 | i, (Move)1, 0, 1, BOUND_EXACT);
    assert_int_equal(tt_hashfull(&tt), 1000);
    tt_new_search(&tt);
    assert_int_equal(tt_hashfull(&tt), 0);
    tt_free(&tt);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_resize_rounds_to_power_of_two),
        cmocka_unit_test(test_resize_beyond_memory),
        cmocka_unit_test(test_store_probe_round_trip),
        cmocka_unit_test(test_clear_forgets_every_entry),
        cmocka_unit_test(test_same_key_keeps_deeper_result_and_move),
        cmocka_unit_test(test_replaces_shallowest_then_oldest),
        cmocka_unit_test(test_win_scores_are_ply_relative),
        cmocka_unit_test(test_hashfull_counts_current_search),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
