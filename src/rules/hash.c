#include "rules/hash.h"

Key hash_piece[2][2][64];
Key hash_black_to_move;
Key hash_wolf[2][256];
Key hash_variant[VARIANT_COUNT];

void hash_init(void)
{
    /* the fixed seed keeps keys reproducible */
    uint64_t state = 0x5EED0F10D4A1C0DEULL;
    for (int c = 0; c < 2; c++)
        for (int k = 0; k < 2; k++)
            for (int b = 0; b < 64; b++)
                hash_piece[c][k][b] = (bb_of(b) & BB_ALL) ? hash_splitmix(&state) : 0;
    hash_black_to_move = hash_splitmix(&state);
    for (int c = 0; c < 2; c++)   /* drawn after the others, so normal keys did not change */
        for (int w = 0; w < 256; w++)
            hash_wolf[c][w] = w ? hash_splitmix(&state) : 0;
    for (int v = 0; v < VARIANT_COUNT; v++)
        hash_variant[v] = v ? hash_splitmix(&state) : 0;
}
