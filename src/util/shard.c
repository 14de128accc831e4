/* Shards of a job (see shard.h). */
#include "util/shard.h"

#include <string.h>
#include "util/opts.h"

const char *shard_opt_read(void *out, const char *text)
{
    static const char *const why = "expected I/N, a shard I of N with 0 <= I < N <= 1000000";
    const char *slash = strchr(text, '/');
    char first[16];
    long index, count;
    if (!slash || slash == text || slash - text >= (long)sizeof first)
        return why;
    memcpy(first, text, (size_t)(slash - text));
    first[slash - text] = '\0';
    if (!opts_read_long(first, 0, SHARD_COUNT_MAX - 1, &index) || !opts_read_long(slash + 1, 1, SHARD_COUNT_MAX, &count) ||
        index >= count)
        return why;
    *(Shard *)out = (Shard){index, count};
    return NULL;
}

void shard_range(const Shard *s, int64_t total, int64_t *begin, int64_t *end)
{
    if (shard_is_whole(s)) {
        *begin = 0, *end = total;
        return;
    }
    /* total stays far below 2^63 / SHARD_COUNT_MAX in every job (games, positions) */
    *begin = total * s->index / s->count;
    *end = total * (s->index + 1) / s->count;
}

bool shard_is_whole(const Shard *s) { return s->count <= 1; }
