#include "rules/position.h"

void position_set(Position *pos, Bitboard white_men, Bitboard black_men, Bitboard white_kings,
                  Bitboard black_kings, Color turn)
{
    pos->pieces[WHITE] = (white_men | white_kings) & BB_ALL;
    pos->pieces[BLACK] = (black_men | black_kings) & BB_ALL;
    pos->kings = (white_kings | black_kings) & BB_ALL;
    pos->turn = turn;
    pos->variant = VARIANT_NORMAL;
    pos->wolf[WHITE] = pos->wolf[BLACK] = 0;
    pos->key = position_compute_key(pos);
}

const char *position_set_variant(Position *pos, Variant v)
{
    if (v == VARIANT_BT && position_kings(pos, pos->turn))
        return "in breakthrough the side to move cannot own a king (the game ended when it was crowned)";
    pos->variant = (uint8_t)v;
    pos->wolf[WHITE] = pos->wolf[BLACK] = 0;
    pos->key = position_compute_key(pos);
    return 0;
}

void position_start(Position *pos)
{
    Bitboard black = 0, white = 0;
    for (int s = 1; s <= 20; s++)
        black |= bb_square(s);
    for (int s = 31; s <= 50; s++)
        white |= bb_square(s);
    position_set(pos, white, black, 0, 0, WHITE);
}

Key position_compute_key(const Position *pos)
{
    Key key = pos->turn == BLACK ? hash_black_to_move : 0;
    for (int c = 0; c < 2; c++)
        for (Bitboard b = pos->pieces[c]; b; b &= b - 1) {
            int bit = bb_lsb(b);
            key ^= hash_piece[c][(pos->kings >> bit) & 1][bit];
        }
    return key ^ hash_wolf[WHITE][pos->wolf[WHITE]] ^ hash_wolf[BLACK][pos->wolf[BLACK]] ^ hash_variant[pos->variant];
}

const char *position_invalid_reason(const Position *pos)
{
    if (pos->pieces[WHITE] & pos->pieces[BLACK])
        return "a square holds two pieces";
    if (position_men(pos, WHITE) & position_promotion_row(WHITE))
        return "a white man stands on squares 1-5 (it would have been crowned)";
    if (position_men(pos, BLACK) & position_promotion_row(BLACK))
        return "a black man stands on squares 46-50 (it would have been crowned)";
    if (bb_popcount(pos->pieces[WHITE]) > 20 || bb_popcount(pos->pieces[BLACK]) > 20)
        return "a side has more than 20 pieces";
    return 0;
}

static uint8_t mirror_wolf(uint8_t wolf)
{
    return wolf ? (uint8_t)((wolf & ~63) | bb_lsb(bb_half_turn(bb_of(wolf & 63)))) : 0;
}

void position_mirror(const Position *pos, Position *out)
{
    Position src = *pos;
    position_set(out, bb_half_turn(position_men(&src, BLACK)), bb_half_turn(position_men(&src, WHITE)),
                 bb_half_turn(position_kings(&src, BLACK)), bb_half_turn(position_kings(&src, WHITE)),
                 (Color)!src.turn);
    out->variant = src.variant;
    out->wolf[WHITE] = mirror_wolf(src.wolf[BLACK]);
    out->wolf[BLACK] = mirror_wolf(src.wolf[WHITE]);
    out->key = position_compute_key(out);
}
