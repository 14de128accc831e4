#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
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

/* A table larger than the machine's memory is refused before allocating, and the old one stays. */
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
}

/* The exit status of the child below: 0 when the searcher fell back to a table that fits. */
static int fallback_child(void)
{
    long pages = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (!f || fscanf(f, "%ld", &pages) != 1)
        return 2;
    fclose(f);
    rlim_t limit = (rlim_t)pages * (rlim_t)sysconf(_SC_PAGESIZE) + ((rlim_t)1 << 30);
    struct rlimit rl = {limit, limit};
    if (setrlimit(RLIMIT_AS, &rl) != 0)
        return 3;
    Search *s = search_new(TT_MAX_MIB);
    if (!s)
        return 4;
    size_t mib = search_tt_mib(s);
    search_free(s);
    fprintf(stderr, "fallback: asked for %zu MiB, got %zu MiB\n", (size_t)TT_MAX_MIB, mib);
    return mib >= 1 && mib < 1024 ? 0 : 5;
}

/* A searcher asked for more than it can have falls back to a smaller table that works: sizes over
 * half the machine's memory are refused up front, then those the allocator refuses. A child whose
 * address space may grow by 1 GiB only shows both without touching gigabytes of memory. */
static void test_search_falls_back_to_a_table_that_fits(void **state)
{
    (void)state;
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0)
        _exit(fallback_child());
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        fail_msg("the child searcher did not fall back to a table under 1 GiB (status %d: 2-3 no limit set, "
                 "4 no searcher, 5 table too large)", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
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

/* new-game empties the table: nothing stored before is found, new stores work. */
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

/* A cleared table behaves as a fresh one: the same stores keep the same entries. Entries that only
 * stopped matching would still take part in choosing what to replace, and a search after a
 * new-game would depend on the games before it (self-play split over threads gave other data). */
static void test_cleared_table_is_a_fresh_one(void **state)
{
    (void)state;
    TT used = {0}, fresh = {0};
    assert_true(tt_resize(&used, 1));
    assert_true(tt_resize(&fresh, 1));
    for (Key i = 1; i <= 200000; i++)   /* far more than the table holds, of every depth */
        tt_store(&used, i * 0xD6E8FEB86659FD93ULL, (Move)i, 10, (int)(i % 30), BOUND_LOWER);
    tt_clear(&used);
    for (Key i = 1; i <= 100000; i++) {
        Key key = i * 0x9E3779B97F4A7C15ULL;
        tt_store(&used, key, (Move)(i & 0xffff), 7, (int)(i % 20), BOUND_EXACT);
        tt_store(&fresh, key, (Move)(i & 0xffff), 7, (int)(i % 20), BOUND_EXACT);
    }
    int differ = 0, found = 0;
    for (Key i = 1; i <= 100000; i++) {
        TTHit a = {0}, b = {0};
        bool ha = tt_probe(&used, i * 0x9E3779B97F4A7C15ULL, &a), hb = tt_probe(&fresh, i * 0x9E3779B97F4A7C15ULL, &b);
        differ += ha != hb || (ha && (a.move != b.move || a.depth != b.depth));
        found += hb;
    }
    assert_true(found > 30000);
    assert_int_equal(differ, 0);
    tt_free(&used);
    tt_free(&fresh);
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
        cmocka_unit_test(test_search_falls_back_to_a_table_that_fits),
        cmocka_unit_test(test_store_probe_round_trip),
        cmocka_unit_test(test_clear_forgets_every_entry),
        cmocka_unit_test(test_cleared_table_is_a_fresh_one),
        cmocka_unit_test(test_same_key_keeps_deeper_result_and_move),
        cmocka_unit_test(test_replaces_shallowest_then_oldest),
        cmocka_unit_test(test_win_scores_are_ply_relative),
        cmocka_unit_test(test_hashfull_counts_current_search),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
