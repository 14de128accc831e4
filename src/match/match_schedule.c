#include "match/match_schedule.h"

#include <stdlib.h>

#include "rules/hash.h"

bool match_schedule_init(MatchSchedule *s, const Position *openings, int count, bool shuffle, uint64_t seed)
{
    s->openings = openings;
    s->count = count;
    s->order = malloc((size_t)count * sizeof *s->order);
    if (!s->order)
        return false;
    for (int i = 0; i < count; i++)
        s->order[i] = i;
    for (int i = count - 1; shuffle && i > 0; i--) {
        int j = (int)(hash_splitmix(&seed) % (uint64_t)(i + 1));
        int tmp = s->order[i];
        s->order[i] = s->order[j];
        s->order[j] = tmp;
    }
    return true;
}

void match_schedule_free(MatchSchedule *s)
{
    free(s->order);
    s->order = NULL;
}

const Position *match_schedule_opening(const MatchSchedule *s, int g)
{
    return &s->openings[s->order[(g / 2) % s->count]];
}
