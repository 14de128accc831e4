/* The evaluation cache (see eval_cache.h). */
#include "eval/eval_cache.h"

#include "eval/eval.h"

#define CACHE_LOCK_MASK (~(uint64_t)0xFFFF)
#define CACHE_LOCK_BIT ((uint64_t)1 << 16)

/* The index is the position key's low bits (eval_cache_prefetch knows it), the lock its high bits
 * mixed with the weights' address. */
Score eval_cache_position(EvalCache *cache, const Position *pos, const EvalWeight *weights)
{
    uint64_t tag = pos->key ^ (uint64_t)(uintptr_t)weights * 0x9E3779B97F4A7C15ULL;
    uint64_t *e = &cache->entry[pos->key & (EVAL_CACHE_ENTRIES - 1)];
    uint64_t lock = (tag | CACHE_LOCK_BIT) & CACHE_LOCK_MASK;
    Score white;
    if ((*e & CACHE_LOCK_MASK) == lock) {
        white = (int16_t)(uint16_t)*e;
    } else {
        white = eval_position_white(pos, weights);
        *e = lock | (uint16_t)white;
    }
    return eval_side_relative(white, pos->turn);
}

