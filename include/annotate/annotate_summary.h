#pragma once
/* The count of a game's judged moves per side (moves, inaccuracies, mistakes, blunders, average
 * loss), its one-line text and the terminal's table of games. */
#include <stdio.h>
#include "annotate/annotate_game.h"

typedef struct {
    int moves;                     /* judged moves */
    int count[ANNOTATE_CLASSES];   /* of each class (count[ANNOTATE_GOOD]: without a glyph) */
    int only;                      /* moves given "!" */
    long loss_cm;                  /* the sum of their capped losses */
} AnnotateSide;

typedef struct {
    AnnotateSide side[2];   /* indexed by Color */
} AnnotateSummary;

/* Counts the judged moves of a, the analysis of g, into s. */
void annotate_summary_count(const PdnGame *g, const AnnotateAnalysis *a, AnnotateSummary *s);

/* Adds the counts of from to to (for totals over games). */
void annotate_summary_add(AnnotateSummary *to, const AnnotateSummary *from);

/* The average loss of a side's moves, in men (0 without moves). */
double annotate_side_average(const AnnotateSide *s);

/* "41 moves, 2 inaccuracies, 1 mistake, 0 blunders, average loss 0.08 men" into buf. */
void annotate_side_text(const AnnotateSide *s, char *buf, size_t size);

/* The table's heading. */
void annotate_table_header(FILE *out);

/* The table's rows of one game (numbered game in its file; names and result from g's tags; a side
 * without judged moves has no row). label replaces the number when not NULL ("all"). */
void annotate_table_rows(FILE *out, int game, const char *label, const PdnGame *g, const AnnotateSummary *s);
