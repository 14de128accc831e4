#include "match/stats.h"

#include <math.h>

#define Z_95 1.959963984540054
#define EMPTY_BIN_WEIGHT 1e-3
/* 800 / ln 10: with a game's spread that of a coin (1/2), normalized Elo is the logistic Elo's
 * slope at an even score, so without draws the two agree near equality. */
#define NELO_SCALE (800.0 / 2.302585092994045684)

double stats_score_of_elo(double elo)
{
    return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}

double stats_elo_of_score(double score)
{
    if (score >= 1.0)
        return INFINITY;
    if (score <= 0.0)
        return -INFINITY;
    return -400.0 * log10(1.0 / score - 1.0);
}

void stats_add_game(MatchTally *t, int points)
{
    if (points >= 2)
        t->wins++;
    else if (points == 1)
        t->draws++;
    else
        t->losses++;
}

void stats_add_pair(MatchTally *t, int points)
{
    if (points >= 0 && points < PENTA_BINS)
        t->penta[points]++;
}

/* Mean and variance of the per-game score of a pair (bin i scores i/4) under weights w. */
static void penta_moments(const double w[PENTA_BINS], double *n, double *mean, double *var)
{
    double total = 0, sum = 0;
    for (int i = 0; i < PENTA_BINS; i++) {
        total += w[i];
        sum += w[i] * (i / 4.0);
    }
    double mu = total > 0 ? sum / total : 0.5, v = 0;
    for (int i = 0; i < PENTA_BINS && total > 0; i++)
        v += w[i] * (i / 4.0 - mu) * (i / 4.0 - mu);
    *n = total;
    *mean = mu;
    *var = total > 0 ? v / total : 0;
}

void stats_report(const MatchTally *t, StatsReport *r)
{
    r->games = t->wins + t->draws + t->losses;
    r->score = r->games ? (t->wins + 0.5 * t->draws) / (double)r->games : 0.5;
    r->pairs = 0;
    double w[PENTA_BINS];
    for (int i = 0; i < PENTA_BINS; i++) {
        r->pairs += t->penta[i];
        w[i] = (double)t->penta[i];
    }
    double n, mean, var;
    penta_moments(w, &n, &mean, &var);
    r->pair_score = mean;
    r->elo = stats_elo_of_score(mean);
    r->nelo = r->nelo_error = NAN;
    if (r->pairs < 2) {   /* one pair says nothing about the spread */
        r->elo_error = NAN;
        r->los = NAN;
        return;
    }
    if (var > 0) {
        r->nelo = (mean - 0.5) / sqrt(2.0 * var) * NELO_SCALE;
        r->nelo_error = Z_95 * NELO_SCALE / sqrt(2.0 * n);
    }
    double se = sqrt(var / n);
    r->elo_error = (stats_elo_of_score(mean + Z_95 * se) - stats_elo_of_score(mean - Z_95 * se)) / 2.0;
    if (se > 0)
        r->los = 0.5 * erfc(-(mean - 0.5) / se / sqrt(2.0));
    else
        r->los = mean > 0.5 ? 1.0 : mean < 0.5 ? 0.0 : 0.5;
}

/* The pentanomial distribution closest (maximum likelihood) to the observed frequencies w
 * whose mean is s: p_i = w_i / (1 + lambda (x_i - s)), lambda found by bisection on the open
 * interval where every 1 + lambda (x_i - s) stays positive. */
static void penta_mle(const double w[PENTA_BINS], double s, double p[PENTA_BINS])
{
    double d[PENTA_BINS], lo = -INFINITY, hi = INFINITY;
    for (int i = 0; i < PENTA_BINS; i++) {
        d[i] = i / 4.0 - s;
        if (d[i] > 0 && -1.0 / d[i] > lo)
            lo = -1.0 / d[i];
        if (d[i] < 0 && -1.0 / d[i] < hi)
            hi = -1.0 / d[i];
    }
    for (int iter = 0; iter < 200; iter++) {
        double mid = (lo + hi) / 2, g = 0;
        for (int i = 0; i < PENTA_BINS; i++)
            g += w[i] * d[i] / (1.0 + mid * d[i]);
        if (g > 0)
            lo = mid;
        else
            hi = mid;
    }
    double lambda = (lo + hi) / 2;
    for (int i = 0; i < PENTA_BINS; i++)
        p[i] = w[i] / (1.0 + lambda * d[i]);
}

void stats_sprt(const MatchTally *t, const SprtParams *p, SprtState *s)
{
    s->lower = log(p->beta / (1.0 - p->alpha));
    s->upper = log((1.0 - p->beta) / p->alpha);
    s->llr = 0;
    s->decision = SPRT_CONTINUE;
    double w[PENTA_BINS], n = 0, s0, s1;
    int64_t pairs = 0;
    for (int i = 0; i < PENTA_BINS; i++) {
        pairs += t->penta[i];
        w[i] = (double)t->penta[i];
    }
    if (pairs == 0)
        return;
    if (p->model == SPRT_NORMALIZED) {
        double count, mean, var;
        penta_moments(w, &count, &mean, &var);
        if (var <= 0)
            return;
        s0 = 0.5 + p->elo0 / NELO_SCALE * sqrt(2.0 * var);
        s1 = 0.5 + p->elo1 / NELO_SCALE * sqrt(2.0 * var);
        if (s0 <= 0 || s1 >= 1)   /* bounds beyond any score: no evidence either way */
            return;
    } else {
        s0 = stats_score_of_elo(p->elo0);
        s1 = stats_score_of_elo(p->elo1);
    }
    for (int i = 0; i < PENTA_BINS; i++) {
        w[i] = t->penta[i] ? (double)t->penta[i] : EMPTY_BIN_WEIGHT;
        n += w[i];
    }
    for (int i = 0; i < PENTA_BINS; i++)
        w[i] /= n;
    double p0[PENTA_BINS], p1[PENTA_BINS];
    penta_mle(w, s0, p0);
    penta_mle(w, s1, p1);
    for (int i = 0; i < PENTA_BINS; i++)
        s->llr += n * w[i] * log(p1[i] / p0[i]);
    if (s->llr >= s->upper)
        s->decision = SPRT_H1;
    else if (s->llr <= s->lower)
        s->decision = SPRT_H0;
}

const char *stats_sprt_text(SprtDecision d)
{
    switch (d) {
    case SPRT_H0: return "H0 accepted";
    case SPRT_H1: return "H1 accepted";
    default: return "continue";
    }
}
