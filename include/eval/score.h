#pragma once
/* The score scale every layer above the rules shares: centi-men from the side to move's point of
 * view (100 = one man). The evaluation stays below SCORE_EVAL_MAX; the search's proven results
 * lie above it: table wins below SCORE_BB_WIN, mates below SCORE_WIN. */
#include <stddef.h>

typedef int Score;

#define SCORE_EVAL_MAX 8000
#define SCORE_BB_WIN 8500        /* a position the bitbases win, p plies away: SCORE_BB_WIN - p */
#define SCORE_WIN 10000          /* a win in p plies scores SCORE_WIN - p */
#define SCORE_WIN_MIN (SCORE_WIN - 1000)
#define SCORE_INF 10000

/* Writes score in men with two decimals ("0.25", "-1.00", "99.97") into buf, as the Hub
 * protocol, the terminal and the book builder show scores. */
void score_format(Score score, char *buf, size_t size);
