#pragma once
/* The Hub-1 side of engine_driver (Scan 2.0's `hub` mode): `hub` answered by name lines and
 * `wait`, `set NAME VALUE`, `init` answered by `ready`, `new`, then per move `pos` (side to move in
 * lower case), `move X` for each move since, `time MS`, `level MOVES MS MS` or `depth N`, and `go`,
 * answered by `move X [PONDER]`; `error ...` lines report what it refused. */
#include "match/engine.h"
#include "match/time_control.h"

/* Starts the engine through `init`/`ready`; false (err set) when it does not get there. */
bool engine_hub1_start(EngineDriver *d, const EngineConfig *cfg, double timeout, char *err, size_t size);

/* Sends the position of game (from its last irreversible move, with the moves since), the limits
 * and `go`; false when the engine no longer reads. */
bool engine_hub1_go(EngineDriver *d, const Game *game, const TimeControl *tc, double clock);

/* Reads lines up to `move X`, before deadline. */
EngineReply engine_hub1_reply(EngineDriver *d, const Game *game, double deadline, Move *m, char *detail, size_t size);
