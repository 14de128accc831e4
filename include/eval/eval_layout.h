#pragma once
/* The layout of the evaluation's weight vector: the named terms, the tables after them, where each
 * entry lies and what the tables are called. The weight files record this catalogue (eval_file.h)
 * and the tuner fits one weight per position of it (tune.h); the evaluation (eval.h) reads it. */
#include <stdint.h>
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

/* One entry of the weight vector: its middlegame and endgame weight. */
typedef struct {
    int16_t mg, eg;
} EvalWeight;

/* The side tables: small tables looked up once for each side, with its own counts against the
 * opponent's (White's entry +1, Black's -1: colour-symmetric by construction).
 * - material: men (counted up to 15) and kings (up to 3) against the opponent's, so that the fit
 *   learns what kings are worth against men in each ending;
 * - tempo: the side's tempo lead (its men's rows advanced minus the opponent's, capped at
 *   +-EVAL_TEMPO_SPAN) at each count of men on the board (in pairs): when a lead in development
 *   helps and when it overextends;
 * - moves: the side's free forward steps of men (capped at EVAL_MOVES_CAP - 1) against the
 *   opponent's: who runs out of moves first in a locked middlegame;
 * - wings: the men of both sides on the side's left half, then on its right half (its own view,
 *   each count capped at EVAL_WINGS_CAP - 1): a majority or a weakness on one wing. */
typedef enum { EVAL_SIDE_MATERIAL, EVAL_SIDE_TEMPO, EVAL_SIDE_MOVES, EVAL_SIDE_WINGS, EVAL_SIDE_TABLES } EvalSideTable;

#define EVAL_MATERIAL_MEN 16
#define EVAL_MATERIAL_KINGS 4
#define EVAL_MATERIAL_SIZE (EVAL_MATERIAL_MEN * EVAL_MATERIAL_MEN * EVAL_MATERIAL_KINGS * EVAL_MATERIAL_KINGS)
#define EVAL_TEMPO_SPAN 20
#define EVAL_TEMPO_BUCKETS 21   /* men on the board / 2: 0..20 */
#define EVAL_TEMPO_SIZE (EVAL_TEMPO_BUCKETS * (2 * EVAL_TEMPO_SPAN + 1))
#define EVAL_MOVES_CAP 24
#define EVAL_MOVES_SIZE (EVAL_MOVES_CAP * EVAL_MOVES_CAP)
#define EVAL_WINGS_CAP 11
#define EVAL_WINGS_SIZE (EVAL_WINGS_CAP * EVAL_WINGS_CAP * EVAL_WINGS_CAP * EVAL_WINGS_CAP)

/* The weight vector: the named terms; the pattern tables (eval_pattern.h), table t's entry i at
 * EVAL_PATTERN_BASE + t * EVAL_PATTERN_SIZE + i; the king table, a king on own-view square s at
 * EVAL_KING_BASE + s - 1; the region tables (eval_region.h), table t's entry i at
 * EVAL_REGION_BASE + t * EVAL_REGION_SIZE + i; the side tables' entries (eval_side_feature). */
#define EVAL_PATTERN_BASE EVAL_TERM_COUNT
#define EVAL_KING_BASE (EVAL_PATTERN_BASE + EVAL_PATTERN_TABLES * EVAL_PATTERN_SIZE)
#define EVAL_REGION_BASE (EVAL_KING_BASE + SQUARE_COUNT)
#define EVAL_MATERIAL_BASE (EVAL_REGION_BASE + EVAL_REGION_TABLES * EVAL_REGION_SIZE)
#define EVAL_TEMPO_BASE (EVAL_MATERIAL_BASE + EVAL_MATERIAL_SIZE)
#define EVAL_MOVES_BASE (EVAL_TEMPO_BASE + EVAL_TEMPO_SIZE)
#define EVAL_WINGS_BASE (EVAL_MOVES_BASE + EVAL_MOVES_SIZE)
#define EVAL_FEATURE_COUNT (EVAL_WINGS_BASE + EVAL_WINGS_SIZE)

/* The tables of the weight vector, in its order: the pattern tables, the king table
 * (EVAL_KING_TABLE), the region tables (from EVAL_REGION_TABLE), then the side tables (from
 * EVAL_SIDE_TABLE, material first). The weight files name them (eval_table_name). */
#define EVAL_KING_TABLE EVAL_PATTERN_TABLES
#define EVAL_REGION_TABLE (EVAL_KING_TABLE + 1)
#define EVAL_SIDE_TABLE (EVAL_REGION_TABLE + EVAL_REGION_TABLES)
#define EVAL_MATERIAL_TABLE (EVAL_SIDE_TABLE + EVAL_SIDE_MATERIAL)
#define EVAL_TABLE_COUNT (EVAL_SIDE_TABLE + EVAL_SIDE_TABLES)

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

/* x held to lo..hi: a count beyond a side table's last row reads that row. */
static inline int eval_cap(int x, int lo, int hi) { return x < lo ? lo : x > hi ? hi : x; }

/* The material table's index of a side with men and kings against an opponent with opp_men and
 * opp_kings (each count capped at the table's last row). */
static inline int eval_material_index(int men, int kings, int opp_men, int opp_kings)
{
    men = eval_cap(men, 0, EVAL_MATERIAL_MEN - 1);
    opp_men = eval_cap(opp_men, 0, EVAL_MATERIAL_MEN - 1);
    kings = eval_cap(kings, 0, EVAL_MATERIAL_KINGS - 1);
    opp_kings = eval_cap(opp_kings, 0, EVAL_MATERIAL_KINGS - 1);
    return ((kings * EVAL_MATERIAL_KINGS + opp_kings) * EVAL_MATERIAL_MEN + men) * EVAL_MATERIAL_MEN + opp_men;
}

/* The tempo table's index of a side's tempo lead with men_on_board men of both sides (0..40). */
static inline int eval_tempo_index(int men_on_board, int lead)
{
    int bucket = eval_cap(men_on_board / 2, 0, EVAL_TEMPO_BUCKETS - 1);
    return bucket * (2 * EVAL_TEMPO_SPAN + 1) + eval_cap(lead, -EVAL_TEMPO_SPAN, EVAL_TEMPO_SPAN) + EVAL_TEMPO_SPAN;
}

/* The moves table's index of a side with steps free forward steps against the opponent's. */
static inline int eval_moves_index(int steps, int opp_steps)
{
    return eval_cap(steps, 0, EVAL_MOVES_CAP - 1) * EVAL_MOVES_CAP + eval_cap(opp_steps, 0, EVAL_MOVES_CAP - 1);
}

/* The wings table's index of a side with own_left and opp_left men on its left half, own_right and
 * opp_right on its right half. */
static inline int eval_wings_index(int own_left, int opp_left, int own_right, int opp_right)
{
    const int cap = EVAL_WINGS_CAP - 1;
    return ((eval_cap(own_left, 0, cap) * EVAL_WINGS_CAP + eval_cap(opp_left, 0, cap)) * EVAL_WINGS_CAP +
            eval_cap(own_right, 0, cap)) * EVAL_WINGS_CAP + eval_cap(opp_right, 0, cap);
}

/* The weight-vector position of entry i of side table t. */
static inline int eval_side_feature(int t, int i)
{
    static const int base[EVAL_SIDE_TABLES] = {EVAL_MATERIAL_BASE, EVAL_TEMPO_BASE, EVAL_MOVES_BASE, EVAL_WINGS_BASE};
    return base[t] + i;
}

/* The name of table t (0..EVAL_TABLE_COUNT-1), as the weight files record it; "?" out of range. */
const char *eval_table_name(int t);

/* The entry count of table t (0..EVAL_TABLE_COUNT-1). */
uint32_t eval_table_size(int t);

/* The weight-vector position of table t's entry 0 (t in 0..EVAL_TABLE_COUNT-1). */
int eval_table_base(int t);

/* The short name of a term ("man", "runaway", ...), as the weight files record it; "?" out of range. */
const char *eval_term_name(EvalTerm term);

/* Looks a term up by name; returns EVAL_TERM_COUNT when unknown. */
EvalTerm eval_term_by_name(const char *name);
