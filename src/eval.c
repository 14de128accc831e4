#include "eval.h"

#define EVAL_MAN 100
#define EVAL_KING 300

Score eval_position(const Position *pos)
{
    Color us = pos->turn, them = (Color)!us;
    return EVAL_MAN * (bb_popcount(position_men(pos, us)) - bb_popcount(position_men(pos, them))) +
           EVAL_KING * (bb_popcount(position_kings(pos, us)) - bb_popcount(position_kings(pos, them)));
}
