#pragma once
/* The statistics block that ends a match, and that `match --merge` prints for shards' games:
 * W-D-L, score, pentanomial counts, logistic Elo with LOS, normalized Elo with the draw rate, and
 * the SPRT state when one is asked for. One printer, so that a merged report reads as one run's. */
#include <stdio.h>
#include "match/stats.h"

/* Prints the block for tally t; with sprt (may be NULL) its line too, saying that it stopped the
 * match after stop_game games when stop_game is above 0. */
void match_report_print(FILE *out, const MatchTally *t, const SprtParams *sprt, int stop_game);

/* "+12.3", "+inf" or "-inf": an Elo figure as the reports print it. */
void match_report_format_elo(double elo, char *buf, size_t size);

/* "12.3", or "n/a" when there is no interval: a half width as the reports print it. */
void match_report_format_error(double err, char *buf, size_t size);
