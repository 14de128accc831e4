#pragma once
/* The lines of the Hub protocol (v2) that a match sends an engine and reads back: the position
 * the way the Hub GUI sends it, the time control, and the move of a `done` line. */
#include <stddef.h>
#include "match/time_control.h"
#include "rules/game.h"
#include "rules/notation.h"

/* The `pos` command for the current position: the position after the last capture or man
 * move (in frisian, the latest one before it without king-move counters), and the moves since
 * then in Hub notation. */
void engine_hub_pos_command(const Game *game, char *buf, size_t size);

/* The `level` command for a time control; clock is the remaining time before the increment. */
void engine_hub_level_command(const TimeControl *tc, double clock, char *buf, size_t size);

/* Reads the move of a `done move=X` line and validates it against pos. */
MoveParseStatus engine_hub_read_done(const Position *pos, const char *line, Move *m, char *err, size_t size);
