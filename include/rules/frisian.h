#pragma once
/* Frisian captures: men and kings capture along rows and files as well as diagonals (8 directions;
 * a step along a row skips the light square between two dark ones). The capture of greatest value
 * is compulsory: a man is worth 64 and a king 126 (more than one man, less than two), and on equal
 * value a king's capture goes before a man's. Quiet moves are international ones, except that a
 * king which made WOLF_MAX_MOVES quiet moves in a row (its side still having men) must rest. */
#include "rules/move.h"

/* Fills the direction tables; idempotent (rules_init calls it). */
void frisian_init(void);

/* Every legal frisian capture of pos (empty when the side to move cannot capture). */
void frisian_captures(const Position *pos, MoveList *list);

/* True when side c of pos has a frisian capture. */
bool frisian_side_has_capture(const Position *pos, Color c);
