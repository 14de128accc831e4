#pragma once
/* A direct-mapped cache of evaluations (a search meets the same leaves again through transpositions
 * and re-searches). An entry is one word: the high 48 bits of the position's key mixed with its
 * weight vector (so weight sets stay apart; bit 16 always set, so an all-zero cache matches
 * nothing), and the score for White in the low 16 bits. Eight bytes keep the whole cache in the
 * core's own cache beside the weights; a false hit needs 47 key bits to agree. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "eval/eval_layout.h"
#include "eval/score.h"
#include "rules/position.h"

#define EVAL_CACHE_ENTRIES ((size_t)1 << 16)

/* All zero is empty: a cache is ready once cleared. */
typedef struct {
    uint64_t entry[EVAL_CACHE_ENTRIES];
} EvalCache;

/* Starts loading the entry of a position with this key, so that a lookup issued a little later does
 * not stall. No effect on the contents. */
static inline void eval_cache_prefetch(const EvalCache *cache, Key key)
{
    __builtin_prefetch(&cache->entry[key & (EVAL_CACHE_ENTRIES - 1)]);
}

/* Whether the cache holds pos's score for White under the evaluation tag names (a weight vector or a
 * network: any address that tells evaluations apart), into *white. */
bool eval_cache_probe(const EvalCache *cache, const Position *pos, const void *tag, Score *white);

/* Stores pos's score for White under tag. */
void eval_cache_store(EvalCache *cache, const Position *pos, const void *tag, Score white);

/* The evaluation of pos for the side to move under weights (eval_position's when they are its
 * variant's), looked up in cache by pos->key (which must be pos's own) and stored there on a miss. */
Score eval_cache_position(EvalCache *cache, const Position *pos, const EvalWeight *weights);
