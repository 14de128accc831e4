#pragma once
/* Making a move: the successor of a position by copy-make, its key updated incrementally and, in
 * frisian, its king-move counters. It sits above rules/position.h and rules/move.h, neither of
 * which includes it. */
#include "rules/move.h"

/* Frisian: sets out's king-move counters (with_key: and their part of out->key), out being the
 * successor of pos after m with every other field already made (make_move calls it). */
void make_frisian_wolf(const Position *pos, Move m, Position *out, bool with_key);

/* The position after the legal move m of pos, written to out (which must not alias pos).
 * with_key = false leaves out->key stale, for callers that never read it (perft, bitbase probes
 * and builds): its update is 5% of perft's instructions. */
static inline void make_move(const Position *pos, Move m, Position *out, bool with_key)
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
        make_frisian_wolf(pos, m, out, with_key);
}
