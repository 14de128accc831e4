#pragma once
/* How a move is judged: the mover's winning chances before and after it, the chances it lost, and
 * the glyph and notes that loss earns. Pure functions of scores (centi-men, the search's scale), so
 * that every threshold is tested on numbers.
 *
 * Winning chances are the expected result (win 1, draw 1/2, loss 0) of the logistic model tune
 * fits to self-play results: sigmoid(K * score). A proven result (a win found by the search or the
 * bitbases) counts as a sure one. */
#include <stdbool.h>
#include "eval/score.h"

/* K of sigmoid(K * score), per centi-man: the value `engine tune` fitted on round 7's self-play
 * results and passed with --k to the fits of rounds 8 and 9 (its fits on other data gave 0.0084 to
 * 0.0085): a man up wins 70% of the points, two men 85%. */
#define ANNOTATE_K 0.008747

/* A move's class, from the chances it lost; ordered by gravity. */
typedef enum {
    ANNOTATE_GOOD = 0,
    ANNOTATE_INACCURACY,   /* ?! */
    ANNOTATE_MISTAKE,      /* ? */
    ANNOTATE_BLUNDER,      /* ?? */
    ANNOTATE_CLASSES
} AnnotateClass;

/* One row of the thresholds table: a move losing at least min_loss of the mover's winning chances
 * (0..1) is of class cls. */
typedef struct {
    AnnotateClass cls;
    double min_loss;
    const char *glyph;   /* "?!", "?", "??" */
    const char *name;    /* "inaccuracy", "mistake", "blunder" */
} AnnotateThreshold;

/* The thresholds, gravest last (ANNOTATE_CLASSES - 1 rows, from ANNOTATE_INACCURACY up). */
extern const AnnotateThreshold ANNOTATE_THRESHOLDS[ANNOTATE_CLASSES - 1];

/* "!": the best move, when it keeps at least ANNOTATE_HOLDS of the chances (a draw or better, in
 * round numbers) and every other move loses at least ANNOTATE_ONLY_MARGIN (a blunder's loss). */
#define ANNOTATE_HOLDS 0.40
#define ANNOTATE_ONLY_MARGIN 0.22
/* "winning": at least these chances, or a proven win; a note marks the move that gives it up
 * ("missed win") and the one that hands it to the opponent ("Black is winning now"). */
#define ANNOTATE_WINNING 0.85

/* A score's losses are clamped to this (10 men) when averaged: one lost game weighs as 10 men, not
 * as the distance between a win and an evaluation. */
#define ANNOTATE_LOSS_CAP 1000

/* Notes on a move, bits of a mask. */
enum {
    ANNOTATE_NOTE_MISSED_WIN = 1,   /* the mover was winning and is not after the move */
    ANNOTATE_NOTE_NOW_WINNING = 2,  /* the move made the opponent winning (from less) */
    ANNOTATE_NOTE_FORCED_WIN = 4,   /* after the move a side has a proven win that was not proven before */
};

/* Whether score (any view) is a proven win for that view's side: a win the search or the bitbases
 * found, beyond every evaluation. */
bool annotate_proven_win(Score score);

/* The winning chances (0..1) of the side whose score it is. */
double annotate_chance(Score score);

/* The chances the mover lost: chance(best) - chance(played), at least 0. Both scores are the
 * mover's view: best that of the best line, played that of the position after the move. */
double annotate_loss(Score best, Score played);

/* The score the mover lost, in centi-men (mover's view), at least 0 and at most ANNOTATE_LOSS_CAP. */
int annotate_loss_cm(Score best, Score played);

/* The class of a move that lost loss of the chances. */
AnnotateClass annotate_classify(double loss);

/* The glyph ("?!", "?", "??") and name ("inaccuracy", ...) of a class; "" for ANNOTATE_GOOD. */
const char *annotate_glyph(AnnotateClass cls);
const char *annotate_class_name(AnnotateClass cls);

/* Whether the best move, scoring best, deserves "!" when the second best scores second (both the
 * mover's view) and the position has legal_moves moves, captures when capture: never for a capture,
 * compulsory in draughts, where the one that keeps the material is no find. */
bool annotate_only_move(Score best, Score second, int legal_moves, bool capture);

/* The notes (ANNOTATE_NOTE_* bits) of a move: best is the best line's score before it and played
 * the score after it, both the mover's view. A missed win and a win handed over are noted only for
 * a move that earns a glyph. */
unsigned annotate_notes(Score best, Score played);
