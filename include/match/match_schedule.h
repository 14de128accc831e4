#pragma once
/* Which opening each game of a match starts from: pair p (games 2p and 2p+1, engine 1 White in
 * the even one) takes opening order[p % count], the openings as listed or shuffled by a seed. The
 * same options give the same schedule, which is what lets a match be resumed from its PDN. */
#include <stdbool.h>
#include <stdint.h>
#include "rules/position.h"

typedef struct {
    const Position *openings;   /* borrowed */
    int *order;                 /* opening of each pair before wrapping, count entries */
    int count;
} MatchSchedule;

/* Sets s up over count openings (count > 0), in the listed order or, when shuffle, a Fisher-Yates
 * shuffle by seed. False when out of memory. */
bool match_schedule_init(MatchSchedule *s, const Position *openings, int count, bool shuffle, uint64_t seed);

/* Releases the order (not the openings). */
void match_schedule_free(MatchSchedule *s);

/* The start position of game g (from 0). */
const Position *match_schedule_opening(const MatchSchedule *s, int g);
