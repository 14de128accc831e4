#pragma once
/* An analysis written into its PDN record, as comments, glyphs and variations beside what the
 * record already holds (nothing of it is removed), so that pdn_write gives the annotated game. */
#include <stdbool.h>
#include "annotate/annotate_game.h"
#include "annotate/annotate_summary.h"
#include "pdn/pdn_read.h"

#define ANNOTATE_ANNOTATOR "Zwaluw annotate"   /* the Annotator tag's value starts so */

/* Adds to g the analysis a and its summary s: an Annotator tag ("Zwaluw annotate, LIMIT", after the
 * player's own if he has one), a
 * comment before the first move (the limit, the score's view, the glyphs' thresholds, the start's
 * score and each side's summary), after every analysed move a comment "BEFORE -> AFTER" (White's
 * view, in men) with its class, the best move and notes, the best line as a variation after a
 * move that earned a glyph or missed a win, and the glyph itself when the move has none yet.
 * limit names the search limit ("nodes=1000000"). False when out of memory. */
bool annotate_record(PdnGame *g, const AnnotateAnalysis *a, const AnnotateSummary *s, const char *limit);

/* Takes out of g what an earlier annotate_record put in, so that a file annotated again gets one
 * set of annotations: the summary before the first move and, when an Annotator tag is ours, that
 * tag, the move comments "BEFORE -> AFTER ...", the variations of the best move they name and the
 * glyphs they name when the move still has them. The player's own tags, comments, variations and
 * glyphs stay, and so does the note of a game once skipped as broken. */
void annotate_record_strip(PdnGame *g);

/* Adds to the broken record g a comment before its first move saying it was not annotated and why
 * (e: the game's number, the line, the move when it is one, why). False when out of memory. */
bool annotate_record_skipped(PdnGame *g, const PdnError *e);
