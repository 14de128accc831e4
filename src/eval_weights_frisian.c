/* Evaluation weights (mg, eg) in centi-men for frisian: the material-only start, to be replaced by
 * `./engine tune --variant frisian`. */
#include "eval.h"

const EvalWeight eval_weights_frisian[EVAL_FEATURE_COUNT] = {
    [EVAL_MAN] = {100, 100},
    [EVAL_KING] = {160, 160},
};
