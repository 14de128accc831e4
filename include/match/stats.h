#pragma once
/* Match statistics: W-D-L, logistic Elo with a 95% interval and LOS from the pentanomial
 * distribution of game pairs (each opening played with both colours), normalized Elo (the score's
 * distance from one half in standard deviations, as fishtest and fastchess define it: how well a
 * match resolves, whatever its draw rate), and a generalised SPRT on the pentanomial likelihood
 * (as fishtest's) in either Elo. */
#include <stdint.h>

#define PENTA_BINS 5

/* Results from engine 1's point of view. A pair's score is engine 1's points over the two
 * games of one opening, in half points of 2: bin 0 = lost both, ..., bin 4 = won both. */
typedef struct {
    int64_t wins, draws, losses;
    int64_t penta[PENTA_BINS];
} MatchTally;

typedef struct {
    int64_t games, pairs;
    double score;       /* engine 1's points per game over all games, 0..1 */
    double pair_score;  /* mean per game over complete pairs, the base of elo */
    double elo;         /* logistic Elo difference, +-INFINITY at a 100% / 0% score */
    double elo_error;   /* half width of the 95% interval; NAN with fewer than 2 pairs */
    double los;         /* likelihood of superiority, 0..1; NAN with fewer than 2 pairs */
    /* (pair_score - 1/2) / sqrt(2 var) * 800 / ln 10, var the variance of a pair's per-game score:
     * NAN with fewer than 2 pairs or none of spread */
    double nelo;
    double nelo_error;  /* half width of its 95% interval, 1.96 * 800 / ln 10 / sqrt(2 pairs) */
} StatsReport;

/* SPRT_LOGISTIC: elo0 and elo1 are logistic Elo; SPRT_NORMALIZED: normalized Elo. */
typedef enum { SPRT_LOGISTIC = 0, SPRT_NORMALIZED } SprtModel;

typedef struct {
    double elo0, elo1, alpha, beta;
    SprtModel model;
} SprtParams;

typedef enum { SPRT_CONTINUE = 0, SPRT_H0, SPRT_H1 } SprtDecision;

typedef struct {
    double llr, lower, upper;
    SprtDecision decision;
} SprtState;

/* Expected score of a player rated elo above its opponent (logistic model). */
double stats_score_of_elo(double elo);

/* Inverse of stats_score_of_elo: -400 log10(1/score - 1); +-INFINITY at 1 and 0. */
double stats_elo_of_score(double score);

/* Counts one game; points is engine 1's result in half points of 2 (2 win, 1 draw, 0 loss). */
void stats_add_game(MatchTally *t, int points);

/* Counts one complete pair; points is engine 1's total over both games (0..4 half points). */
void stats_add_pair(MatchTally *t, int points);

/* Fills the report. The interval is elo(mean +- 1.96 sd/sqrt(pairs)) from the pair variance. */
void stats_report(const MatchTally *t, StatsReport *r);

/* Generalised log-likelihood ratio of H1 (score of elo1) against H0 (score of elo0): the
 * log-likelihood of the pair results under the maximum-likelihood pentanomial distribution
 * with mean s1, minus that with mean s0. Empty bins count as 1e-3 pairs (as fishtest does).
 * Under SPRT_NORMALIZED the score of E normalized Elo is 1/2 + E ln 10 / 800 * sqrt(2 var), var
 * the sample's pair variance (as fastchess turns normalized bounds into scores); with no spread
 * yet the llr is 0.
 * Also the Wald bounds log(beta/(1-alpha)), log((1-beta)/alpha) and the decision.
 * Unlike the normal approximation N (s1-s0)(2m-s0-s1)/(2 var), it stays small when a few
 * one-sided pairs make the sample variance vanish. */
void stats_sprt(const MatchTally *t, const SprtParams *p, SprtState *s);

/* Text of a decision: "continue", "H0 accepted", "H1 accepted". */
const char *stats_sprt_text(SprtDecision d);
