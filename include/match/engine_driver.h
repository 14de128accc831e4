#pragma once
/* One engine of a match, whatever protocol it speaks: Hub (v2), Hub-1 (Scan 2.0's `hub` mode) or
 * DXP over a socket to 127.0.0.1. The referee drives every engine the same way: a new game from a
 * start position with a colour, a request for a move, the move read back and checked, the game's
 * end; the protocols' files (engine_hub1.c, engine_dxp.c) hold what differs. */
#include <stdbool.h>
#include "match/engine.h"
#include "match/time_control.h"

/* An engine that is not running. */
void engine_driver_init(EngineDriver *d);

/* The DXP clock that stands for tc in a game of at most max_plies plies: as many moves as a side
 * can make (so that no peer stops the game at its move count) and the time of tc over them, in
 * hundredths of a minute, rounded up to the next time the request can write (a sub-minute clock
 * stays one: move-time=0.05 over 201 moves is `.17`). The referee holds the engine to exactly
 * that clock, the one the engine reads from the request. */
void engine_driver_dxp_clock(const TimeControl *tc, int max_plies, int *centiminutes, int *moves);

/* Starts the engine if it is not running and announces a game from game's current position, the
 * engine playing colour; false (err set) when it cannot start or refuses the game. */
bool engine_driver_new_game(EngineDriver *d, const EngineConfig *cfg, const Game *game, Color colour,
                            const TimeControl *tc, int max_plies, double timeout, char *err, size_t size);

/* Asks for a move in game's current position (clock: the seconds left under TC_CLOCK); false when
 * the engine can no longer be told. */
bool engine_driver_go(EngineDriver *d, const Game *game, const TimeControl *tc, double clock);

/* Reads the engine's answer before the monotonic deadline; detail says what came (the line or
 * message) when it is no legal move. */
EngineReply engine_driver_reply(EngineDriver *d, const Game *game, double deadline, Move *m, char *detail,
                                size_t size);

/* Tells the engine the game is over (DXP: the last move when the rules ended the game after it,
 * then a game end with white_points from the match's side, answered within grace seconds). */
void engine_driver_end_game(EngineDriver *d, const Game *game, int white_points, bool by_rules, double grace);

/* The name the engine gave (Hub id, Hub-1 name, DXP accept), or "". */
const char *engine_driver_name(const EngineDriver *d);

/* Quits the engine, waiting up to grace seconds before killing it. */
void engine_driver_stop(EngineDriver *d, double grace);

/* Kills the engine at once; status (if not NULL) says how its process ended. */
void engine_driver_kill(EngineDriver *d, char *status, size_t size);
