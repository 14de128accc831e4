#pragma once
/* Zobrist keys: one random 64-bit key per (colour, piece kind, bit) plus one for Black to move. */
#include "bitboard.h"

typedef uint64_t Key;

extern Key hash_piece[2][2][64];   /* [colour][0 man, 1 king][bit] */
extern Key hash_black_to_move;

/* Fills the key tables from a fixed seed, so keys are identical in every run. */
void hash_init(void);
