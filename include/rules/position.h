#pragma once
/* Position: pieces by colour, the king set, the side to move and the rule set, plus its Zobrist key.
 * Positions are immutable values: a move produces a successor by copy-make (rules/make.h). */
#include "rules/bitboard.h"
#include "rules/hash.h"
#include "rules/variant.h"

typedef enum { WHITE = 0, BLACK = 1 } Color;

typedef struct {
    Bitboard pieces[2];   /* by colour, men and kings */
    Bitboard kings;
    Key key;
    Color turn;
    uint8_t variant;    /* a Variant; packed so that the struct stays 40 bytes */
    uint8_t wolf[2];    /* frisian, per side: the king that made the last quiet moves in a row
                         * (bit index, low 6 bits) and how many (high 2 bits); 0 = none */
} Position;

#define WOLF_MAX_MOVES 3   /* frisian: quiet moves in a row one king may make while its side has men */

/* The standard start position, White to move. */
void position_start(Position *pos);

/* Sets up a position of international draughts from piece sets and computes its key. */
void position_set(Position *pos, Bitboard white_men, Bitboard black_men, Bitboard white_kings,
                  Bitboard black_kings, Color turn);

/* Makes pos a position of variant v (no frisian king-move history). Returns NULL, or (pos
 * unchanged) why the position cannot occur in v: in breakthrough the side to move has no king. */
const char *position_set_variant(Position *pos, Variant v);

static inline Variant position_variant(const Position *pos) { return (Variant)pos->variant; }

/* Frisian: how many quiet moves in a row the king on position_wolf_bit has made (0 = none). */
static inline int position_wolf_count(const Position *pos, Color c) { return pos->wolf[c] >> 6; }
static inline int position_wolf_bit(const Position *pos, Color c) { return pos->wolf[c] & 63; }

/* Frisian: the king of the side to move that must rest (may not make a quiet move now), its bit, or 0. */
static inline Bitboard position_resting_king(const Position *pos)
{
    return position_wolf_count(pos, pos->turn) >= WOLF_MAX_MOVES ? bb_of(position_wolf_bit(pos, pos->turn)) : 0;
}

/* The key computed from scratch (the reference for the incremental one). */
Key position_compute_key(const Position *pos);

/* NULL when the position can occur in a game, else a message saying why not
 * (e.g. a man standing on its own promotion row). */
const char *position_invalid_reason(const Position *pos);

/* The colour-swapped, 180-degree rotated position (same game from the other side). */
void position_mirror(const Position *pos, Position *out);

static inline Bitboard position_occupied(const Position *pos) { return pos->pieces[0] | pos->pieces[1]; }
static inline Bitboard position_empty(const Position *pos) { return BB_ALL & ~position_occupied(pos); }
static inline Bitboard position_men(const Position *pos, Color c) { return pos->pieces[c] & ~pos->kings; }
static inline Bitboard position_kings(const Position *pos, Color c) { return pos->pieces[c] & pos->kings; }
/* The row where a man of colour c is crowned. */
static inline Bitboard position_promotion_row(Color c) { return c == WHITE ? BB_ROW_TOP : BB_ROW_BOTTOM; }
