/* Evaluation weights (mg, eg) in centi-men. Hand-set v1; `./engine tune` regenerates this file. */
#include "eval.h"

const EvalWeight eval_weights[EVAL_TERM_COUNT] = {
    [EVAL_MAN] = {100, 100},
    [EVAL_KING] = {240, 240},
    [EVAL_KING_FIRST] = {60, 40},
    [EVAL_TEMPO] = {1, 3},
    [EVAL_BACK_RANK] = {0, -3},
    [EVAL_BACK_GUARD] = {4, 2},
    [EVAL_CENTRE] = {6, 2},
    [EVAL_BALANCE] = {-4, -2},
    [EVAL_OUTPOST] = {6, 2},
    [EVAL_OUTPOST_WEAK] = {-6, -2},
    [EVAL_LOCKED] = {-3, -6},
    [EVAL_TAIL] = {2, 1},
    [EVAL_HOOK] = {-4, -2},
    [EVAL_RUNAWAY] = {50, 80},
    [EVAL_RUNAWAY_ROWS] = {5, 10},
    [EVAL_KING_MOBILITY] = {1, 2},
    [EVAL_KING_DIAGONAL] = {10, 20},
};
