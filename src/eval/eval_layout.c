/* The weight vector's catalogue of terms and tables: the name, entry count and position of each,
 * as the weight files record them (eval_file maps a file's terms and tables onto today's by name). */
#include "eval/eval_layout.h"

#include <string.h>

static const char *const TERM_NAMES[EVAL_TERM_COUNT] = {
    [EVAL_MAN] = "man",
    [EVAL_KING] = "king",
    [EVAL_KING_FIRST] = "king_first",
    [EVAL_TEMPO] = "tempo",
    [EVAL_BACK_RANK] = "back_rank",
    [EVAL_BACK_GUARD] = "back_guard",
    [EVAL_CENTRE] = "centre",
    [EVAL_BALANCE] = "balance",
    [EVAL_OUTPOST] = "outpost",
    [EVAL_OUTPOST_WEAK] = "outpost_weak",
    [EVAL_LOCKED] = "locked",
    [EVAL_TAIL] = "tail",
    [EVAL_HOOK] = "hook",
    [EVAL_RUNAWAY] = "runaway",
    [EVAL_RUNAWAY_ROWS] = "runaway_rows",
    [EVAL_KING_MOBILITY] = "king_mobility",
    [EVAL_KING_DIAGONAL] = "king_diagonal",
    [EVAL_KING_MOBILITY_ATTACKED] = "king_mobility_attacked",
};

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

const char *eval_term_name(EvalTerm term)
{
    return term >= 0 && term < EVAL_TERM_COUNT ? TERM_NAMES[term] : "?";
}

EvalTerm eval_term_by_name(const char *name)
{
    for (int i = 0; i < EVAL_TERM_COUNT; i++)
        if (strcmp(TERM_NAMES[i], name) == 0)
            return (EvalTerm)i;
    return EVAL_TERM_COUNT;
}
