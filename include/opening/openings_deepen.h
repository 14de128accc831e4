#pragma once
/* Fresh match openings: each start position (the ballots by default) played a few plies deeper by
 * the engine's own searches, choosing at random among the moves close to the best, and kept only
 * when a deeper search puts the edge of one side inside a band: balanced openings (band 0..30),
 * or unbalanced ones that resolve more games at long controls (one side 40..90 ahead, say; a
 * match plays each with both colours). Openings nobody tuned on, for honest strength figures. */
#include <stdbool.h>
#include "rules/variant.h"

typedef struct {
    const char *out;    /* the openings written, one FEN a line after # comment lines */
    const char *from;   /* start positions, one a line (NULL: the built-in ballots) */
    Variant variant;
    long count;         /* openings asked for; start position i % starts is deepened for opening i */
    long plies;         /* plies played from the start position */
    long nodes;         /* nodes of the search that ranks the moves at each ply */
    long margin;        /* centi-men: the moves chosen from are at most this far below the best */
    long band_lo, band_hi;   /* centi-men: a kept opening's score s has band_lo <= |s| <= band_hi */
    long seed;
    long threads;       /* openings made at once (the output is the same whatever the count) */
} OpeningsDeepenConfig;

/* The defaults of every field but out and from. */
void openings_deepen_default(OpeningsDeepenConfig *cfg);

/* Makes cfg->count openings (fewer when some found no line in the band or repeat an earlier one,
 * which the summary line on stderr counts) and writes them to cfg->out. Opening i depends on
 * (seed, i) alone. False after printing why when the start positions cannot be read, the output
 * cannot be written or memory is short. */
bool openings_deepen_run(const OpeningsDeepenConfig *cfg);
