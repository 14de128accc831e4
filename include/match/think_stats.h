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
    double worst;         /* the largest overshoot so far, and where: game number, move of the game */
    int worst_game, worst_ply;
    bool has_clock;
} ThinkStats;

/* Records the ply-th move played in game number game (both from 1; plies count from the
 * opening). budget: the move time, or <= 0 when none; clock_left: the clock after the move
 * (increment included), or NAN outside clock games. Returns false when memory is short. */
bool think_stats_add(ThinkStats *st, double elapsed, double budget, double clock_left, int game, int ply);

/* The p-th percentile (0..100) of n values by nearest rank; sorts v. 0 when n is 0. */
double think_stats_percentile(double *v, size_t n, double p);

/* Prints "Time NAME: N moves, think mean/max, move-time overshoot worst (its game and ply) and
 * p99, min clock": the worst move is named so that it can be looked at in the match's PDN. */
void think_stats_print(FILE *out, const char *name, ThinkStats *st);

void think_stats_free(ThinkStats *st);
