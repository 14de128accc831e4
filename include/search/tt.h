#pragma once
/* Transposition table: 64-byte buckets of four 16-byte entries, indexed by the low key bits and
 * verified by the high 32 bits. Replacement prefers the oldest search, then the shallowest entry.
 * The search's threads share one table without locks: an entry is two atomic words, the move and
 * the rest, and the lock stored with the rest is mixed with the move, so an entry whose words come
 * from two different writers fails its check and reads as absent. */
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include "rules/move.h"
#include "eval/score.h"

typedef enum { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 } Bound;

#define TT_BUCKET_ENTRIES 4
#define TT_MIN_MIB 1
#define TT_MAX_MIB ((size_t)1 << 16)

/* word[0]: the move; word[1]: lock ^ fold(move) << 32 | score << 16 | depth << 8 | generation << 2 |
 * bound. Relaxed atomics: plain loads and stores on x86-64, and no data race between threads. */
typedef struct {
    _Atomic uint64_t word[2];
} TTEntry;

typedef struct {
    TTEntry entry[TT_BUCKET_ENTRIES];
} TTBucket;

typedef struct {
    TTBucket *buckets;    /* cache-line aligned view of alloc */
    void *alloc;          /* the mapping behind buckets, and its length */
    size_t alloc_bytes;
    size_t mask;          /* bucket count - 1 (a power of two minus one) */
    size_t mib;           /* size actually allocated */
    uint8_t generation;   /* 6 bits, bumped once per search */
} TT;

typedef struct {
    Move move;
    Score score;   /* as stored: win/loss scores relative to the stored node */
    int depth;
    Bound bound;
} TTHit;

/* Allocates a cleared table of at most mib MiB (rounded down to a power of two, clamped to
 * TT_MIN_MIB..TT_MAX_MIB). A size above half the machine's memory, or one the allocator refuses,
 * fails: tt is left unchanged and the result is false. */
bool tt_resize(TT *tt, size_t mib);

/* Releases the table (tt becomes empty; tt_resize can allocate it again). */
void tt_free(TT *tt);

/* Empties the table (all of it: see tt.c), as a fresh one is. */
void tt_clear(TT *tt);

/* Marks the start of a new search so older entries are replaced first. */
void tt_new_search(TT *tt);

/* Starts loading the bucket of key into the cache, so that a probe issued a little later does not
 * stall on the memory access (the table is far larger than the caches). No effect on the contents. */
static inline void tt_prefetch(const TT *tt, Key key) { __builtin_prefetch(&tt->buckets[key & tt->mask]); }

/* The entry layout's helpers, here for the inline probe; only tt.c and tt_probe use them. */
static inline TTBucket *tt_bucket_of(const TT *tt, Key key) { return &tt->buckets[key & tt->mask]; }
static inline uint32_t tt_lock_of(const TT *tt, Key key)
{
    (void)tt;
    return (uint32_t)(key >> 32);
}

/* The 32 bits of a move mixed into the stored lock (a torn entry's move and data disagree). */
static inline uint32_t tt_fold(Move m) { return (uint32_t)(m ^ m >> 32); }

/* One entry as read at one moment; lock is the key lock it stands for (0 bound: empty). */
typedef struct {
    Move move;
    uint32_t lock;
    int16_t score;
    uint8_t depth;
    uint8_t age_bound;   /* generation << 2 | bound */
} TTSlot;

static inline TTSlot tt_slot_load(const TTEntry *e)
{
    Move move = atomic_load_explicit(&((TTEntry *)e)->word[0], memory_order_relaxed);
    uint64_t data = atomic_load_explicit(&((TTEntry *)e)->word[1], memory_order_relaxed);
    return (TTSlot){.move = move, .lock = (uint32_t)(data >> 32) ^ tt_fold(move), .score = (int16_t)(data >> 16),
                  .depth = (uint8_t)(data >> 8), .age_bound = (uint8_t)data};
}

static inline void tt_slot_store(TTEntry *e, const TTSlot *s)
{
    uint64_t data = (uint64_t)(s->lock ^ tt_fold(s->move)) << 32 | (uint64_t)(uint16_t)s->score << 16 |
                    (uint64_t)s->depth << 8 | s->age_bound;
    atomic_store_explicit(&e->word[0], s->move, memory_order_relaxed);
    atomic_store_explicit(&e->word[1], data, memory_order_relaxed);
}

/* Looks key up; fills hit and returns true when an entry for it exists. Inline: every node of the
 * search probes, and a call there cost 1% of the bench (callgrind). */
static inline bool tt_probe(const TT *tt, Key key, TTHit *hit)
{
    TTBucket *b = tt_bucket_of(tt, key);
    uint32_t lock = tt_lock_of(tt, key);
    for (int i = 0; i < TT_BUCKET_ENTRIES; i++) {
        TTSlot e = tt_slot_load(&b->entry[i]);
        if (e.lock == lock && (e.age_bound & 3) != BOUND_NONE) {
            hit->move = e.move;
            hit->score = e.score;
            hit->depth = e.depth;
            hit->bound = (Bound)(e.age_bound & 3);
            return true;
        }
    }
    return false;
}

/* Stores a search result; score must already be converted with tt_score_to. A new result for the
 * same key replaces the old one unless it is shallower and not exact; the old move survives a
 * store without move. */
void tt_store(TT *tt, Key key, Move move, Score score, int depth, Bound bound);

/* Permille of the first 1000 entries written by the current search (for statistics). */
int tt_hashfull(const TT *tt);

/* Win/loss scores count plies from the root; the table stores them counted from the node. */
static inline Score tt_score_to(Score score, int ply, Score win_min)
{
    return score >= win_min ? score + ply : score <= -win_min ? score - ply : score;
}

static inline Score tt_score_from(Score score, int ply, Score win_min)
{
    return score >= win_min ? score - ply : score <= -win_min ? score + ply : score;
}
