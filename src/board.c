#include "board.h"

void board_init(void)
{
    bb_init();
    hash_init();
}

void position_set(Position *pos, Bitboard white_men, Bitboard black_men, Bitboard white_kings,
                  Bitboard black_kings, Color turn)
{
    pos->pieces[WHITE] = (white_men | white_kings) & BB_ALL;
    pos->pieces[BLACK] = (black_men | black_kings) & BB_ALL;
    pos->kings = (white_kings | black_kings) & BB_ALL;
    pos->turn = turn;
    pos->key = position_compute_key(pos);
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
    return key;
}

const char *position_invalid_reason(const Position *pos)
{
    if (pos->pieces[WHITE] & pos->pieces[BLACK])
        return "a square holds two pieces";
    if (position_men(pos, WHITE) & promotion_row(WHITE))
        return "a white man stands on squares 1-5 (it would have been crowned)";
    if (position_men(pos, BLACK) & promotion_row(BLACK))
        return "a black man stands on squares 46-50 (it would have been crowned)";
    if (bb_popcount(pos->pieces[WHITE]) > 20 || bb_popcount(pos->pieces[BLACK]) > 20)
        return "a side has more than 20 pieces";
    return 0;
}

/* Square s maps to 51 - s under a half turn of the board. */
static Bitboard mirror_set(Bitboard b)
{
    Bitboard out = 0;
    for (; b; b &= b - 1)
        out |= bb_square(SQUARE_COUNT + 1 - bb_square_of_bit[bb_lsb(b)]);
    return out;
}

void position_mirror(const Position *pos, Position *out)
{
    Position src = *pos;
    position_set(out, mirror_set(position_men(&src, BLACK)), mirror_set(position_men(&src, WHITE)),
                 mirror_set(position_kings(&src, BLACK)), mirror_set(position_kings(&src, WHITE)),
                 (Color)!src.turn);
}
