/* The evaluation cache (see eval_cache.h). */
#include "eval/eval_cache.h"

#include "eval/eval.h"

#define CACHE_LOCK_MASK (~(uint64_t)0xFFFF)
#define CACHE_LOCK_BIT ((uint64_t)1 << 16)

/* The index is the position key's low bits (eval_cache_prefetch knows it), the lock its high bits
 * mixed with the evaluation's address. */
static uint64_t lock_of(const Position *pos, const void *tag)
{
    uint64_t mixed = pos->key ^ (uint64_t)(uintptr_t)tag * 0x9E3779B97F4A7C15ULL;
    return (mixed | CACHE_LOCK_BIT) & CACHE_LOCK_MASK;
}

bool eval_cache_probe(const EvalCache *cache, const Position *pos, const void *tag, Score *white)
{
    uint64_t e = cache->entry[pos->key & (EVAL_CACHE_ENTRIES - 1)];
    if ((e & CACHE_LOCK_MASK) != lock_of(pos, tag))
        return false;
    *white = (int16_t)(uint16_t)e;
    return true;
}

void eval_cache_store(EvalCache *cache, const Position *pos, const void *tag, Score white)
{
    cache->entry[pos->key & (EVAL_CACHE_ENTRIES - 1)] = lock_of(pos, tag) | (uint16_t)white;
}

Score eval_cache_position(EvalCache *cache, const Position *pos, const EvalWeight *weights)
{
    Score white;
    if (!eval_cache_probe(cache, pos, weights, &white)) {
        white = eval_position_white(pos, weights);
        eval_cache_store(cache, pos, weights, white);
    }
    return eval_side_relative(white, pos->turn);
}

