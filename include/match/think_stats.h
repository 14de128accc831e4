#pragma once
/* Think-time statistics of one engine over a match: how long each move took (from `go` sent
 * to `done` read, so pipe latency counts), how far it went past a fixed move time, and the
 * lowest clock left in clock games. Judges an engine's time discipline. */
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct {
    double *elapsed;      /* seconds per move */
    double *overshoot;    /* seconds past the move time (negative: under it); move-time games only */
    size_t count, overshoot_count, capacity;
    double min_clock;     /* lowest clock left after a move (clock games only) */
    bool has_clock;
} ThinkStats;

/* Records one move. budget: the move time, or <= 0 when none; clock_left: the clock after the
 * move (increment included), or NAN outside clock games. Returns false when memory is short. */
bool think_stats_add(ThinkStats *st, double elapsed, double budget, double clock_left);

/* The p-th percentile (0..100) of n values by nearest rank; sorts v. 0 when n is 0. */
double think_stats_percentile(double *v, size_t n, double p);

/* Prints "Time NAME: N moves, think mean/max, move-time overshoot worst/p99, min clock". */
void think_stats_print(FILE *out, const char *name, ThinkStats *st);

void think_stats_free(ThinkStats *st);
