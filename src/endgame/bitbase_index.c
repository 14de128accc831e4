/* Bitbase indexing: colex ranks of piece sets (see bitbase_index.h). */
#include <stdio.h>
#include "endgame/bitbase_index.h"

static uint64_t binom[SQUARE_COUNT + 1][BB_MAX_PIECES + 1];
static int8_t slot_of_square[2][SQUARE_COUNT + 1];   /* [0] men squares 6-50 for White, [1] 1-45 for Black */

void bitbase_index_init(void)
{
    for (int n = 0; n <= SQUARE_COUNT; n++)
        for (int k = 0; k <= BB_MAX_PIECES; k++)
            binom[n][k] = k == 0 ? 1 : n == 0 ? 0 : binom[n - 1][k - 1] + binom[n - 1][k];
    for (int s = 1; s <= SQUARE_COUNT; s++) {
        slot_of_square[0][s] = (int8_t)(s > 5 ? s - 6 : -1);
        slot_of_square[1][s] = (int8_t)(s <= 45 ? s - 1 : -1);
    }
}


uint64_t bitbase_index_size(Material m)
{
    return binom[BB_MEN_SQUARES][m.wm] * binom[BB_MEN_SQUARES][m.bm] * binom[SQUARE_COUNT][m.wk] *
           binom[SQUARE_COUNT][m.bk];
}

/* Colex rank of a set of squares, each mapped to its slot by map (NULL: square - 1). Bits are
 * visited in increasing square order because square numbers grow with bit indexes. */
static uint64_t rank_set(Bitboard set, const int8_t *map)
{
    uint64_t r = 0;
    int i = 1;
    for (; set; set &= set - 1, i++) {
        int s = bb_square_of_bit[bb_lsb(set)];
        r += binom[map ? map[s] : s - 1][i];
    }
    return r;
}

uint64_t bitbase_index_of(const Position *pos, Material m)
{
    uint64_t idx = rank_set(position_men(pos, WHITE), slot_of_square[0]);
    idx = idx * binom[BB_MEN_SQUARES][m.bm] + rank_set(position_men(pos, BLACK), slot_of_square[1]);
    idx = idx * binom[SQUARE_COUNT][m.wk] + rank_set(position_kings(pos, WHITE), NULL);
    return idx * binom[SQUARE_COUNT][m.bk] + rank_set(position_kings(pos, BLACK), NULL);
}

/* The set of k squares with colex rank r among slots 0..n-1, slot + offset being the square. */
static Bitboard unrank_set(uint64_t r, int k, int n, int offset)
{
    Bitboard set = 0;
    for (int i = k; i >= 1; i--) {
        int a = n - 1;
        while (binom[a][i] > r)
            a--;
        r -= binom[a][i];
        set |= bb_square(a + offset);
        n = a;
    }
    return set;
}

bool bitbase_index_position(Material m, uint64_t idx, Position *out)
{
    uint64_t nbk = binom[SQUARE_COUNT][m.bk], nwk = binom[SQUARE_COUNT][m.wk], nbm = binom[BB_MEN_SQUARES][m.bm];
    Bitboard bk = unrank_set(idx % nbk, m.bk, SQUARE_COUNT, 1);
    idx /= nbk;
    Bitboard wk = unrank_set(idx % nwk, m.wk, SQUARE_COUNT, 1);
    idx /= nwk;
    Bitboard bm = unrank_set(idx % nbm, m.bm, BB_MEN_SQUARES, 1);
    Bitboard wm = unrank_set(idx / nbm, m.wm, BB_MEN_SQUARES, 6);
    if (bb_popcount(wm | bm | wk | bk) != material_pieces(m))
        return false;
    out->pieces[WHITE] = wm | wk;
    out->pieces[BLACK] = bm | bk;
    out->kings = wk | bk;
    out->turn = WHITE;
    out->key = 0;
    out->variant = VARIANT_NORMAL;
    out->wolf[WHITE] = out->wolf[BLACK] = 0;
    return true;
}

/* Square s sits at bit b(s) with b(51 - s) = 62 - b(s), so the half turn is a bit reversal. */
static inline Bitboard mirror_bits(Bitboard b)
{
    b = ((b >> 1) & 0x5555555555555555ULL) | ((b & 0x5555555555555555ULL) << 1);
    b = ((b >> 2) & 0x3333333333333333ULL) | ((b & 0x3333333333333333ULL) << 2);
    b = ((b >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((b & 0x0F0F0F0F0F0F0F0FULL) << 4);
    return __builtin_bswap64(b) >> 1;
}

void bitbase_index_mirror(const Position *pos, Position *out)
{
    Bitboard w = pos->pieces[WHITE], b = pos->pieces[BLACK];
    out->pieces[WHITE] = mirror_bits(b);
    out->pieces[BLACK] = mirror_bits(w);
    out->kings = mirror_bits(pos->kings);
    out->turn = (Color)!pos->turn;
    out->key = 0;
}
