#pragma once
/* Zobrist keys: one random 64-bit key per (colour, piece kind, bit), one for Black to move and one
 * per frisian king-move counter state. */
#include "rules/bitboard.h"
#include "rules/variant.h"

typedef uint64_t Key;

extern Key hash_piece[2][2][64];   /* [colour][0 man, 1 king][bit] */
extern Key hash_black_to_move;
extern Key hash_wolf[2][256];      /* [colour][Position.wolf byte]; 0 for the empty counter */
extern Key hash_variant[VARIANT_COUNT];   /* 0 for normal: positions of different rules never share a key */

/* splitmix64: a small, well-mixed generator whose state lives with the caller. */
static inline uint64_t hash_splitmix(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Fills the key tables from a fixed seed, so keys are identical in every run. */
void hash_init(void);
