#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "search/timeman.h"

/* Plays moves under a clock level, each using the whole hard limit plus latency (the worst
 * case), and checks that the clock never runs out. Returns the smallest clock left. */
static double worst_case_game(double time, double inc, int moves, int plies)
{
    double clock = time, min_left = time;
    int to_go = moves;
    for (int i = 0; i < plies; i++) {
        SearchLimits l = {.time = clock, .inc = inc, .moves = to_go};
        TimePlan plan;
        int men = 40 - i * 40 / (plies > 0 ? plies : 1);
        timeman_plan(&l, men, &plan);
        assert_true(plan.timed);
        assert_true(plan.soft <= plan.hard);
        assert_true(plan.hard > 0);
        clock = clock + inc - plan.hard - TIMEMAN_LATENCY;
        assert_true(clock > 0);
        if (clock < min_left)
            min_left = clock;
        if (moves > 0 && --to_go == 0) {
            to_go = moves;
            clock += time;
        }
    }
    return min_left;
}

static void test_move_time_is_never_exceeded(void **state)
{
    (void)state;
    double times[] = {0.001, 0.01, 0.05, 1.0, 30.0};
    for (size_t i = 0; i < sizeof times / sizeof times[0]; i++) {
        SearchLimits l = {.move_time = times[i]};
        TimePlan plan;
        timeman_plan(&l, 40, &plan);
        assert_true(plan.timed && plan.fixed);
        assert_true(plan.hard <= times[i]);
        assert_true(plan.hard >= times[i] * 0.5);
        assert_true(times[i] < 0.1 || plan.hard <= times[i] - TIMEMAN_LATENCY);
    }
}

static void test_clock_levels_never_lose_on_time(void **state)
{
    (void)state;
    assert_true(worst_case_game(0.5, 0, 50, 50) > 0);
    assert_true(worst_case_game(0.5, 0, 0, 80) > 0);
    assert_true(worst_case_game(60, 0, 0, 100) > 0);
    assert_true(worst_case_game(1, 0.1, 0, 200) > 0);
    assert_true(worst_case_game(0.05, 0.01, 0, 200) > 0);
    assert_true(worst_case_game(300, 0, 40, 120) > 0);
    /* with an increment, half of it (at most 0.5 s) stays on the clock after every move */
    assert_true(worst_case_game(60, 1, 0, 300) >= 0.5);
    assert_true(worst_case_game(10, 0.1, 0, 300) >= 0.05);
    assert_true(worst_case_game(5, 2, 0, 300) >= 0.5);
}

static void test_clock_levels_spend_a_fair_share(void **state)
{
    (void)state;
    SearchLimits l = {.time = 60};
    TimePlan plan;
    timeman_plan(&l, 40, &plan);
    assert_true(plan.soft > 60.0 / 60 && plan.soft < 60.0 / 10);
    assert_true(plan.hard > plan.soft && plan.hard < 60 * 0.25);
    SearchLimits last = {.time = 10, .moves = 1};
    timeman_plan(&last, 20, &plan);
    assert_true(plan.hard > 5 && plan.hard < 10);   /* the last move of a period may use most of it */
    SearchLimits fischer = {.time = 1, .inc = 2};
    timeman_plan(&fischer, 20, &plan);
    assert_true(plan.soft > 1.5 && plan.hard < 3);
}

static void test_unbounded_levels_are_untimed(void **state)
{
    (void)state;
    TimePlan plan;
    SearchLimits depth = {.depth = 12}, nodes = {.nodes = 1000}, inf = {.infinite = true, .move_time = 1};
    timeman_plan(&depth, 40, &plan);
    assert_false(plan.timed);
    timeman_plan(&nodes, 40, &plan);
    assert_false(plan.timed);
    timeman_plan(&inf, 40, &plan);
    assert_false(plan.timed);
    assert_true(timeman_continue(&plan, 1e9, 1.0));
}

/* An empty clock (time=0, also what a negative time becomes) still plans a minimal search
 * rather than none: "no limit" would search until stop and lose on time. */
static void test_empty_clock_moves_at_once(void **state)
{
    (void)state;
    TimePlan plan;
    SearchLimits empty = {.time = 0, .clock_set = true};
    timeman_plan(&empty, 40, &plan);
    assert_true(plan.timed);
    assert_true(plan.hard > 0 && plan.hard <= 0.001);
    assert_false(timeman_continue(&plan, 0.01, 1.0));
}

static void test_continue_uses_stability(void **state)
{
    (void)state;
    SearchLimits l = {.time = 60};
    TimePlan plan;
    timeman_plan(&l, 40, &plan);
    double t = plan.start * 0.7;
    assert_true(timeman_continue(&plan, t, 1.0));
    assert_false(timeman_continue(&plan, t, 0.6));
    assert_true(timeman_continue(&plan, plan.start * 1.5, 2.0));
    assert_false(timeman_continue(&plan, plan.hard, 2.0));
    SearchLimits mt = {.move_time = 1};
    timeman_plan(&mt, 40, &plan);
    assert_true(timeman_continue(&plan, 0.9, 0.6));
    assert_false(timeman_continue(&plan, 1.0, 2.0));
}

/* An ending plans for fewer moves and deepens later into its target than a full board does, as
 * the engine it is measured against does: a larger share of the clock goes to it. */
static void test_endings_get_more_time(void **state)
{
    (void)state;
    SearchLimits l = {.time = 60, .inc = 1};
    TimePlan full, ending;
    timeman_plan(&l, 40, &full);
    timeman_plan(&l, 4, &ending);
    assert_true(ending.soft > full.soft);
    assert_true(ending.start / ending.soft > full.start / full.soft);
    assert_true(full.start < full.soft && ending.start < ending.hard);
}

/* Issue 58 asks for at least Scan 2.0's thinking time at its one-minute and ten-second levels.
 * On a full board Scan allocates 1.2 (time + 30 inc) / 30 and starts no iteration past 40% of it;
 * ours, settled (stability 0.6), must start iterations at least that long. */
static void test_full_board_thinks_as_long_as_scan(void **state)
{
    (void)state;
    const double levels[][2] = {{60, 1}, {10, 0.1}, {300, 5}}, settled = 0.6;
    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++) {
        SearchLimits l = {.time = levels[i][0], .inc = levels[i][1], .clock_set = true};
        TimePlan plan;
        timeman_plan(&l, 40, &plan);
        double scan_stop = 0.4 * 1.2 * (levels[i][0] + 30 * levels[i][1]) / 30;
        assert_true(plan.start * settled >= scan_stop);
        assert_true(timeman_continue(&plan, scan_stop, settled));
    }
}

/* The stability falls while the move stays and rises when it changes, within [0.6, 2]. */
static void test_stability_follows_the_best_move(void **state)
{
    (void)state;
    double s = 1.0;
    for (int i = 0; i < 20; i++) {
        double next = timeman_stability(s, false);
        assert_true(next <= s && next >= 0.6);
        s = next;
    }
    assert_true(s == 0.6);
    assert_true(timeman_stability(0.6, true) == 1.3);   /* a change starts from at least 1 */
    for (int i = 0; i < 20; i++) {
        double next = timeman_stability(s, true);
        assert_true(next >= s && next <= 2.0);
        s = next;
    }
    assert_true(s == 2.0);
}

/* The scale grows with time_target, a falling score stretches it (at most doubling it), a rising
 * one or a proven result does not. */
static void test_scale_follows_target_and_drop(void **state)
{
    (void)state;
    double last = 0;
    for (int target = 10; target <= 300; target += 10) {
        double scale = timeman_scale(1.0, target, 0, 0, 0);
        assert_true(scale > last);
        last = scale;
    }
    assert_true(timeman_scale(1.5, 100, 0, 50, -50) == 1.5);    /* time_drop off */
    assert_true(timeman_scale(1.0, 100, 50, -50, 50) == 1.0);   /* the score rose */
    double drop_prev = 1.0;
    for (int fall = 10; fall <= 400; fall += 10) {
        double scale = timeman_scale(1.0, 100, 50, 0, -fall);
        assert_true(scale >= drop_prev && scale <= 2.0);
        drop_prev = scale;
    }
    assert_true(drop_prev == 2.0);
    assert_true(timeman_scale(1.0, 100, 50, 0, -SCORE_WIN + 5) == 1.0);   /* a proven loss */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_move_time_is_never_exceeded),
        cmocka_unit_test(test_stability_follows_the_best_move),
        cmocka_unit_test(test_scale_follows_target_and_drop),
        cmocka_unit_test(test_clock_levels_never_lose_on_time),
        cmocka_unit_test(test_clock_levels_spend_a_fair_share),
        cmocka_unit_test(test_unbounded_levels_are_untimed),
        cmocka_unit_test(test_empty_clock_moves_at_once),
        cmocka_unit_test(test_continue_uses_stability),
        cmocka_unit_test(test_endings_get_more_time),
        cmocka_unit_test(test_full_board_thinks_as_long_as_scan),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
