#pragma once
/* Static evaluation in centi-men (100 = one man) from the side to move's point of view.
 *
 * The evaluation is linear in a table of named terms: every term has a feature value
 * (White's count minus Black's count, so it is colour-symmetric by construction) and a
 * middlegame and an endgame weight. The two sums are blended by the game phase and then
 * scaled down in drawish endings:
 *     score_white = scale/16 * (mg.f * (32 - phase) + eg.f * phase) / 32
 * This is what the Texel tuner fits (see tune.h). The weight vector is laid out as eval_layout.h
 * says; its values are data (eval_weights.h). This module extracts the features and scores them. */
#include <stdint.h>
#include "eval/eval_layout.h"
#include "eval/score.h"
#include "rules/position.h"

/* phase 0 = the men's 300 rows to go of the start position (middlegame), 32 = no man left to
 * advance (endgame): the men's progress says how far the game is. The weights of bt, frisian and
 * losing were fitted with the older phase, 40 pieces = 0 to 8 pieces = 32, and keep it
 * (eval_weights_phase_by_pip). */
#define EVAL_PHASE_MAX 32
#define EVAL_SCALE_ONE 16   /* scale numerator for "no drawish correction" */

/* Everything the evaluation knows about a position, from White's point of view: the dense term
 * values, the pattern and region lookups, the kings and the side tables' lookups (White's entry
 * +1, Black's -1; see eval_pattern_feature, eval_king_feature and eval_side_feature). */
typedef struct {
    int value[EVAL_TERM_COUNT];
    uint16_t pattern[EVAL_PATTERN_LOOKUPS];   /* table indices, from eval_pattern_indices */
    uint32_t region[EVAL_REGION_LOOKUPS];     /* region indices, from eval_region_indices */
    Bitboard king_view[2];                    /* [side]: its kings in its own view (Black's half-turned) */
    uint16_t side[EVAL_SIDE_TABLES][2];       /* [table][side]: its index of the side's counts against the other's */
    int phase;   /* 0..EVAL_PHASE_MAX */
    int scale;   /* 0..EVAL_SCALE_ONE: drawish-ending damping of the whole score */
} EvalFeatures;

/* Fills the eval tables (cones of runaway men) once, however many threads call it; eval_position
 * calls it on first use. */
void eval_init(void);

/* Extracts the feature values, phase and scale of pos. */
void eval_extract(const Position *pos, EvalFeatures *f);

/* The score of extracted features for White under a weight vector of EVAL_FEATURE_COUNT entries,
 * clamped below SCORE_EVAL_MAX. */
Score eval_score_white(const EvalFeatures *f, const EvalWeight *weights);

/* The score of pos for White under weights (EVAL_FEATURE_COUNT entries): eval_score_white of its
 * features, read through the folded form (eval_weights_folded) when weights are its variant's own. */
Score eval_position_white(const Position *pos, const EvalWeight *weights);

/* The score for the side to move of a score for White: -white for Black, without a branch (the
 * side to move alternates). */
static inline Score eval_side_relative(Score white, Color turn)
{
    int black = turn == BLACK;
    return (white ^ -black) + black;
}

/* The evaluation of pos for the side to move under its variant's weights (eval_weights_of); |score|
 * stays below SCORE_EVAL_MAX. */
Score eval_position(const Position *pos);

/* Material only: the man and king values of variant v (mg = eg; negative in losing, where every
 * piece is a burden). The baseline the learnt weights are measured against. */
int eval_material_value(Variant v, EvalTerm man_or_king);

/* The score for White of extracted features of variant v under the material values alone: what
 * eval_score_white gives for a vector holding them and 0 everywhere else. */
Score eval_material_white(const EvalFeatures *f, Variant v);

/* The same material-only score of pos, for the side to move, from its piece counts (cheap enough
 * for every leaf of a search that blends it with the full evaluation). */
Score eval_material(const Position *pos);
