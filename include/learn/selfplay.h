#pragma once
/* Fast self-play games that produce training data for the tuner: every quiet position of a game
 * (no capture pending for either side) as a sample (learn/sample.h) with the game's result and the
 * score of the search made there.
 * Games start from ballot openings and differ through a seeded random choice among near-best
 * moves during the first plies; given the same configuration the output is the same, whatever the
 * number of threads (game g draws its randomness from the seed and g only). */
#include <stdint.h>
#include <stdio.h>
#include "eval/net.h"
#include "eval/score.h"
#include "rules/position.h"
#include "util/shard.h"

#define SELFPLAY_MAX_THREADS 64

typedef struct {
    int games;
    uint64_t nodes;      /* node budget per move (0 = use depth) */
    int depth;           /* depth per move when nodes is 0 */
    uint64_t seed;
    int random_plies;    /* plies played by random choice among near-best moves */
    int margin;          /* near-best = within this many centi-men of the best */
    int max_plies;       /* games still running after this many plies are adjudicated drawn */
    int threads;         /* games played in parallel, each thread with its own searcher */
    bool binary;         /* write records (learn/sample.h) instead of text lines */
    Shard shard;         /* the part of the games played: shard I of N plays its share of them */
    const NetModel *net; /* the searches evaluate by this network (international rules; NULL: by
                            the patterns): data from the network's own games */
} SelfplayConfig;

typedef struct {
    int games, white_wins, draws, black_wins;
    long positions;
} SelfplayStats;

/* Default configuration (a few thousand nodes per move). */
void selfplay_default_config(SelfplayConfig *cfg);

/* Plays cfg->games games (those of cfg->shard) from openings chosen at random on cfg->threads
 * threads, writes their quiet positions to out in game order and prints progress to log (may be NULL). Returns false when memory
 * is short or a write fails. */
bool selfplay_run(const SelfplayConfig *cfg, const Position *openings, int opening_count, FILE *out,
                  FILE *log, SelfplayStats *stats);
