/* Helpers of the evaluation's test suites: the features of a position given as text. */
#pragma once

#include "eval/eval.h"
#include "rules/notation.h"

/* The shipped international weights (book/eval/normal.bin). */
static inline const EvalWeight *normal_weights(void) { return eval_weights_of(VARIANT_NORMAL); }

static inline void features_of(const char *text, EvalFeatures *f)
{
    Position pos;
    assert_null(notation_parse_position(text, &pos));
    eval_extract(&pos, f);
}

static inline int feature(const char *text, EvalTerm term)
{
    EvalFeatures f;
    features_of(text, &f);
    return f.value[term];
}
