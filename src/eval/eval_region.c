#include "eval/eval_region.h"

#include <stdlib.h>
#include "eval/eval_gather.h"

/* Two squares a row: own rows 4-9 (squares 21-50) at files 2t..2t+3, then own rows 3-8 (squares
 * 16-45) at files 2u+1..2u+4. */
const int eval_region_block[EVAL_REGION_TABLES][EVAL_REGION_SQUARES] = {
    {21, 22, 26, 27, 31, 32, 36, 37, 41, 42, 46, 47},
    {22, 23, 27, 28, 32, 33, 37, 38, 42, 43, 47, 48},
    {23, 24, 28, 29, 33, 34, 38, 39, 43, 44, 48, 49},
    {24, 25, 29, 30, 34, 35, 39, 40, 44, 45, 49, 50},
    {17, 18, 21, 22, 27, 28, 31, 32, 37, 38, 41, 42},
    {18, 19, 22, 23, 28, 29, 32, 33, 38, 39, 42, 43},
    {19, 20, 23, 24, 29, 30, 33, 34, 39, 40, 43, 44},
};

/* Pattern tables 0-3 are own rows 6-9 and 4-7 those 4-7 of the same files; 8-10 own rows 5-8 and
 * 11-13 rows 3-6. */
const int eval_region_holds[EVAL_REGION_TABLES][2] = {{0, 4}, {1, 5}, {2, 6}, {3, 7}, {8, 11}, {9, 12}, {10, 13}};

static const char *const TABLE_NAMES[EVAL_REGION_TABLES] = {
    "region_rows4-9_files0-3", "region_rows4-9_files2-5", "region_rows4-9_files4-7", "region_rows4-9_files6-9",
    "region_rows3-8_files1-4", "region_rows3-8_files3-6", "region_rows3-8_files5-8",
};

const char *eval_region_name(int t) { return t >= 0 && t < EVAL_REGION_TABLES ? TABLE_NAMES[t] : "?"; }

#define GATHERED (1 << EVAL_REGION_SQUARES)

static struct {
    bool ready;
    Bitboard mask[EVAL_REGION_TABLES];   /* the region in its owner's view: White's on the real board */
    uint8_t shift[EVAL_REGION_TABLES][EVAL_REGION_SQUARES / 2];   /* the masks' runs of two squares (eval_gather_pairs) */
    uint32_t trit[GATHERED];             /* bit i of x -> 3^i */
} rt;

void eval_region_init(void)
{
    if (rt.ready)
        return;
    bb_init();
    for (int t = 0; t < EVAL_REGION_TABLES; t++)
        for (int i = 0; i < EVAL_REGION_SQUARES; i++)
            rt.mask[t] |= bb_square(eval_region_block[t][i]);
    for (int t = 0; t < EVAL_REGION_TABLES; t++)
        if (!eval_gather_pairs_of(rt.mask[t], rt.shift[t], EVAL_REGION_SQUARES / 2))
            abort();   /* a table of squares not in pairs: a broken build, which every test shows */
    for (int x = 0; x < GATHERED; x++) {
        uint32_t up = 0;
        for (int i = EVAL_REGION_SQUARES - 1; i >= 0; i--)
            up = 3 * up + (uint32_t)(x >> i & 1);
        rt.trit[x] = up;
    }
    rt.ready = true;
}

/* The bits of x under table t's mask, by the reference gather when portable. */
static inline unsigned gather(Bitboard x, int t, bool portable)
{
    return portable ? eval_gather_portable(x, rt.mask[t]) : eval_gather(x, rt.mask[t], rt.shift[t], EVAL_REGION_SQUARES / 2);
}

/* Each side reads its regions' squares in ascending order of its own view. Black's view is the
 * half-turned board, so its men and White's are turned once and read through White's masks: one
 * 16 KB digit table serves both sides (the real board would need a reversed one beside it). */
static inline void indices_with(const Position *pos, uint32_t index[EVAL_REGION_LOOKUPS], bool portable)
{
    if (!rt.ready)
        eval_region_init();
    Bitboard wm = position_men(pos, WHITE), bm = position_men(pos, BLACK);
    Bitboard own_b = bb_half_turn(bm), opp_b = bb_half_turn(wm);   /* Black's men and White's, in Black's view */
    for (int t = 0; t < EVAL_REGION_TABLES; t++) {
        unsigned ww = gather(wm, t, portable);
        unsigned wb = gather(bm, t, portable);
        unsigned bb = gather(own_b, t, portable);
        unsigned bw = gather(opp_b, t, portable);
        index[t] = rt.trit[ww] + 2 * rt.trit[wb];
        index[EVAL_REGION_TABLES + t] = rt.trit[bb] + 2 * rt.trit[bw];
    }
}

void eval_region_indices(const Position *pos, uint32_t index[EVAL_REGION_LOOKUPS])
{
    indices_with(pos, index, false);
}

void eval_region_indices_portable(const Position *pos, uint32_t index[EVAL_REGION_LOOKUPS])
{
    indices_with(pos, index, true);
}
