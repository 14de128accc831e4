#pragma once
/* The start position of a PDN game from its tags: FEN, GameType and Variant. */
#include <stdbool.h>
#include <stddef.h>
#include "rules/position.h"

/* Reads a PDN FEN leniently: "W:W31-35,K45:B1-20" with ranges and kings, lower-case colours,
 * spaces, surrounding quotes, a final '.', and lidraughts' move counters (":H0:F1", ignored). The
 * side to move may be '?' or missing ("?:W31:B1", ":W31:B1", "W31:B1"): then pos gets side_if_unknown
 * and *side_known is false. Returns NULL, or why the FEN cannot be read or the position cannot occur. */
const char *pdn_setup_fen(const char *fen, Color side_if_unknown, Position *pos, bool *side_known);

/* The start position of a game whose tags give fen, variant and game_type (each may be NULL): the
 * variant from the Variant tag, else the GameType number ("20", "20,W,10,10,N2,0", 40, 96, 98),
 * else international; the pieces from the FEN, else the initial position. Returns NULL, or why
 * (why_buf, whysize bytes, holds the message). */
const char *pdn_setup_start(const char *fen, const char *variant, const char *game_type, Color side_if_unknown,
                            Position *pos, bool *side_known, char *why_buf, size_t whysize);
