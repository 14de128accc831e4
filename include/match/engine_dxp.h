#pragma once
/* The DXP side of engine_driver: the match starts the engine with {port} in its command replaced
 * by a port on 127.0.0.1, then accepts its connection (dxp:) or connects to it (dxp-listen:).
 * Either way the match is the initiator: a game request per game (the start position and the
 * engine's colour), the opponent's moves relayed as they are played, a game end at the end. */
#include "match/engine.h"
#include "match/time_control.h"

/* Starts the engine and makes the connection within timeout seconds; false (err set) if not. */
bool engine_dxp_start(EngineDriver *d, const EngineConfig *cfg, double timeout, char *err, size_t size);

/* Sends the game request for game's current position, colour the engine's, with the clock
 * centiminutes (hundredths of a minute) for moves moves, and waits for the accept; false (err set)
 * when it is refused or does not come. */
bool engine_dxp_new_game(EngineDriver *d, const Game *game, Color colour, int centiminutes, int moves, double timeout,
                         char *err, size_t size);

/* Relays the moves played since the engine last heard (its opponent's); false when it cannot. */
bool engine_dxp_go(EngineDriver *d, const Game *game);

/* Reads messages up to the engine's move (chat is passed over), before deadline. */
EngineReply engine_dxp_reply(EngineDriver *d, const Game *game, double deadline, Move *m, char *detail, size_t size);

/* Ends the game for the engine (see engine_driver_end_game). */
void engine_dxp_end_game(EngineDriver *d, const Game *game, int white_points, bool by_rules, double grace);

/* Closes the connection (the process is the driver's). */
void engine_dxp_close(EngineDriver *d);
