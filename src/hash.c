#include "hash.h"

Key hash_piece[2][2][64];
Key hash_black_to_move;

/* splitmix64: a small, well-mixed generator; the fixed seed keeps keys reproducible. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

void hash_init(void)
{
    uint64_t state = 0x5EED0F10D4A1C0DEULL;
    for (int c = 0; c < 2; c++)
        for (int k = 0; k < 2; k++)
            for (int b = 0; b < 64; b++)
                hash_piece[c][k][b] = (bb_of(b) & BB_ALL) ? next_random(&state) : 0;
    hash_black_to_move = next_random(&state);
}
