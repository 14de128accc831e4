#pragma once
/* The bit-gather both pattern modules index their tables with: the bits of x under mask m, packed
 * to the low end in mask order (what BMI2 pext computes). eval_gather uses pext when the build
 * targets BMI2; eval_gather_portable is the reference it must match. */
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

#if defined(__BMI2__)
static inline unsigned eval_gather(Bitboard x, Bitboard m) { return (unsigned)_pext_u64(x, m); }
#else
static inline unsigned eval_gather(Bitboard x, Bitboard m) { return eval_gather_portable(x, m); }
#endif
