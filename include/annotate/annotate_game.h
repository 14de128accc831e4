#pragma once
/* The analysis of one game: a search of every position of a PDN record (the transposition table
 * kept from one position to the next), and each move judged against the best line of the position
 * before it (annotate_judge). Scores are kept from White's view. */
#include <stdbool.h>
#include <stdint.h>
#include "annotate/annotate_judge.h"
#include "pdn/pdn_game.h"
#include "search/search.h"

#define ANNOTATE_LINE_PLIES 10    /* the best line shown is cut to this many moves */
#define ANNOTATE_LINE_MAX 640     /* its PDN text, numbers included */
/* "!" is for a find: an only move that a search this shallow would play anyway is no find (see
 * annotate_game.c for the measure behind it). */
#define ANNOTATE_FIND_DEPTH 4

/* How a game is analysed. */
typedef struct {
    SearchLimits limits;   /* per position: nodes, depth or move-time */
    bool backward;         /* search the positions from the last to the first (see annotate_game.c) */
    bool judge[2];         /* indexed by Color: whose moves are judged (both are scored) */
    int find_depth;        /* "!" only for a move a search of this depth does not choose (0: every
                              only move gets it); ANNOTATE_FIND_DEPTH by default */
} AnnotateConfig;

/* One move of the game as analysed. Scores are White's view, in centi-men. */
typedef struct {
    Score best;                    /* the best line's score in the position before the move */
    Score after;                   /* the position after the move */
    Score second;                  /* the second best line's (when has_second) */
    bool has_second;
    Move best_move;
    char line[ANNOTATE_LINE_MAX];  /* the best line from the position before, as PDN movetext */
    int legal;                     /* the legal moves of the position before */
    bool capture;                  /* they are captures */
    bool judged;                   /* its side is judged; the fields below are then set */
    double loss;                   /* the mover's winning chances lost (0..1) */
    int loss_cm;                   /* the mover's score lost, centi-men, capped (annotate_judge.h) */
    AnnotateClass cls;
    bool only;                     /* "!": the only move that holds or wins */
    unsigned notes;                /* ANNOTATE_NOTE_* */
} AnnotateMove;

typedef struct {
    AnnotateMove *moves;
    int count;            /* the moves analysed: the record's, up to the rules' history limit */
    Score start;          /* White's view of the start position (the first move's best) */
    Score end;            /* White's view of the position after the last analysed move */
    uint64_t nodes;
    double time;          /* seconds of search */
} AnnotateAnalysis;

/* Called after each position searched with the number searched so far in this game. */
typedef void (*AnnotateProgress)(void *ctx, int positions);

/* The positions annotate_game_analyse searches in g: one per move and the last one. */
int annotate_game_positions(const PdnGame *g);

/* Analyses g with s (whose threads and table the caller set; the table is cleared first, then kept
 * between positions) into a, which the caller releases with annotate_analysis_free. progress may
 * be NULL. False when out of memory. */
bool annotate_game_analyse(Search *s, const PdnGame *g, const AnnotateConfig *cfg, AnnotateProgress progress,
                           void *ctx, AnnotateAnalysis *a);

/* Releases what a holds. */
void annotate_analysis_free(AnnotateAnalysis *a);
