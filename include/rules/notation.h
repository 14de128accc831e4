#pragma once
/* Text forms of positions and moves: the Hub position string (51 chars), PDN FEN
 * (W:W31,32,K45:B1,2) and Hub move notation (32-28, 28x19x23). */
#include <stddef.h>
#include "rules/movegen.h"

#define HUB_POS_LEN 51
#define MOVE_TEXT_MAX 96
#define FEN_TEXT_MAX 192

/* Parses the 51-char Hub string. Returns NULL on success, else what was wrong. */
const char *notation_parse_hub(const char *text, Position *pos);

/* Writes the 51-char Hub string plus NUL (buf holds at least HUB_POS_LEN + 1). */
void notation_format_hub(const Position *pos, char *buf);

/* Parses a PDN FEN ("W:W31,32,K45:B1-3"; ranges, spaces and a final '.' accepted).
 * Returns NULL on success, else what was wrong. */
const char *notation_parse_fen(const char *text, Position *pos);

/* Writes the FEN with ascending squares and K before kings (buf holds FEN_TEXT_MAX). */
void notation_format_fen(const Position *pos, char *buf);

/* Accepts "start", a Hub string or a FEN; rejects impossible positions.
 * Returns NULL on success, else what was wrong. */
const char *notation_parse_position(const char *text, Position *pos);

/* Hub notation of a legal move of pos: "32-28" or "from x to x captured..." ascending. */
void notation_format_move(const Position *pos, Move m, char *buf);

typedef enum { PARSE_OK, PARSE_SYNTAX, PARSE_ILLEGAL, PARSE_AMBIGUOUS } MoveParseStatus;

/* What notation_read_squares found wrong, if anything. */
typedef enum { SQUARES_OK, SQUARES_SYNTAX, SQUARES_ZERO, SQUARES_OVER, SQUARES_TOO_MANY } SquaresStatus;

/* Reads the squares of a move's text: numbers 1-50 (leading zeros allowed) joined by '-', 'x', 'X'
 * or ':', blanks around the whole, and after each joiner too when spaced_joins ("47x 9"). At least
 * two squares and at most max, into squares and *count. SQUARES_ZERO and SQUARES_OVER name a square
 * 0 or over 50, SQUARES_SYNTAX anything else that is not such a list. */
SquaresStatus notation_read_squares(const char *text, bool spaced_joins, int *squares, int max, int *count);

/* Matches text against the legal moves of pos. Captured squares may come in any order;
 * "28x19" alone is accepted when exactly one legal move goes from 28 to 19.
 * On failure err (size errsize) says why, listing the candidates when ambiguous. */
MoveParseStatus notation_parse_move(const Position *pos, const char *text, Move *out, char *err,
                                    size_t errsize);

/* Sorts moves numerically by (from, to, captured squares). */
void notation_sort_moves(const Position *pos, MoveList *list);
