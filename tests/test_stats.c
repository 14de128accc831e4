/* Elo, error bars, LOS and SPRT arithmetic against values computed independently with python3:
 *   mom(c): n = sum(c), mu = sum(c[i]*i/4)/n, var = sum(c[i]*(i/4-mu)**2)/n
 *   elo(s) = -400*log10(1/s-1); err = (elo(mu+1.959964*se) - elo(mu-1.959964*se))/2, se = sqrt(var/n)
 *   los = 0.5*(1+erf((mu-0.5)/se/sqrt(2)))
 *   nelo = (mu-0.5)/sqrt(2*var)*800/log(10); its error (nelo(mu+1.959964*se) - nelo(mu-1.959964*se))/2
 *   normalized llr: as llr with s = 0.5 + e*log(10)/800*sqrt(2*var) (var of the raw counts)
 *   llr: zero bins replaced by 1e-3, w = c/sum(c), s = 1/(1+10**(-elo/400)); for each hypothesis
 *   p_i = w_i/(1+lam*(i/4-s)) with lam solving sum(w_i*(i/4-s)/(1+lam*(i/4-s))) = 0 (bisection,
 *   300 steps, in python); llr = sum(c) * sum(w_i*log(p1_i/p0_i)). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "match/stats.h"

static MatchTally tally(int64_t a, int64_t b, int64_t c, int64_t d, int64_t e)
{
    MatchTally t = {0};
    int64_t bins[PENTA_BINS] = {a, b, c, d, e};
    for (int i = 0; i < PENTA_BINS; i++)
        for (int64_t k = 0; k < bins[i]; k++) {
            stats_add_pair(&t, i);
            /* the two games of a pair with i half points: 0+0, 1+0, 1+1, 2+1, 2+2 */
            int g1 = (i + 1) / 2, g2 = i - g1;
            stats_add_game(&t, g1);
            stats_add_game(&t, g2);
        }
    return t;
}

static void test_elo_score_roundtrip(void **state)
{
    (void)state;
    /* 1/(1+10**(-100/400)) = 0.6400649998028851 */
    assert_float_equal(stats_score_of_elo(100), 0.6400649998028851, 1e-12);
    assert_float_equal(stats_elo_of_score(0.6400649998028851), 100.0, 1e-9);
    assert_float_equal(stats_elo_of_score(0.5), 0.0, 1e-12);
    assert_true(isinf(stats_elo_of_score(1.0)) && stats_elo_of_score(1.0) > 0);
    assert_true(isinf(stats_elo_of_score(0.0)) && stats_elo_of_score(0.0) < 0);
}

static void test_report_pentanomial(void **state)
{
    (void)state;
    /* c = [3,10,40,25,12]: mu = 0.5916666666666667, var = 0.05756944444444445,
     * elo = 64.42490747622466, err = 35.781799989064844, los = 0.9998551860572626 */
    MatchTally t = tally(3, 10, 40, 25, 12);
    StatsReport r;
    stats_report(&t, &r);
    assert_int_equal(r.pairs, 90);
    assert_int_equal(r.games, 180);
    /* games: bins 3 and 4 give a win each, bin 2 two draws... W = 25+12*2 = 49 (+ bin 3 draws 25),
     * D = 10 + 40*2 + 25 = 115, L = 3*2 + 10 = 16: score (49 + 57.5)/180 = mu */
    assert_int_equal(t.wins, 49);
    assert_int_equal(t.draws, 115);
    assert_int_equal(t.losses, 16);
    assert_float_equal(r.score, 0.5916666666666667, 1e-12);
    assert_float_equal(r.pair_score, 0.5916666666666667, 1e-12);
    assert_float_equal(r.elo, 64.42490747622466, 1e-9);
    assert_float_equal(r.elo_error, 35.781799989064844, 1e-9);
    assert_float_equal(r.los, 0.9998551860572626, 1e-12);
    /* nelo = 93.85874012609337, its error 50.75585368483049 (= 1.96*800/ln 10/sqrt(180)) */
    assert_float_equal(r.nelo, 93.85874012609337, 1e-9);
    assert_float_equal(r.nelo_error, 50.75585368483049, 1e-9);
}

static void test_report_small_and_degenerate(void **state)
{
    (void)state;
    /* c = [0,2,10,6,0]: elo = 38.76400520322261, err = 51.45903238643428, los = 0.9331927987311419 */
    MatchTally t = tally(0, 2, 10, 6, 0);
    StatsReport r;
    stats_report(&t, &r);
    assert_float_equal(r.elo, 38.76400520322261, 1e-9);
    assert_float_equal(r.elo_error, 51.45903238643428, 1e-9);
    assert_float_equal(r.los, 0.9331927987311419, 1e-12);
    /* nelo = 86.8588963806504 +- 113.49353909531406: a smaller logistic Elo, yet as resolved */
    assert_float_equal(r.nelo, 86.8588963806504, 1e-9);
    assert_float_equal(r.nelo_error, 113.49353909531406, 1e-9);

    /* all pairs drawn: zero variance, Elo 0 +- 0, LOS one half */
    t = tally(0, 0, 5, 0, 0);
    stats_report(&t, &r);
    assert_float_equal(r.elo, 0.0, 1e-12);
    assert_float_equal(r.elo_error, 0.0, 1e-12);
    assert_float_equal(r.los, 0.5, 1e-12);
    assert_true(isnan(r.nelo) && isnan(r.nelo_error));   /* no spread: no t-value */

    /* no complete pair yet: a single game counts in the score only */
    MatchTally one = {0};
    stats_add_game(&one, 2);
    stats_report(&one, &r);
    assert_int_equal(r.games, 1);
    assert_float_equal(r.score, 1.0, 1e-12);
    assert_true(isnan(r.elo_error));
    assert_true(isnan(r.los));
    /* one pair: an Elo, but no spread to build an interval from */
    t = tally(0, 1, 0, 0, 0);
    stats_report(&t, &r);
    assert_float_equal(r.elo, stats_elo_of_score(0.25), 1e-12);
    assert_true(isnan(r.elo_error));
    assert_true(isnan(r.los));
    assert_true(isnan(r.nelo));
}

static void test_sprt_llr(void **state)
{
    (void)state;
    SprtParams p = {0, 5, 0.05, 0.05, SPRT_LOGISTIC};
    SprtState s;
    /* bounds: log(0.05/0.95) = -2.9444389791664403 */
    MatchTally t = tally(3, 10, 40, 25, 12);
    stats_sprt(&t, &p, &s);
    assert_float_equal(s.lower, -2.9444389791664403, 1e-12);
    assert_float_equal(s.upper, 2.9444389791664403, 1e-12);
    assert_float_equal(s.llr, 0.8405914057152645, 1e-9);
    assert_int_equal(s.decision, SPRT_CONTINUE);

    SprtParams q = {-3, 1, 0.05, 0.05, SPRT_LOGISTIC};
    stats_sprt(&t, &q, &s);
    assert_float_equal(s.llr, 0.700490601140781, 1e-9);

    /* zero bins regularised with 1e-3: c = [0,2,10,6,0] -> 0.24230032475470198 */
    t = tally(0, 2, 10, 6, 0);
    stats_sprt(&t, &p, &s);
    assert_float_equal(s.llr, 0.24230032475470198, 1e-9);
    /* a single lost pair: [1,0,0,0,0] -> -0.014523779645967757 (about log(1 - s1)/(1 - s0)):
     * one pair is weak evidence, where the normal approximation would give -1.94 */
    t = tally(1, 0, 0, 0, 0);
    stats_sprt(&t, &p, &s);
    assert_float_equal(s.llr, -0.014523779645967757, 1e-9);
}

static void test_sprt_normalized(void **state)
{
    (void)state;
    SprtParams p = {0, 5, 0.05, 0.05, SPRT_NORMALIZED};
    SprtState s;
    /* [3,10,40,25,12]: s1 = 0.5048832248623579, llr 0.5760688073795022 */
    MatchTally t = tally(3, 10, 40, 25, 12);
    stats_sprt(&t, &p, &s);
    assert_float_equal(s.llr, 0.5760688073795022, 1e-9);
    /* [0,2,10,6,0] -> 0.11088362370109345; 4x [3,10,40,25,12] -> 2.3042752295180087 */
    t = tally(0, 2, 10, 6, 0);
    stats_sprt(&t, &p, &s);
    assert_float_equal(s.llr, 0.11088362370109345, 1e-9);
    t = tally(12, 40, 160, 100, 48);
    stats_sprt(&t, &p, &s);
    assert_float_equal(s.llr, 2.3042752295180087, 1e-9);
    assert_int_equal(s.decision, SPRT_CONTINUE);
    /* all pairs drawn: no spread, no evidence */
    t = tally(0, 0, 7, 0, 0);
    stats_sprt(&t, &p, &s);
    assert_float_equal(s.llr, 0.0, 0);
}

static void test_sprt_decisions(void **state)
{
    (void)state;
    SprtParams p = {0, 5, 0.05, 0.05, SPRT_LOGISTIC};
    SprtState s;
    /* same proportions, 4x the pairs: llr = 4 * 0.8405914057152645 = 3.96 > 2.944 */
    MatchTally t = tally(12, 40, 160, 100, 48);
    stats_sprt(&t, &p, &s);
    assert_float_equal(s.llr, 4 * 0.8405914057152645, 1e-9);
    assert_int_equal(s.decision, SPRT_H1);
    /* mirrored results: llr = -3.5603573191997158 < -2.944 */
    t = tally(48, 100, 160, 40, 12);
    stats_sprt(&t, &p, &s);
    assert_float_equal(s.llr, -3.5603573191997158, 1e-9);
    assert_int_equal(s.decision, SPRT_H0);
    /* one won pair at elo1 = 20: 0.05601667565975597, near log(s1/s0) */
    SprtParams q = {0, 20, 0.05, 0.05, SPRT_LOGISTIC};
    t = tally(0, 0, 0, 0, 1);
    stats_sprt(&t, &q, &s);
    assert_float_equal(s.llr, 0.05601667565975597, 1e-9);
    assert_int_equal(s.decision, SPRT_CONTINUE);
    /* nothing played: llr 0, continue */
    MatchTally empty = {0};
    stats_sprt(&empty, &p, &s);
    assert_float_equal(s.llr, 0.0, 0);
    assert_int_equal(s.decision, SPRT_CONTINUE);
    assert_string_equal(stats_sprt_text(SPRT_H1), "H1 accepted");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_elo_score_roundtrip),
        cmocka_unit_test(test_report_pentanomial),
        cmocka_unit_test(test_report_small_and_degenerate),
        cmocka_unit_test(test_sprt_llr),
        cmocka_unit_test(test_sprt_normalized),
        cmocka_unit_test(test_sprt_decisions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
