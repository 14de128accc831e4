/* The search with a network evaluation: net_scale, net_hybrid, residual networks, net_lazy. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "eval/net.h"
#include "eval/net_weights.h"
#include "rules/make.h"
#include "rules/rules.h"
#include "rules/movegen.h"
#include "support/search_test_util.h"

/* net_scale multiplies the network's score: at depth 1 from a quiet position the root's score is
 * the best child's evaluation, so three times the scale gives three times the score. */
static void test_net_scale_multiplies_the_net_score(void **state)
{
    (void)state;
    Search *s = search_new(1);
    search_params(s)->net = net_weights_embedded();
    setup_game("W:W31-50:B1-19");   /* a man up, out of the book */
    SearchLimits l = {.depth = 1};
    SearchResult plain = run(s, &l, GO_ANALYZE, NULL);
    assert_true(search_params_set(search_params(s), "net_scale", 300));
    search_clear(s);
    SearchResult scaled = run(s, &l, GO_ANALYZE, NULL);
    assert_int_not_equal(plain.score, 0);
    assert_int_equal(scaled.score, 3 * plain.score);
    assert_true(scaled.best == plain.best);
    search_free(s);
}

/* net_hybrid leaves positions of that material balance to the patterns: a man up, depth 1 scores
 * as the patterns do with it at 100 centi-men, as the network does with it off or above. */
static void test_net_hybrid_hands_unbalanced_positions_to_the_patterns(void **state)
{
    (void)state;
    Search *s = search_new(1);
    setup_game("W:W31-50:B1-19");   /* a man up, out of the book */
    SearchLimits l = {.depth = 1};
    SearchResult patterns = run(s, &l, GO_ANALYZE, NULL);
    search_params(s)->net = net_weights_embedded();
    search_clear(s);
    SearchResult net = run(s, &l, GO_ANALYZE, NULL);
    assert_int_not_equal(net.score, patterns.score);
    assert_true(search_params_set(search_params(s), "net_hybrid", 100));
    search_clear(s);
    assert_int_equal(run(s, &l, GO_ANALYZE, NULL).score, patterns.score);
    assert_true(search_params_set(search_params(s), "net_hybrid", 150));
    search_clear(s);
    assert_int_equal(run(s, &l, GO_ANALYZE, NULL).score, net.score);
    search_free(s);
}

/* A residual network's score is added to the patterns': with a network that gives every side to
 * move 50 centi-men, depth 1 scores 50 below the patterns (each child is 50 better for the
 * opponent), and the same network not residual scores -50 alone. */
static void test_residual_net_adds_to_the_patterns(void **state)
{
    (void)state;
    NetModel m, r;   /* the evaluation cache tells networks apart by their address */
    assert_true(net_alloc(&m, 32, 8, 1, false) && net_alloc(&r, 32, 8, 1, false));
    m.b3[0] = r.b3[0] = 50 * NET_ONE_A * NET_ONE_W3 / NET_OUT_CM + 1;   /* 50 centi-men, truncated */
    r.residual = true;
    Search *s = search_new(1);
    setup_game("W:W31-50:B1-19");   /* a man up, out of the book */
    SearchLimits l = {.depth = 1};
    SearchResult patterns = run(s, &l, GO_ANALYZE, NULL);
    assert_int_not_equal(patterns.score, 0);
    search_params(s)->net = &m;
    search_clear(s);
    assert_int_equal(run(s, &l, GO_ANALYZE, NULL).score, -50);
    search_params(s)->net = &r;
    search_clear(s);
    SearchResult residual = run(s, &l, GO_ANALYZE, NULL);
    assert_int_equal(residual.score, patterns.score - 50);
    assert_true(residual.best == patterns.best);
    search_free(s);
    net_free(&m);
    net_free(&r);
}

/* The largest correction a residual network m makes at the children of the game's position. */
static int largest_child_correction(const NetModel *m)
{
    MoveList list;
    movegen_generate(game_position(&game), &list);
    int largest = 0;
    for (int i = 0; i < list.count; i++) {
        Position child;
        make_move(game_position(&game), list.moves[i], &child, true);
        int c = abs(net_evaluate(m, &child));
        largest = c > largest ? c : largest;
    }
    return largest;
}

/* A depth search of the game's position by a fresh searcher (the evaluation cache outlives
 * search_clear) evaluating by m with net_lazy at lazy. */
static SearchResult run_lazy(const NetModel *m, int lazy, int depth)
{
    Search *s = search_new(1);
    search_params(s)->net = m;
    assert_true(search_params_set(search_params(s), "net_lazy", lazy));
    SearchLimits l = {.depth = depth};
    SearchResult r = run(s, &l, GO_ANALYZE, NULL);
    search_free(s);
    return r;
}

/* net_lazy skips a residual network's correction only where it cannot carry a leaf across its
 * window: at depth 1 (the children are the leaves) a margin above every child's correction keeps
 * the score and the move; at depth 5 a margin of 1 centi-man, far below the corrections, changes
 * the score. */
static void test_net_lazy_keeps_decisions_within_its_margin(void **state)
{
    (void)state;
    NetModel r;
    assert_true(net_alloc(&r, 32, 8, 1, false));
    net_randomize(&r, 7);
    r.b3[0] -= 150 * NET_ONE_A * NET_ONE_W3 / NET_OUT_CM;   /* corrections of both signs: 150 centi-men lower */
    r.residual = true;
    setup_game("W:W31-50:B1-19");   /* a man up, out of the book, no capture within two plies */
    SearchResult exact = run_lazy(&r, 0, 1);
    int margin = largest_child_correction(&r);
    assert_true(margin > 10);
    SearchResult lazy = run_lazy(&r, margin + 1, 1);
    assert_int_equal(lazy.score, exact.score);
    assert_true(lazy.best == exact.best);
    exact = run_lazy(&r, 0, 5);
    SearchResult rough = run_lazy(&r, 1, 5);
    assert_int_not_equal(rough.score, exact.score);
    net_free(&r);
}

int main(void)
{
    rules_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_net_scale_multiplies_the_net_score),
        cmocka_unit_test(test_net_hybrid_hands_unbalanced_positions_to_the_patterns),
        cmocka_unit_test(test_net_lazy_keeps_decisions_within_its_margin),
        cmocka_unit_test(test_residual_net_adds_to_the_patterns),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
