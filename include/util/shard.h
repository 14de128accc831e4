#pragma once
/* One part of a job split over many machines (`--shard I/N`): shard I of N does items
 * [I*T/N, (I+1)*T/N) of the T items of the whole job (games, positions, openings), so the
 * shards' outputs, in shard order, are what one run makes. */
#include <stdbool.h>
#include <stdint.h>

#define SHARD_COUNT_MAX 1000000

typedef struct {
    long index, count;   /* 0 <= index < count; {0, 1} (or a zeroed Shard): the whole job */
} Shard;

#define SHARD_WHOLE ((Shard){0, 1})

/* OPT_CALL reader of "I/N" (0 <= I < N <= SHARD_COUNT_MAX) into the Shard at out: NULL, or
 * why the text is refused. */
const char *shard_opt_read(void *out, const char *text);

/* The first item of shard s and the one past its last, of total items. */
void shard_range(const Shard *s, int64_t total, int64_t *begin, int64_t *end);

/* Whether s is the whole job. */
bool shard_is_whole(const Shard *s);
