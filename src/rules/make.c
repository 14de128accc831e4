#include "rules/make.h"

/* Scan's semantics: a side keeps its counter while its king stands and it has men; a quiet king
 * move continues the counter of the same king or starts one; any other move clears it. */
void make_frisian_wolf(const Position *pos, Move m, Position *out, bool with_key)
{
    Color us = pos->turn, them = (Color)!us;
    uint8_t wolf[2] = {0, 0};
    uint8_t theirs = pos->wolf[them];
    if (theirs && (position_kings(out, them) & bb_of(theirs & 63)) && position_men(out, them))
        wolf[them] = theirs;
    Bitboard from = move_from(pos, m);
    if ((from & pos->kings) && !move_is_capture(pos, m) && position_men(out, us)) {
        int count = pos->wolf[us] && bb_of(pos->wolf[us] & 63) == from ? pos->wolf[us] >> 6 : 0;
        count = count < WOLF_MAX_MOVES ? count + 1 : WOLF_MAX_MOVES;
        wolf[us] = (uint8_t)(count << 6 | bb_lsb(move_to(pos, m)));
    }
    if (with_key)
        out->key ^= hash_wolf[us][pos->wolf[us]] ^ hash_wolf[them][pos->wolf[them]] ^ hash_wolf[us][wolf[us]] ^
                    hash_wolf[them][wolf[them]];
    out->wolf[us] = wolf[us];
    out->wolf[them] = wolf[them];
}
