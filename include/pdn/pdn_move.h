#pragma once
/* PDN move text against the rules core. PDN writes a capture "from x to", or with the squares it
 * lands on between ("39x28x17x6") when that is needed to tell two captures apart; our match files
 * of before this module wrote the Hub form instead ("28x19x23": from, to, then captured squares),
 * which is still read. */
#include <stddef.h>
#include "rules/move.h"

#define PDN_PATH_MAX (SQUARE_COUNT + 2)   /* landing squares of a capture, origin and end included */
#define PDN_MOVE_TEXT_MAX (3 * PDN_PATH_MAX + 1)

typedef enum { PDN_MOVE_OK, PDN_MOVE_SYNTAX, PDN_MOVE_ILLEGAL, PDN_MOVE_AMBIGUOUS } PdnMoveStatus;

/* Finds the one legal move of pos that text names. text is squares 1-50 (leading zeros allowed)
 * joined by '-', 'x', 'X' or ':', with spaces allowed after a joiner ("47x 9"). The first square is
 * the origin, the last the destination, and squares between are landing squares in path order (some
 * may be left out); when no move has such a path, text is read as the Hub form. On failure why
 * (whysize bytes) says why: the side to move, and the candidates when it is ambiguous. */
PdnMoveStatus pdn_move_parse(const Position *pos, const char *text, Move *out, char *why, size_t whysize);

/* The squares a capture path of the legal move m of pos lands on, its origin first and its
 * destination last, into path (PDN_PATH_MAX entries); returns how many (2 for a quiet move).
 * When several paths take the same pieces, the first found. */
int pdn_move_path(const Position *pos, Move m, int *path);

/* The PDN text of the legal move m of pos into buf (PDN_MOVE_TEXT_MAX bytes): "32-28", "28x19",
 * or the whole path ("16x2x8x19x21x40") when another legal capture shares origin and destination,
 * so that any PDN reader can tell them apart. */
void pdn_move_format(const Position *pos, Move m, char *buf);
