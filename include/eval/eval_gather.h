#pragma once
/* The bit-gather both pattern modules index their tables with: the bits of x under mask m, packed
 * to the low end in mask order (what BMI2 pext computes). eval_gather uses pext when the build
 * targets BMI2; eval_gather_portable is the reference it must match. */
#include <stdbool.h>
#include <stdint.h>
#include "rules/bitboard.h"

#if defined(__BMI2__)
#include <immintrin.h>
#endif

static inline unsigned eval_gather_portable(Bitboard x, Bitboard m)
{
    unsigned r = 0;
    for (unsigned bit = 1; m; m &= m - 1, bit <<= 1)
        r |= (x & m & -m) ? bit : 0;
    return r;
}

/* The gather of x under a mask of `pairs` runs of two adjacent bits (every pattern's rows hold two
 * adjacent squares), run i starting at bit shift[i] + 2i: one shift and one AND a run, unrolled when
 * pairs is a constant, where the bit-by-bit loop takes a step a bit. */
static inline unsigned eval_gather_pairs(Bitboard x, const uint8_t *shift, int pairs)
{
    Bitboard r = 0;
    for (int i = 0; i < pairs; i++)
        r |= (x >> shift[i]) & ((Bitboard)3 << 2 * i);
    return (unsigned)r;
}

/* The shifts of eval_gather_pairs for mask m; false when m is not made of pairs runs of two bits. */
static inline bool eval_gather_pairs_of(Bitboard m, uint8_t *shift, int pairs)
{
    for (int i = 0; i < pairs; i++) {
        if (!m)
            return false;
        int lo = bb_lsb(m);
        if (lo > 62 || !(m >> (lo + 1) & 1) || lo < 2 * i)
            return false;
        shift[i] = (uint8_t)(lo - 2 * i);
        m &= ~((Bitboard)3 << lo);
    }
    return m == 0;
}

/* The gather of x under mask m, made of pairs runs of two bits with the shifts given: pext where the
 * build targets BMI2, else eval_gather_pairs (WebAssembly, x86-64-v2). */
#if defined(__BMI2__)
static inline unsigned eval_gather(Bitboard x, Bitboard m, const uint8_t *shift, int pairs)
{
    (void)shift, (void)pairs;
    return (unsigned)_pext_u64(x, m);
}
#else
static inline unsigned eval_gather(Bitboard x, Bitboard m, const uint8_t *shift, int pairs)
{
    (void)m;
    return eval_gather_pairs(x, shift, pairs);
}
#endif
