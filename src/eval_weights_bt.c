/* Evaluation weights (mg, eg) in centi-men for bt: the material-only start, to be replaced by
 * `./engine tune --variant bt`. */
#include "eval.h"

const EvalWeight eval_weights_bt[EVAL_FEATURE_COUNT] = {
    [EVAL_MAN] = {100, 100},
    [EVAL_KING] = {0, 0},
};
