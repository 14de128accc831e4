#pragma once
/* Search limits from the Hub `level` command. Zero means "not set" for every field. */
#include <stdbool.h>
#include <stdint.h>
#include "eval/score.h"

typedef struct {
    int depth;          /* level depth=N */
    uint64_t nodes;     /* level nodes=N */
    double move_time;   /* level move-time=T (seconds) */
    double time;        /* level time=T: remaining clock (seconds) */
    double inc;         /* level inc=T: increment, added before each move */
    int moves;          /* level moves=N: moves until the next time control (0 = sudden death) */
    bool infinite;      /* level infinite: search until stop */
    bool clock_set;     /* time= was given, even as 0: an empty clock means "move at once" */
    int handicap;       /* level handicap=N, 0-3 (lidraughts' weakening): the Hub plays such a move at a
                           lower skill (hub.h); the search itself ignores it */
} SearchLimits;

/* Time reserved per move for what the engine does not measure (I/O, process scheduling). */
#define TIMEMAN_LATENCY 0.003

/* The thinking-time plan of one move, in seconds from the moment the clock starts
 * (`go`, or `ponder-hit` when pondering). */
typedef struct {
    bool timed;     /* false: only depth, nodes or stop end the search */
    bool fixed;     /* move-time: keep iterating until the hard limit */
    double soft;    /* target: this move's share of the clock */
    double hard;    /* abort the running iteration here; never beyond the clock */
    double start;   /* start no iteration after this (times the stability scale) */
} TimePlan;

/* Plans the time of one move. men = men still on the board (the game phase: fewer men,
 * fewer moves left to plan for). Guarantees hard <= move_time - latency for move-time,
 * and hard < time + inc (with margin) for clock levels, so the clock never runs out. */
void timeman_plan(const SearchLimits *limits, int men, TimePlan *plan);

/* Whether to start another iteration after elapsed seconds: before plan->start times scale, and
 * before the hard limit. scale is < 1 when the best move has been stable, > 1 after it changed or
 * the score fell. */
bool timeman_continue(const TimePlan *plan, double elapsed, double scale);

/* The best move's stability after one more iteration, from stability (1 at the start): it falls
 * by a tenth while the move stays (to 0.6 at least), rises by 30% from at least 1 when it changes
 * (to 2 at most). It scales the target through timeman_scale. */
double timeman_stability(double stability, bool changed);

/* The scale for timeman_continue after an iteration that scored score (prev: the iteration
 * before): stability times target_percent / 100 (the search's time_target), stretched by
 * drop_percent (time_drop) per 0.1 man the score fell, at most doubled; no stretch for a proven
 * result. */
double timeman_scale(double stability, int target_percent, int drop_percent, Score prev, Score score);
