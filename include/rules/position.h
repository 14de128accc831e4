#pragma once
/* Position: pieces by colour, the king set, the side to move and the rule set, plus its Zobrist key.
 * Positions are immutable values: a move produces a successor by copy-make. */
#include "rules/bitboard.h"
#include "rules/hash.h"
#include "rules/variant.h"

typedef enum { WHITE = 0, BLACK = 1 } Color;

/* A move is the set {from, to} plus every captured square. A circular capture (to == from)
 * holds only the from bit besides the captures. Decode it against the position it is played in. */
typedef uint64_t Move;
#define MOVE_NONE ((Move)0)

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

/* Initialises every table the rules core needs (bitboards, hash keys); idempotent. */
void board_init(void);

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

/* The frisian king-move counters of out, the successor of pos after m (out's pieces already set);
 * with_key also brings out->key up to date. */
void position_update_wolf(const Position *pos, Move m, Position *out, bool with_key);

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
static inline Bitboard promotion_row(Color c) { return c == WHITE ? BB_ROW_TOP : BB_ROW_BOTTOM; }

/* The origin bit of a move played in pos. */
static inline Bitboard move_from(const Position *pos, Move m) { return m & pos->pieces[pos->turn]; }
/* The destination bit (equal to the origin for a circular capture). */
static inline Bitboard move_to(const Position *pos, Move m)
{
    Bitboard to = m & position_empty(pos);
    return to ? to : move_from(pos, m);
}
static inline Bitboard move_captured(const Position *pos, Move m) { return m & pos->pieces[!pos->turn]; }
static inline bool move_is_capture(const Position *pos, Move m) { return move_captured(pos, m) != 0; }
/* True when the move is made by a man (so it is irreversible). */
static inline bool move_is_man_move(const Position *pos, Move m) { return (move_from(pos, m) & pos->kings) == 0; }

/* The Zobrist key change of a move of side us from one square to another (from, to: single bits)
 * capturing the pieces in captured, with kings the king set before the move. */
static inline Key move_key_change(Color us, Bitboard kings, Bitboard from, Bitboard to, Bitboard captured)
{
    Color them = (Color)!us;
    int kind = (from & kings) != 0, fb = bb_lsb(from), tb = bb_lsb(to);
    Key change = hash_piece[us][kind][fb] ^ hash_black_to_move;
    int tkind = kind || (to & promotion_row(us));
    change ^= hash_piece[us][tkind][tb];
    for (Bitboard c = captured; c; c &= c - 1) {
        int cb = bb_lsb(c);
        change ^= hash_piece[them][(kings >> cb) & 1][cb];
    }
    return change;
}

/* The key of the position after m without making it, or pos->key when m moves no piece of the
 * side to move (a move read from a colliding TT entry can be any bit set). */
static inline Key position_key_after(const Position *pos, Move m)
{
    Bitboard from = move_from(pos, m);
    if (!from || (from & (from - 1)))
        return pos->key;
    return pos->key ^ move_key_change(pos->turn, pos->kings, from, move_to(pos, m), move_captured(pos, m));
}

/* Copy-make core; with_key = false skips the key update (perft). */
static inline void position_make_impl(const Position *pos, Move m, Position *out, bool with_key)
{
    Color us = pos->turn, them = (Color)!us;
    Bitboard from = move_from(pos, m), to = move_to(pos, m), captured = m & pos->pieces[them];
    Bitboard kings = pos->kings;
    Key key = pos->key;
    if (with_key)
        key ^= move_key_change(us, kings, from, to, captured);
    if (from & kings)
        kings ^= from ^ to;
    else
        kings |= to & promotion_row(us);
    out->pieces[us] = pos->pieces[us] ^ from ^ to;
    out->pieces[them] = pos->pieces[them] ^ captured;
    out->kings = kings & ~captured;
    out->turn = them;
    out->key = key;
    out->variant = pos->variant;
    out->wolf[0] = out->wolf[1] = 0;
    if (pos->variant == VARIANT_FRISIAN)
        position_update_wolf(pos, m, out, with_key);
}

/* The position after the legal move m, with its key updated incrementally. */
static inline void position_make(const Position *pos, Move m, Position *out)
{
    position_make_impl(pos, m, out, true);
}
