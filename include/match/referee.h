#pragma once
/* The referee of one game between two engines (Hub, Hub-1 or DXP, see engine_driver.h): it sends
 * positions the way the Hub GUI does (from the last capture or man move, with the moves since), keeps the clocks,
 * validates every move with the rules core and decides how the game ends. */
#include <stdint.h>
#include "match/engine_driver.h"
#include "rules/game.h"
#include "rules/notation.h"

/* Ending a game before the rules do, each rule off by default. The scores are those the engines
 * sent with their moves (Hub and Hub-1 info lines; a DXP engine sends none, so no score rule ends
 * its games). */
typedef struct {
    int draw_move;      /* a draw once this many moves (of each side) are played ... */
    int draw_count;     /* ... and both engines' scores stayed within draw_score of 0 for this
                         * many moves each (0: off) */
    int draw_score;     /* centi-men */
    int resign_count;   /* a loss once both engines' scores gave the same side lost by resign_score
                         * or more for this many moves each (0: off) */
    int resign_score;
    bool bitbases;      /* the bitbases' value once the pieces fit them: a draw always; a win when
                         * the loser has no king, so that no count of FMJD art. 6 runs */
} Adjudication;

typedef struct {
    TimeControl tc[2];  /* per engine */
    Adjudication adjudication;
    int max_plies;      /* a game still going after this many plies is a draw */
    double margin;      /* seconds tolerated past a move time or an empty clock */
    double timeout;     /* seconds for start-up, and for a move under depth/nodes limits */
} RefereeConfig;

/* How long one move took, for the think-time statistics. */
typedef struct {
    int engine;             /* 0 or 1 */
    float elapsed;          /* seconds from `go think` sent to `done` read */
    float clock_left;       /* clock after the move (clock games), else NAN */
} MoveTime;

typedef struct {
    int white_points;       /* 2 White won, 1 draw, 0 Black won */
    int move_count;         /* entries of times[] */
    MoveTime times[GAME_MAX_PLIES];
    char termination[128];  /* PDN Termination tag */
    char log[1024];         /* the fault in detail (position, offending line); "" when none */
} GameOutcome;

/* True when the game is over at its current position (no legal move, an FMJD art. 6 draw, or
 * max_plies played); then fills White's points and the termination text. */
bool referee_game_over(const Game *game, int max_plies, int *white_points, char *why, size_t size);

/* Plays game (already reset to its start position) between eng[white] as White and
 * eng[!white] as Black; starts engines that are not running, and stops every engine that
 * misbehaved so the next game restarts it. */
void referee_play(EngineDriver eng[2], const EngineConfig cfg[2], Game *game, int white,
                  const RefereeConfig *rc, GameOutcome *out);
