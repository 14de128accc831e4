#pragma once
/* `engine annotate`'s run over a PDN file: the games chosen, each analysed (annotate_game) and
 * written back annotated (annotate_record), broken games written back as read with a note and
 * skipped, a chart per game (annotate_svg), the table of games, a progress line on a terminal and
 * a time estimate before a long run. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "annotate/annotate_game.h"
#include "util/game_list.h"

#define ANNOTATE_DEFAULT_NODES 1000000
#define ANNOTATE_TT_MIB 64
#define ANNOTATE_SKIPPED_LISTED 20   /* skipped games named in the run's last line */
#define ANNOTATE_ESTIMATE_MIN 30.0   /* seconds: a run estimated longer says so before it starts */
#define ANNOTATE_SAMPLES_MIN 4       /* positions of the games timed for the estimate: a fiftieth, */
#define ANNOTATE_SAMPLES_MAX 32      /* within these bounds */

typedef struct {
    AnnotateConfig game;   /* limits, order, sides judged */
    int threads;           /* search threads (1: no helpers) */
    GameList games;        /* by number in the file */
    const char *svg_dir;   /* a chart per game into this folder (made if missing); NULL: none */
    Variant variant;       /* of games whose tags name none (pdn_reader_set_variant) */
} AnnotateRunConfig;

typedef struct {
    int games;          /* games read in the file */
    int annotated;
    int skipped;        /* chosen but broken: written back unannotated */
    int skipped_games[ANNOTATE_SKIPPED_LISTED];   /* the numbers of the first of them */
    long positions;     /* positions searched */
    uint64_t nodes;
    double time;        /* seconds of the whole run */
} AnnotateTotals;

/* "nodes=1000000", "depth=12" or "move-time=0.5": the limit of limits, into buf. */
void annotate_limit_text(const SearchLimits *limits, char *buf, size_t size);

/* Annotates the games of the PDN stream in (read twice: it must be a file, rewound in between;
 * called name in messages) chosen by cfg: writes them to
 * out, the table of games to table, the messages (a broken game: one line each, the file, game,
 * line, move and why), the time estimate and, when err is a terminal, a progress line to err.
 * Returns false after a message on err when the file cannot be read, the chart folder cannot be
 * made, the output cannot be written or memory runs out; broken games are no failure. */
bool annotate_run(FILE *in, const char *name, const AnnotateRunConfig *cfg, FILE *out, FILE *table, FILE *err,
                  AnnotateTotals *totals);
