#pragma once
/* 64-bit bitboard with ghost bits (13 bits per pair of rows).
 * Square s (1..50), row r = (s-1)/5, column c = (s-1)%5 -> bit 13*(r/2) + (r odd ? 6 : 0) + c.
 * Square 1 is at the top (bit 0); White moves towards lower bits. The four diagonal
 * directions are constant shifts (7 and 6) and never wrap because ghost bits are never empty. */
#include <stdbool.h>
#include <stdint.h>

typedef uint64_t Bitboard;
typedef int Square;            /* bit index 0..63 of a playable square */

#define SQUARE_COUNT 50
#define BB_ALL ((Bitboard)0x7DF3EF9F7CFBE7DFULL)   /* the 50 playable bits */
#define BB_ROW_TOP ((Bitboard)0x1FULL)              /* squares 1-5: White promotes here */
#define BB_ROW_BOTTOM ((Bitboard)0x1FULL << 58)     /* squares 46-50: Black promotes here */

/* Directions: 0 up-left, 1 up-right, 2 down-left, 3 down-right. "Up" = towards square 1. */
enum { DIR_UL = 0, DIR_UR = 1, DIR_DL = 2, DIR_DR = 3, DIR_COUNT = 4 };

extern Bitboard bb_ray[64][DIR_COUNT];   /* squares strictly beyond s in direction d, to the edge */
extern int bb_square_of_bit[64];         /* 1..50, or 0 for a ghost bit */
extern int bb_bit_of_square[SQUARE_COUNT + 1];

/* Fills the ray and square tables; idempotent. */
void bb_init(void);

static inline Bitboard bb_of(int bit) { return (Bitboard)1 << bit; }
static inline int bb_popcount(Bitboard b) { return __builtin_popcountll(b); }
static inline int bb_lsb(Bitboard b) { return __builtin_ctzll(b); }
static inline int bb_msb(Bitboard b) { return 63 - __builtin_clzll(b); }
static inline Bitboard bb_square(int square) { return bb_of(bb_bit_of_square[square]); }

/* Shift of a whole set one step in direction d (ghost/off-board bits must be masked by the caller). */
static inline Bitboard bb_shift(Bitboard b, int d)
{
    switch (d) {
    case DIR_UL: return b >> 7;
    case DIR_UR: return b >> 6;
    case DIR_DL: return b << 6;
    default: return b << 7;
    }
}

/* The half turn of the board, square s -> 51 - s: square s sits at bit b(s) with
 * b(51 - s) = 62 - b(s), so it is a reversal of the 64 bits shifted by one. */
static inline Bitboard bb_half_turn(Bitboard b)
{
    b = (b >> 1 & 0x5555555555555555ULL) | (b & 0x5555555555555555ULL) << 1;
    b = (b >> 2 & 0x3333333333333333ULL) | (b & 0x3333333333333333ULL) << 2;
    b = (b >> 4 & 0x0F0F0F0F0F0F0F0FULL) | (b & 0x0F0F0F0F0F0F0F0FULL) << 4;
    return __builtin_bswap64(b) >> 1;
}

/* The opposite direction of d (UL<->DR, UR<->DL). */
static inline int bb_opposite(int d) { return 3 - d; }

/* The blocker nearest to the ray's origin among a non-empty subset of one ray. */
static inline int bb_nearest(Bitboard blockers, int d)
{
    return d < 2 ? bb_msb(blockers) : bb_lsb(blockers);
}

/* The blocker nearest to the origin among a subset of one ray in direction d, or, when the subset
 * is empty, a sentinel bit whose ray in direction d is empty and which is never an opponent piece
 * with a free square beyond: bit 0 (square 1) going up, the ghost bit 63 going down. Branch-free,
 * for the many places where whether a ray is blocked is unpredictable. */
static inline int bb_nearest_or_sentinel(Bitboard blockers, int d)
{
    return d < 2 ? bb_msb(blockers | bb_of(0)) : bb_lsb(blockers | bb_of(63));
}

/* Squares reached from bit s in direction d before (and including) the first occupied square. */
static inline Bitboard bb_ray_attack(int s, int d, Bitboard occ)
{
    Bitboard ray = bb_ray[s][d];
    return ray ^ bb_ray[bb_nearest_or_sentinel(ray & occ, d)][d];
}
