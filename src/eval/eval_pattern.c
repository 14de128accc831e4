#include "eval/eval_pattern.h"

#include <stdlib.h>
#include "eval/eval_gather.h"

/* Own-view blocks: tables 0-3 cover own rows 6-9, tables 4-7 own rows 4-7, files 0-3, 2-5, 4-7, 6-9;
 * tables 8-10 own rows 5-8, tables 11-13 own rows 3-6, files 1-4, 3-6, 5-8. */
const int eval_pattern_block[EVAL_PATTERN_TABLES][EVAL_PATTERN_SQUARES] = {
    {31, 32, 36, 37, 41, 42, 46, 47}, {32, 33, 37, 38, 42, 43, 47, 48},
    {33, 34, 38, 39, 43, 44, 48, 49}, {34, 35, 39, 40, 44, 45, 49, 50},
    {21, 22, 26, 27, 31, 32, 36, 37}, {22, 23, 27, 28, 32, 33, 37, 38},
    {23, 24, 28, 29, 33, 34, 38, 39}, {24, 25, 29, 30, 34, 35, 39, 40},
    {27, 28, 31, 32, 37, 38, 41, 42}, {28, 29, 32, 33, 38, 39, 42, 43}, {29, 30, 33, 34, 39, 40, 43, 44},
    {17, 18, 21, 22, 27, 28, 31, 32}, {18, 19, 22, 23, 28, 29, 32, 33}, {19, 20, 23, 24, 29, 30, 33, 34},
};

static const char *const TABLE_NAMES[EVAL_PATTERN_TABLES] = {
    "rows6-9_files0-3", "rows6-9_files2-5", "rows6-9_files4-7", "rows6-9_files6-9",
    "rows4-7_files0-3", "rows4-7_files2-5", "rows4-7_files4-7", "rows4-7_files6-9",
    "rows5-8_files1-4", "rows5-8_files3-6", "rows5-8_files5-8",
    "rows3-6_files1-4", "rows3-6_files3-6", "rows3-6_files5-8",
};

const char *eval_pattern_name(int t) { return t >= 0 && t < EVAL_PATTERN_TABLES ? TABLE_NAMES[t] : "?"; }

static struct {
    bool ready;
    Bitboard mask[EVAL_PATTERN_TABLES];   /* the block in its owner's view: White's on the real board */
    uint8_t shift[EVAL_PATTERN_TABLES][EVAL_PATTERN_SQUARES / 2];   /* the masks' runs of two squares (eval_gather_pairs) */
    uint16_t trit[256];                   /* bit i of x -> 3^i */
} pt;

void eval_pattern_init(void)
{
    if (pt.ready)
        return;
    bb_init();
    for (int t = 0; t < EVAL_PATTERN_TABLES; t++)
        for (int i = 0; i < EVAL_PATTERN_SQUARES; i++)
            pt.mask[t] |= bb_square(eval_pattern_block[t][i]);
    for (int t = 0; t < EVAL_PATTERN_TABLES; t++)
        if (!eval_gather_pairs_of(pt.mask[t], pt.shift[t], EVAL_PATTERN_SQUARES / 2))
            abort();   /* a table of squares not in pairs: a broken build, which every test shows */
    for (int x = 0; x < 256; x++) {
        int up = 0;
        for (int i = 7; i >= 0; i--)
            up = 3 * up + (x >> i & 1);
        pt.trit[x] = (uint16_t)up;
    }
    pt.ready = true;
}

/* The bits of x under table t's mask, by the reference gather when portable. */
static inline unsigned gather(Bitboard x, int t, bool portable)
{
    return portable ? eval_gather_portable(x, pt.mask[t]) : eval_gather(x, pt.mask[t], pt.shift[t], EVAL_PATTERN_SQUARES / 2);
}

/* Each side reads its blocks' squares in ascending order of its own view, as the tables are
 * defined; Black's view is the half-turned board, so its men and White's are turned once. */
static inline void indices_with(const Position *pos, uint16_t index[EVAL_PATTERN_LOOKUPS], bool portable)
{
    if (!pt.ready)
        eval_pattern_init();
    Bitboard wm = position_men(pos, WHITE), bm = position_men(pos, BLACK);
    Bitboard own_b = bb_half_turn(bm), opp_b = bb_half_turn(wm);   /* Black's men and White's, in Black's view */
    for (int t = 0; t < EVAL_PATTERN_TABLES; t++) {
        unsigned ww = gather(wm, t, portable);
        unsigned wb = gather(bm, t, portable);
        unsigned bb = gather(own_b, t, portable);
        unsigned bw = gather(opp_b, t, portable);
        index[t] = (uint16_t)(pt.trit[ww] + 2 * pt.trit[wb]);
        index[EVAL_PATTERN_TABLES + t] = (uint16_t)(pt.trit[bb] + 2 * pt.trit[bw]);
    }
}

void eval_pattern_indices(const Position *pos, uint16_t index[EVAL_PATTERN_LOOKUPS])
{
    indices_with(pos, index, false);
}

void eval_pattern_indices_portable(const Position *pos, uint16_t index[EVAL_PATTERN_LOOKUPS])
{
    indices_with(pos, index, true);
}
