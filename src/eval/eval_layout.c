/* The weight vector's catalogue of tables: the name, entry count and position of each, as the
 * weight files record them (eval_file maps a file's tables onto today's by name). */
#include "eval/eval.h"

#include "eval/eval_pattern.h"
#include "eval/eval_region.h"

static const char *const SIDE_TABLE_NAMES[EVAL_SIDE_TABLES] = {"material", "tempo", "moves", "wings"};
static const uint32_t SIDE_TABLE_SIZES[EVAL_SIDE_TABLES] = {EVAL_MATERIAL_SIZE, EVAL_TEMPO_SIZE, EVAL_MOVES_SIZE,
                                                            EVAL_WINGS_SIZE};

const char *eval_table_name(int t)
{
    if (t >= 0 && t < EVAL_PATTERN_TABLES)
        return eval_pattern_name(t);
    if (t >= EVAL_REGION_TABLE && t < EVAL_SIDE_TABLE)
        return eval_region_name(t - EVAL_REGION_TABLE);
    if (t >= EVAL_SIDE_TABLE && t < EVAL_TABLE_COUNT)
        return SIDE_TABLE_NAMES[t - EVAL_SIDE_TABLE];
    return t == EVAL_KING_TABLE ? "king_square" : "?";
}

uint32_t eval_table_size(int t)
{
    if (t < EVAL_PATTERN_TABLES)
        return EVAL_PATTERN_SIZE;
    if (t >= EVAL_SIDE_TABLE)
        return SIDE_TABLE_SIZES[t - EVAL_SIDE_TABLE];
    return t == EVAL_KING_TABLE ? SQUARE_COUNT : EVAL_REGION_SIZE;
}

int eval_table_base(int t)
{
    if (t < EVAL_PATTERN_TABLES)
        return EVAL_PATTERN_BASE + t * EVAL_PATTERN_SIZE;
    if (t >= EVAL_SIDE_TABLE)
        return eval_side_feature(t - EVAL_SIDE_TABLE, 0);
    return t == EVAL_KING_TABLE ? EVAL_KING_BASE : EVAL_REGION_BASE + (t - EVAL_REGION_TABLE) * EVAL_REGION_SIZE;
}
