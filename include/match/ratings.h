#pragma once
/* Ratings of the engines of a tournament from all of its games: the Bradley-Terry model on the
 * logistic Elo scale (as Ordo and BayesElo fit it), P(i beats j) = 1 / (1 + 10^((Rj - Ri) / 400)),
 * fitted by maximum likelihood with a draw counted as half a win and half a loss, and 95% intervals
 * from the inverse of the Fisher information, all relative to an anchor engine held fixed. */
#include <stdbool.h>

#define RATINGS_MAX_ENGINES 32

typedef struct {
    int count;                                             /* engines */
    double games[RATINGS_MAX_ENGINES][RATINGS_MAX_ENGINES];   /* games between i and j (symmetric) */
    double points[RATINGS_MAX_ENGINES][RATINGS_MAX_ENGINES];  /* i's points against j: 1 a win, 1/2 a draw */
} RatingsInput;

typedef struct {
    double elo[RATINGS_MAX_ENGINES];     /* +-INFINITY for an engine no finite rating fits (it won or
                                          * lost every game that ties it to the others) */
    double error[RATINGS_MAX_ENGINES];   /* half width of the 95% interval; 0 for the anchor, NAN when
                                          * it cannot be told (an infinite rating, no games) */
} Ratings;

/* Fits in's ratings with engine anchor at anchor_elo. False when some engine's rating cannot be
 * told (NAN): no chain of results ranks it against the anchor either way. */
bool ratings_fit(const RatingsInput *in, int anchor, double anchor_elo, Ratings *out);
