/* Evaluation weights (mg, eg) in centi-men for losing: the material-only start, to be replaced by
 * `./engine tune --variant losing`. */
#include "eval.h"

const EvalWeight eval_weights_losing[EVAL_FEATURE_COUNT] = {
    [EVAL_MAN] = {-100, -100},
    [EVAL_KING] = {-150, -150},
};
