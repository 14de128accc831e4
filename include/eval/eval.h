#pragma once
/* Static evaluation in centi-men (100 = one man) from the side to move's point of view.
 *
 * The evaluation is linear in a table of named terms: every term has a feature value
 * (White's count minus Black's count, so it is colour-symmetric by construction) and a
 * middlegame and an endgame weight. The two sums are blended by the game phase and then
 * scaled down in drawish endings:
 *     score_white = scale/16 * (mg.f * (32 - phase) + eg.f * phase) / 32
 * This is what the Texel tuner fits (see tune.h). The weights are data: book/eval/<variant>.bin
 * (format in eval_file.h), embedded in the binary and decoded by eval_init. */
#include <stdint.h>
#include <stdio.h>
#include "eval/score.h"
#include "rules/position.h"
#include "eval/eval_pattern.h"
#include "eval/eval_region.h"


/* The named terms. Each value is (White's feature) - (Black's feature), every side seen
 * from its own side of the board (its men move "up" towards its promotion row). */
typedef enum {
    EVAL_MAN,             /* men */
    EVAL_KING,            /* kings */
    EVAL_KING_FIRST,      /* 1 when the side has at least one king: the first king is worth more */
    EVAL_TEMPO,           /* sum over men of rows advanced from the own back row */
    EVAL_BACK_RANK,       /* men still on the own back row (undeveloped) */
    EVAL_BACK_GUARD,      /* men on the guard squares 47, 48, 49 (own view) */
    EVAL_CENTRE,          /* men on the centre squares 22, 23, 24, 27, 28, 29 */
    EVAL_BALANCE,         /* |men on files a-e - men on files f-j|: lopsided development */
    EVAL_OUTPOST,         /* men on the outposts 22 and 24 (27 and 29 for Black) */
    EVAL_OUTPOST_WEAK,    /* such outposts not backed by both squares directly behind */
    EVAL_LOCKED,          /* men with no free square ahead (held in a lock) */
    EVAL_TAIL,            /* pairs (man, own man directly behind it on a diagonal): tails */
    EVAL_HOOK,            /* edge men (files a, j) with no own man diagonally behind: loose hooks */
    EVAL_RUNAWAY,         /* men that promote unopposed: no enemy king and no enemy piece in the cone */
    EVAL_RUNAWAY_ROWS,    /* sum over runaway men of the rows already travelled (closer = better) */
    EVAL_KING_MOBILITY,   /* empty squares the kings reach */
    EVAL_KING_DIAGONAL,   /* kings on the long diagonal 46-5 */
    EVAL_KING_MOBILITY_ATTACKED,   /* those of the kings' empty squares next to an opponent piece that
                                    * could capture a king there (the square beyond empty, the king's
                                    * own square counted as occupied): the unsafe part of the mobility */
    EVAL_TERM_COUNT
} EvalTerm;

/* phase 0 = the men's 300 rows to go of the start position (middlegame), 32 = no man left to
 * advance (endgame): the men's progress says how far the game is. The weights of bt, frisian and
 * losing were fitted with the older phase, 40 pieces = 0 to 8 pieces = 32, and keep it. */
#define EVAL_PHASE_MAX 32
#define EVAL_SCALE_ONE 16   /* scale numerator for "no drawish correction" */

typedef struct {
    int16_t mg, eg;
} EvalWeight;

/* The material table: a weight for every count of a side's men and kings against the opponent's
 * (men counted up to 15, kings up to 3), so that the fit learns what kings are worth against men
 * in each ending. */
#define EVAL_MATERIAL_MEN 16
#define EVAL_MATERIAL_KINGS 4
#define EVAL_MATERIAL_SIZE (EVAL_MATERIAL_MEN * EVAL_MATERIAL_MEN * EVAL_MATERIAL_KINGS * EVAL_MATERIAL_KINGS)

/* The weight vector: the named terms; the pattern tables (eval_pattern.h), table t's entry i at
 * EVAL_PATTERN_BASE + t * EVAL_PATTERN_SIZE + i; the king table, a king on own-view square s at
 * EVAL_KING_BASE + s - 1; the region tables (eval_region.h), table t's entry i at
 * EVAL_REGION_BASE + t * EVAL_REGION_SIZE + i; the material table's entry i at
 * EVAL_MATERIAL_BASE + i (eval_material_index). */
#define EVAL_PATTERN_BASE EVAL_TERM_COUNT
#define EVAL_KING_BASE (EVAL_PATTERN_BASE + EVAL_PATTERN_TABLES * EVAL_PATTERN_SIZE)
#define EVAL_REGION_BASE (EVAL_KING_BASE + SQUARE_COUNT)
#define EVAL_MATERIAL_BASE (EVAL_REGION_BASE + EVAL_REGION_TABLES * EVAL_REGION_SIZE)
#define EVAL_FEATURE_COUNT (EVAL_MATERIAL_BASE + EVAL_MATERIAL_SIZE)

/* The tables of the weight vector, in its order: the pattern tables, the king table
 * (EVAL_KING_TABLE), the region tables (from EVAL_REGION_TABLE), then the material table. The
 * weight files name them (eval_table_name). */
#define EVAL_KING_TABLE EVAL_PATTERN_TABLES
#define EVAL_REGION_TABLE (EVAL_KING_TABLE + 1)
#define EVAL_MATERIAL_TABLE (EVAL_REGION_TABLE + EVAL_REGION_TABLES)
#define EVAL_TABLE_COUNT (EVAL_MATERIAL_TABLE + 1)

/* Everything the evaluation knows about a position, from White's point of view: the dense term
 * values, the pattern and region lookups, the kings and the material lookups (White's count +1,
 * Black's -1; see eval_pattern_feature, eval_king_feature and eval_material_index). */
typedef struct {
    int value[EVAL_TERM_COUNT];
    uint16_t pattern[EVAL_PATTERN_LOOKUPS];   /* table indices, from eval_pattern_indices */
    uint32_t region[EVAL_REGION_LOOKUPS];     /* region indices, from eval_region_indices */
    Bitboard king_view[2];                    /* [side]: its kings in its own view (Black's half-turned) */
    uint16_t material[2];                     /* [side]: eval_material_index of its counts against the other's */
    int phase;   /* 0..EVAL_PHASE_MAX */
    int scale;   /* 0..EVAL_SCALE_ONE: drawish-ending damping of the whole score */
} EvalFeatures;

/* The weight-vector position of pattern lookup k (0..EVAL_PATTERN_LOOKUPS-1) with index i. */
static inline int eval_pattern_feature(int k, int i)
{
    return EVAL_PATTERN_BASE + (k % EVAL_PATTERN_TABLES) * EVAL_PATTERN_SIZE + i;
}

/* The sign of pattern lookup k in White's score: +1 for White's blocks, -1 for Black's. */
static inline int eval_pattern_sign(int k) { return k < EVAL_PATTERN_TABLES ? 1 : -1; }

/* The weight-vector position of region lookup k (0..EVAL_REGION_LOOKUPS-1) with index i. */
static inline int eval_region_feature(int k, uint32_t i)
{
    return EVAL_REGION_BASE + (k % EVAL_REGION_TABLES) * EVAL_REGION_SIZE + (int)i;
}

/* The sign of region lookup k in White's score: +1 for White's regions, -1 for Black's. */
static inline int eval_region_sign(int k) { return k < EVAL_REGION_TABLES ? 1 : -1; }

/* The weight-vector position of a king on own-view square s (1..50). */
static inline int eval_king_feature(int s) { return EVAL_KING_BASE + s - 1; }

/* The material table's index of a side with men and kings against an opponent with opp_men and
 * opp_kings (each count capped at the table's last row). */
static inline int eval_material_index(int men, int kings, int opp_men, int opp_kings)
{
    men = men < EVAL_MATERIAL_MEN ? men : EVAL_MATERIAL_MEN - 1;
    opp_men = opp_men < EVAL_MATERIAL_MEN ? opp_men : EVAL_MATERIAL_MEN - 1;
    kings = kings < EVAL_MATERIAL_KINGS ? kings : EVAL_MATERIAL_KINGS - 1;
    opp_kings = opp_kings < EVAL_MATERIAL_KINGS ? opp_kings : EVAL_MATERIAL_KINGS - 1;
    return ((kings * EVAL_MATERIAL_KINGS + opp_kings) * EVAL_MATERIAL_MEN + men) * EVAL_MATERIAL_MEN + opp_men;
}

/* The weight-vector position of material index i. */
static inline int eval_material_feature(int i) { return EVAL_MATERIAL_BASE + i; }

/* Table t (0..EVAL_TABLE_COUNT-1) of the weight vector: its name ("?" out of range), its entry
 * count and the position of its entry 0. */
const char *eval_table_name(int t);
uint32_t eval_table_size(int t);
int eval_table_base(int t);

/* The variant whose weights v evaluates with: normal for killer (their play differs only in king
 * captures, which the weights do not see), v itself otherwise. */
Variant eval_weights_variant(Variant v);

/* The weights variant v evaluates with (EVAL_FEATURE_COUNT entries): those of
 * eval_weights_variant(v), decoded from the embedded file or replaced by eval_set_weights. */
const EvalWeight *eval_weights_of(Variant v);

/* The embedded weight file of variant v (one with weights of its own): its bytes and length. */
void eval_embedded_file(Variant v, const unsigned char **bytes, size_t *len);

/* Replaces the weights of variant v (one with weights of its own) for the rest of the process.
 * Call it before any evaluation with them: cached scores of the old weights are not forgotten. */
void eval_set_weights(Variant v, const EvalWeight *weights);

/* Fills the eval tables (cones of runaway men) once, however many threads call it; eval_position
 * calls it on first use. The weights of a variant are decoded from its embedded file on its first
 * eval_weights_of (also thread-safe); a damaged embedded file (a broken build: the tests check
 * every one) stops the program with a message. */
void eval_init(void);

/* Extracts the feature values, phase and scale of pos. */
void eval_extract(const Position *pos, EvalFeatures *f);

/* The score of extracted features for White under a weight vector of EVAL_FEATURE_COUNT entries,
 * clamped below SCORE_EVAL_MAX. */
Score eval_score_white(const EvalFeatures *f, const EvalWeight *weights);

/* The evaluation of pos for the side to move; |score| stays below SCORE_EVAL_MAX. */
Score eval_position(const Position *pos);

#define EVAL_CACHE_ENTRIES ((size_t)1 << 14)

/* A direct-mapped cache of evaluations (a search meets the same leaves again through transpositions
 * and re-searches). Entries hold the exact piece sets, so a hit returns exactly what eval_position
 * computes. An all-zero cache is valid: its entries hold no weights, so nothing matches them. */
typedef struct {
    Bitboard pieces[2], kings;
    const EvalWeight *weights;   /* the weights the score was computed with, or the material values of
                                  * a material-only score (NULL: empty entry) */
    Score white;                 /* the score for White */
} EvalCacheEntry;

typedef struct {
    EvalCacheEntry entry[EVAL_CACHE_ENTRIES];
} EvalCache;

/* The evaluation of pos for the side to move under weights (eval_position's when they are its
 * variant's), looked up in cache and stored there on a miss. */
Score eval_position_cached(EvalCache *cache, const Position *pos, const EvalWeight *weights);

/* Material only: the man and king values of variant v (mg = eg; negative in losing, where every
 * piece is a burden). The baseline the learnt weights are measured against. */
int eval_material_value(Variant v, EvalTerm man_or_king);

/* The score for White of extracted features of variant v under the material values alone: what
 * eval_score_white gives for a vector holding them and 0 everywhere else. */
Score eval_material_white(const EvalFeatures *f, Variant v);

/* The material-only evaluation of pos (its variant's values) for the side to move, through the
 * cache like eval_position_cached (its entries keep the two kinds of score apart). */
Score eval_material_cached(EvalCache *cache, const Position *pos);

/* The short name of a term ("man", "runaway", ...). */
const char *eval_term_name(EvalTerm term);

/* Looks a term up by name; returns EVAL_TERM_COUNT when unknown. */
EvalTerm eval_term_by_name(const char *name);

/* Prints the evaluation term by term (one line per term, one each for the block tables', the
 * regions', the king squares' and the material table's sums, then phase, scale and the total). */
void eval_print_breakdown(const Position *pos, FILE *out);
