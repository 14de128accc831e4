/* The evaluation cache (see eval_cache.h). */
#include "eval/eval_cache.h"

#include "eval/eval.h"

#define CACHE_LOCK_MASK (~(uint64_t)0xFFFF)
#define CACHE_LOCK_BIT ((uint64_t)1 << 16)

/* The cached score of pos under key: the weight vector key, or the material values key. The index
 * is the position key's low bits (eval_cache_prefetch knows it), the lock its high bits mixed with
 * the weights' address. */
static inline Score cached(EvalCache *cache, const Position *pos, const EvalWeight *key, bool material)
{
    uint64_t tag = pos->key ^ (uint64_t)(uintptr_t)key * 0x9E3779B97F4A7C15ULL;
    uint64_t *e = &cache->entry[pos->key & (EVAL_CACHE_ENTRIES - 1)];
    uint64_t lock = (tag | CACHE_LOCK_BIT) & CACHE_LOCK_MASK;
    Score white;
    if ((*e & CACHE_LOCK_MASK) == lock) {
        white = (int16_t)(uint16_t)*e;
    } else {
        if (material) {
            EvalFeatures f;
            eval_extract(pos, &f);
            white = eval_material_white(&f, position_variant(pos));
        } else {
            white = eval_position_white(pos, key);
        }
        *e = lock | (uint16_t)white;
    }
    return eval_side_relative(white, pos->turn);
}

Score eval_cache_position(EvalCache *cache, const Position *pos, const EvalWeight *weights)
{
    return cached(cache, pos, weights, false);
}

Score eval_cache_material(EvalCache *cache, const Position *pos)
{
    return cached(cache, pos, eval_material_weights(position_variant(pos)), true);
}
