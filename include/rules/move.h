#pragma once
/* Moves played on positions: what a move takes and where it goes, its key change and copy-make.
 * A Move is decoded against the position it is played in (see rules/position.h). */
#include "rules/position.h"

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

/* Copy-make core; with_key = false skips the key update (perft). */
static inline void move_make_impl(const Position *pos, Move m, Position *out, bool with_key)
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
        kings |= to & position_promotion_row(us);
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
static inline void move_make(const Position *pos, Move m, Position *out)
{
    move_make_impl(pos, m, out, true);
}
