#pragma once
/* Relabels self-play data with deeper search scores: every position of the data files (selfplay.h,
 * text or records) is searched afresh and written again with its game result and the new score, so
 * that `tune --lambda` can learn what a deeper search sees in positions already played. Each
 * position is searched from a cleared searcher, so the output does not depend on the thread count. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "rules/variant.h"
#include "util/shard.h"

#define RESCORE_MAX_THREADS 64

typedef struct {
    uint64_t nodes;   /* node budget a position (0 = use depth) */
    int depth;        /* depth a position when nodes is 0 */
    int threads;
    int every;        /* rescore only every every-th position of the data (0 or 1: all of them) ... */
    int offset;       /* ... those at offset, offset + every, ... (0 <= offset < every), counted over
                         the files in order; the others are left out of the output */
    Variant variant;
    bool binary;      /* write records instead of text lines */
    Shard shard;      /* the part of the data's positions (counted over the files in order) done */
} RescoreConfig;

typedef struct {
    uint64_t positions;   /* written */
    uint64_t skipped;     /* records or lines that hold no position of the variant (of those picked) */
} RescoreStats;

/* Searches every position of the files (of cfg->shard's part) and writes it to out (a binary
 * file's magic first, in shard 0 only: the later shards' records continue it) with its result and
 * the new score; progress lines go to log (may be NULL). False with why when a file
 * cannot be read, memory is short or a write fails. */
bool rescore_run(const char *const *files, int file_count, const RescoreConfig *cfg, FILE *out, FILE *log,
                 RescoreStats *stats, char *why, size_t why_size);
