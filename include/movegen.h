#pragma once
/* Legal move generation for international (FMJD) draughts.
 * Captures are compulsory and the majority rule applies (most pieces, men and kings alike);
 * captured pieces stay on the board as obstacles until the move ends (Turkish strike);
 * a man promotes only when it ends on the far row. Moves with the same from, to and
 * captured set are listed once. */
#include "board.h"

#define MAX_MOVES 320

typedef struct {
    int count;
    int capture_len;   /* pieces taken by each move, 0 for quiet moves */
    Move moves[MAX_MOVES];
} MoveList;

/* Every legal move of the side to move (none when it is blocked or has no pieces). */
void movegen_generate(const Position *pos, MoveList *list);

/* Only the legal captures (empty when the side to move cannot capture). */
void movegen_captures(const Position *pos, MoveList *list);

/* Only the quiet moves; legal only when movegen_has_capture() is false. */
void movegen_quiet(const Position *pos, MoveList *list);

/* True when the side to move has a capture (fast, no generation). */
bool movegen_has_capture(const Position *pos);

/* True when the side NOT to move would have a capture if it were its turn. */
bool movegen_opponent_has_capture(const Position *pos);

/* The number of legal moves (counts quiet moves with popcounts; used by perft's last ply). */
int movegen_count(const Position *pos);
