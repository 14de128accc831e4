#include "rules/bitboard.h"

Bitboard bb_ray[64][DIR_COUNT];
int bb_square_of_bit[64];
int bb_bit_of_square[SQUARE_COUNT + 1];

void bb_init(void)
{
    static bool done;
    if (done)
        return;
    for (int s = 1; s <= SQUARE_COUNT; s++) {
        int r = (s - 1) / 5, c = (s - 1) % 5;
        int bit = 13 * (r / 2) + (r & 1 ? 6 : 0) + c;
        bb_bit_of_square[s] = bit;
        bb_square_of_bit[bit] = s;
    }
    for (int bit = 0; bit < 64; bit++) {
        for (int d = 0; d < DIR_COUNT; d++) {
            Bitboard ray = 0, b = bb_of(bit);
            if (!(b & BB_ALL)) {
                bb_ray[bit][d] = 0;
                continue;
            }
            for (b = bb_shift(b, d) & BB_ALL; b; b = bb_shift(b, d) & BB_ALL)
                ray |= b;
            bb_ray[bit][d] = ray;
        }
    }
    done = true;
}
