#include "hash.h"

Key hash_piece[2][2][64];
Key hash_black_to_move;

void hash_init(void)
{
    /* the fixed seed keeps keys reproducible */
    uint64_t state = 0x5EED0F10D4A1C0DEULL;
    for (int c = 0; c < 2; c++)
        for (int k = 0; k < 2; k++)
            for (int b = 0; b < 64; b++)
                hash_piece[c][k][b] = (bb_of(b) & BB_ALL) ? hash_splitmix(&state) : 0;
    hash_black_to_move = hash_splitmix(&state);
}
