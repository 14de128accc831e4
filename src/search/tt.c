#include "search/tt.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "util/sys.h"

#define HUGE_PAGE ((size_t)2 << 20)

#define TT_GENERATIONS 64

_Static_assert(sizeof(TTEntry) == 16, "TT entries are 16 bytes");
_Static_assert(sizeof(TTBucket) == 64, "a TT bucket fills one cache line");

/* Half the machine's memory in MiB: with overcommit, a larger table could be granted now and the
 * engine killed later when the pages are touched, so such sizes are refused up front. */
static size_t memory_cap_mib(void)
{
    size_t mib = sys_memory_mib();
    return mib == 0 ? TT_MAX_MIB : mib / 2;
}

bool tt_resize(TT *tt, size_t mib)
{
    if (mib < TT_MIN_MIB)
        mib = TT_MIN_MIB;
    if (mib > TT_MAX_MIB)
        mib = TT_MAX_MIB;
    size_t pow2 = 1;
    while (pow2 * 2 <= mib)
        pow2 *= 2;
    if (pow2 > memory_cap_mib())
        return false;
    size_t bytes = pow2 << 20;
    /* The table is aligned to 2 MiB (huge pages, where the system has them), since probes are
     * random accesses and with 4 KiB pages most of them would also miss the TLB. Fresh pages come
     * zeroed but lazily, at first touch: left to the first search, that zeroing took most of a
     * 0.1 s move (64 MiB, measured with perf), so the table is touched here, at `init`. */
    void *alloc;
    size_t span;
    void *start = sys_pages_alloc(bytes, HUGE_PAGE, &alloc, &span);
    if (!start)
        return false;
    memset(start, 0, bytes);
    if (tt->alloc)
        sys_pages_free(tt->alloc, tt->alloc_bytes);
    tt->alloc = alloc;
    tt->alloc_bytes = span;
    tt->buckets = (TTBucket *)start;
    tt->mask = bytes / sizeof(TTBucket) - 1;
    tt->mib = pow2;
    tt->generation = 0;
    return true;
}

void tt_free(TT *tt)
{
    if (tt->alloc)
        sys_pages_free(tt->alloc, tt->alloc_bytes);
    memset(tt, 0, sizeof *tt);
}

/* A real wipe (about 10 ms for 64 MiB, before `go` after a `new-game`): entries that can no
 * longer match but still take part in the choice of the entry to replace would make a search
 * depend on the games before it, so that a self-play run, a rescore or a match would give other
 * results when split over threads or shards. */
void tt_clear(TT *tt)
{
    memset(tt->buckets, 0, (tt->mask + 1) * sizeof(TTBucket));
    tt->generation = 0;
}

void tt_new_search(TT *tt)
{
    tt->generation = (uint8_t)((tt->generation + 1) % TT_GENERATIONS);
}

/* How many searches ago the entry was written. */
static inline int entry_age(const TT *tt, const TTSlot *e)
{
    return (tt->generation - (e->age_bound >> 2) + TT_GENERATIONS) % TT_GENERATIONS;
}

void tt_store(TT *tt, Key key, Move move, Score score, int depth, Bound bound)
{
    TTBucket *b = tt_bucket_of(tt, key);
    uint32_t lock = tt_lock_of(tt, key);
    uint8_t d = (uint8_t)(depth < 0 ? 0 : depth > 255 ? 255 : depth);
    int victim = 0;
    int victim_value = 1 << 30;
    TTSlot e;
    for (int i = 0; i < TT_BUCKET_ENTRIES; i++) {
        e = tt_slot_load(&b->entry[i]);
        if ((e.age_bound & 3) == BOUND_NONE) {
            if (victim_value > -(1 << 20))
                victim = i, victim_value = -(1 << 20);
            continue;
        }
        if (e.lock == lock) {
            if (d < e.depth && bound != BOUND_EXACT) {
                e.age_bound = (uint8_t)(tt->generation << 2 | (e.age_bound & 3));
                if (!e.move)
                    e.move = move;
                tt_slot_store(&b->entry[i], &e);
                return;
            }
            victim = i;
            if (!move)
                move = e.move;
            break;
        }
        int value = e.depth - 8 * entry_age(tt, &e);
        if (value < victim_value) {
            victim_value = value;
            victim = i;
        }
    }
    TTSlot fresh = {.move = move, .lock = lock, .score = (int16_t)score, .depth = d,
                  .age_bound = (uint8_t)(tt->generation << 2 | bound)};
    tt_slot_store(&b->entry[victim], &fresh);
}

int tt_hashfull(const TT *tt)
{
    int used = 0, total = 0;
    for (size_t i = 0; i <= tt->mask && total < 1000; i++)
        for (int j = 0; j < TT_BUCKET_ENTRIES && total < 1000; j++, total++) {
            TTSlot e = tt_slot_load(&tt->buckets[i].entry[j]);
            used += (e.age_bound & 3) != BOUND_NONE && entry_age(tt, &e) == 0;
        }
    return total ? used * 1000 / total : 0;
}
