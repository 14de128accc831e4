#pragma once
/* Playing levels (Hub parameter skill): a level below the top weakens the engine the way a player
 * recognises. It searches shallower (a depth or node cap), evaluates coarser (material plus only a
 * share of the learnt positional knowledge), stays out of the opening book, and picks among the
 * best few root moves, scored exactly by a multi-PV search, by a softmax whose temperature rises as
 * the level falls, never a move more than the level's margin below the best: a level that sees a
 * man hang (every level sees at least one ply and the captures after it) never drops it.
 * SKILL_MAX is the full engine, unchanged. */
#include <stdint.h>
#include "search/search.h"

#define SKILL_MIN 1
#define SKILL_MAX 20
#define SKILL_BOOK_ALL 1000   /* book_ply of a level that does not cap the book */

typedef struct {
    int depth10;        /* search depth cap in tenths of a ply (0: none): 45 is depth 4, or depth 5 on
                           half of the moves at random (a player who sometimes sees further) */
    uint64_t nodes;     /* node cap of the whole multi-PV search (0: none) */
    int positional;     /* SearchParams.positional: percent of the non-material evaluation */
    int lines;          /* root moves scored exactly, the candidates of the choice */
    int temperature;    /* softmax temperature over the score deficits, centi-men (0: the best) */
    int margin;         /* largest deficit from the best line a chosen move may have, centi-men */
    int book_ply;       /* the book is used up to this ply at most (0: never) */
} SkillLevel;

/* The settings of level (clamped to SKILL_MIN..SKILL_MAX). SKILL_MAX caps nothing, has one line,
 * temperature 0 and positional 100: exactly the plain search. */
const SkillLevel *skill_level(int level);

/* limits with the level's depth and node caps applied (the tighter of each pair wins); a fractional
 * depth takes one value from rng to round up or down. */
SearchLimits skill_limits(const SkillLevel *sk, const SearchLimits *limits, uint64_t *rng);

/* The index of the line to play among r's lines: line 0 when the level has temperature 0 or there is
 * one line; else a softmax draw (one value taken from rng) among the lines whose score is within the
 * margin of line 0's. Always a line r holds (0 when it holds none). */
int skill_choose(const SkillLevel *sk, const SearchResult *r, uint64_t *rng);

/* The random state of seed: seed itself mixed, so nearby seeds give unrelated sequences. */
uint64_t skill_seed_state(uint64_t seed);
