/* Bradley-Terry ratings against cases worked out by hand (python3 for the arithmetic):
 *   p(x) = 1/(1+10**(-x/400)); k = ln(10)/400 (nats per Elo); z = 1.959963984540054
 *   two engines, 4 games, 3 points: x = 400*log10(3) = 190.84850188786498,
 *     error z*sqrt(1/(4*p*(1-p)))/k with p = 3/4: 393.15315208777747
 *   three engines, 8 games a pair, A 6 of 8 against B, B 6 of 8 against C, A 4 of 8 against C:
 *     by symmetry A = B + x, C = B - x, x solving p(x) + p(2x) = 5/4 (bisection): 59.58631567240136;
 *     A's error: the Fisher information I = n*[[a+b, -b], [-b, a+b]], a = p(x)(1-p(x)),
 *     b = p(2x)(1-p(2x)), z*sqrt(inv(I)[0][0])/k = 200.92135393585244
 *   four draws: 0 apart, error z*sqrt(1/(4/4))/k = 340.4806172859423 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "match/ratings.h"

/* Adds games between i and j in which i scored points. */
static void meet(RatingsInput *in, int i, int j, double games, double points)
{
    in->games[i][j] += games, in->games[j][i] += games;
    in->points[i][j] += points, in->points[j][i] += games - points;
}

static void test_two_engines(void **state)
{
    (void)state;
    RatingsInput in = {.count = 2};
    meet(&in, 0, 1, 4, 3);
    Ratings r;
    assert_true(ratings_fit(&in, 1, 0, &r));
    assert_float_equal(r.elo[0], 190.84850188786498, 1e-6);
    assert_float_equal(r.error[0], 393.15315208777747, 1e-6);
    assert_float_equal(r.elo[1], 0, 0);
    assert_float_equal(r.error[1], 0, 0);
    assert_true(ratings_fit(&in, 0, 2000, &r));   /* the other anchor: the same gap */
    assert_float_equal(r.elo[1], 2000 - 190.84850188786498, 1e-6);
}

static void test_three_engines_by_symmetry(void **state)
{
    (void)state;
    RatingsInput in = {.count = 3};
    meet(&in, 0, 1, 8, 6);
    meet(&in, 1, 2, 8, 6);
    meet(&in, 0, 2, 8, 4);
    Ratings r;
    assert_true(ratings_fit(&in, 1, 1000, &r));
    assert_float_equal(r.elo[0], 1000 + 59.58631567240136, 1e-6);
    assert_float_equal(r.elo[2], 1000 - 59.58631567240136, 1e-6);
    assert_float_equal(r.error[0], 200.92135393585244, 1e-6);
    assert_float_equal(r.error[2], 200.92135393585244, 1e-6);
}

static void test_perfect_score_is_infinite(void **state)
{
    (void)state;
    RatingsInput in = {.count = 3};
    meet(&in, 0, 1, 2, 2);   /* engine 0 won both games it played */
    meet(&in, 1, 2, 4, 2);   /* 1 and 2: four draws */
    Ratings r;
    assert_true(ratings_fit(&in, 1, 0, &r));
    assert_true(isinf(r.elo[0]) && r.elo[0] > 0);
    assert_true(isnan(r.error[0]));
    assert_float_equal(r.elo[2], 0, 1e-9);
    assert_float_equal(r.error[2], 340.4806172859423, 1e-6);
    assert_true(ratings_fit(&in, 0, 0, &r));   /* seen from the winner, the rest are infinitely below */
    assert_true(isinf(r.elo[1]) && r.elo[1] < 0);
    assert_true(isinf(r.elo[2]) && r.elo[2] < 0);
}

static void test_unconnected_engine_cannot_be_rated(void **state)
{
    (void)state;
    RatingsInput in = {.count = 3};
    meet(&in, 0, 1, 4, 3);
    Ratings r;
    assert_false(ratings_fit(&in, 0, 0, &r));
    assert_true(isnan(r.elo[2]));
    assert_float_equal(r.elo[1], -190.84850188786498, 1e-6);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_engines),
        cmocka_unit_test(test_three_engines_by_symmetry),
        cmocka_unit_test(test_perfect_score_is_infinite),
        cmocka_unit_test(test_unconnected_engine_cannot_be_rated),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
