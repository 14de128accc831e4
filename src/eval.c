#include "eval.h"

#define EVAL_MAN 100
#define EVAL_KING 300

Score eval_position(const Position *pos)
{
    Color us = pos->turn, them = (Color)!us;
    return EVAL_MAN * (bb_popcount(position_men(pos, us)) - bb_popcount(position_men(pos, them))) +
           EVAL_KING * (bb_popcount(position_kings(pos, us)) - bb_popcount(position_kings(pos, them)));
}

void eval_print_breakdown(const Position *pos, FILE *out)
{
    Color us = pos->turn, them = (Color)!us;
    int men = bb_popcount(position_men(pos, us)) - bb_popcount(position_men(pos, them));
    int kings = bb_popcount(position_kings(pos, us)) - bb_popcount(position_kings(pos, them));
    fprintf(out, "eval term=men value=%d\n", EVAL_MAN * men);
    fprintf(out, "eval term=kings value=%d\n", EVAL_KING * kings);
    fprintf(out, "eval total=%d side=%s\n", eval_position(pos), us == WHITE ? "white" : "black");
}
