/* Helpers of the evaluation's test suites: the features of a position given as text, random play. */
#pragma once

#include "eval/eval.h"
#include "eval/eval_weights.h"
#include "rules/make.h"
#include "rules/movegen.h"
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

/* Plays a random legal move of pos in place (a linear congruential seed); false when it has none. */
static inline bool play_random(Position *pos, unsigned *seed)
{
    MoveList list;
    movegen_generate(pos, &list);
    if (list.count == 0)
        return false;
    *seed = *seed * 1103515245u + 12345u;
    Position next;
    make_move(pos, list.moves[(*seed >> 16) % (unsigned)list.count], &next, true);
    *pos = next;
    return true;
}
