#pragma once
/* The worker processes that play the games of a match or a tournament: up to K forked workers,
 * each playing the games it is handed between the two engines they name (an engine keeps running
 * from one game to the next while the same one plays in the same seat) and sending back the
 * result, the PDN text and the move times. The caller decides which game comes next and what a
 * result means through two callbacks, called in the parent only. */
#include <stdio.h>
#include "match/referee.h"

#define GAME_POOL_MAX_WORKERS 64
#define GAME_POOL_NAME_MAX (ENGINE_NAME_MAX + 80)

typedef struct {
    int game;               /* number from 0; the PDN Round is game + 1 */
    int engine[2];          /* indices into the pool's engines of the game's two seats */
    int white;              /* the seat (0 or 1) that has White */
    Position start;
} GamePoolJob;

typedef struct {
    const GamePoolJob *job;
    int white_points;       /* 2 White won, 1 draw, 0 Black won */
    const char *termination, *log, *pdn;
    const MoveTime *times;  /* times[i].engine is the seat, 0 or 1 */
    int time_count;
} GamePoolResult;

typedef struct {
    const EngineConfig *engines;   /* engine_count of them */
    const TimeControl *tc;         /* each engine's */
    int engine_count;
    RefereeConfig referee;         /* max_plies, margin, timeout (its tc is each game's seats') */
    const char *event;             /* the PDN Event tag */
    const char *who;               /* "match" or "tournament", to begin its log lines */
    int workers;                   /* at most GAME_POOL_MAX_WORKERS */
    /* Fills job with the next game to play; false when there is none left (it is not asked again
     * for that worker). */
    bool (*next)(void *ctx, GamePoolJob *job);
    /* Accounts for a finished game. */
    void (*done)(void *ctx, const GamePoolResult *r);
    /* Prints the standings so far, on a SIGUSR1 (NULL: none). */
    void (*report)(void *ctx);
    void *ctx;
} GamePool;

/* Plays the games next hands out until it has none and the workers are idle; the first Ctrl-C
 * stops handing out games (the running ones finish; *interrupted set), a second ends the run; a
 * SIGUSR1 calls report.
 * False when a worker could not start or failed (said on log). */
bool game_pool_run(const GamePool *p, FILE *log, bool *interrupted);

/* The name engine seat k of a game goes by in its PDN: its configured name, else the name it gave
 * (id), else its command; when the two seats would read the same they are told apart by their
 * time controls, or else by #1 / #2. */
void game_pool_names(const EngineConfig *cfg[2], const TimeControl *tc[2], const char *id[2], char names[2][GAME_POOL_NAME_MAX]);
