#pragma once
/* The chart of an analysed game as plain SVG: the score after every move (White's view, in men,
 * cut at +-ANNOTATE_SVG_RANGE) over the move number, the judged moves' glyphs marked in colour,
 * the players and the result in the title. */
#include <stdbool.h>
#include <stdio.h>
#include "annotate/annotate_game.h"

#define ANNOTATE_SVG_RANGE 5   /* men above and below 0 the chart shows */

/* Writes the chart of a, the analysis of g, to out; false when the stream reports an error. */
bool annotate_svg_write(FILE *out, const PdnGame *g, const AnnotateAnalysis *a);
