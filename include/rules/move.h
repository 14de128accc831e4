#pragma once
/* Moves: the Move type and lists of moves, what a move takes and where it goes, and its key
 * change. A Move is decoded against the position it is played in; rules/make.h plays it. */
#include "rules/position.h"

/* A move is the set {from, to} plus every captured square. A circular capture (to == from)
 * holds only the from bit besides the captures. Decode it against the position it is played in. */
typedef uint64_t Move;
#define MOVE_NONE ((Move)0)

#define MAX_MOVES 320

/* The moves of one position, as the generators (rules/movegen.h, rules/frisian.h) list them. */
typedef struct {
    int count;
    int capture_len;   /* pieces taken by each move, 0 for quiet moves */
    Move moves[MAX_MOVES];
} MoveList;

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
/* True when a man's move ends on its promotion row, so the man is crowned. */
static inline bool move_crowns(const Position *pos, Move m)
{
    return move_is_man_move(pos, m) && (move_to(pos, m) & position_promotion_row(pos->turn));
}

/* The Zobrist key change of a move of side us from one square to another (from, to: single bits)
 * capturing the pieces in captured, with kings the king set before the move. */
static inline Key move_key_change(Color us, Bitboard kings, Bitboard from, Bitboard to, Bitboard captured)
{
    Color them = (Color)!us;
    int kind = (from & kings) != 0, fb = bb_lsb(from), tb = bb_lsb(to);
    Key change = hash_piece[us][kind][fb] ^ hash_black_to_move;
    int tkind = kind || (to & position_promotion_row(us));
    change ^= hash_piece[us][tkind][tb];
    for (Bitboard c = captured; c; c &= c - 1) {
        int cb = bb_lsb(c);
        change ^= hash_piece[them][(kings >> cb) & 1][cb];
    }
    return change;
}

/* The key of the position after m without making it, or pos->key when m moves no piece of the
 * side to move (a move read from a colliding TT entry can be any bit set). */
static inline Key move_key_after(const Position *pos, Move m)
{
    Bitboard from = move_from(pos, m);
    if (!from || (from & (from - 1)))
        return pos->key;
    return pos->key ^ move_key_change(pos->turn, pos->kings, from, move_to(pos, m), move_captured(pos, m));
}
