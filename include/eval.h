#pragma once
/* Static evaluation in centi-men (100 = one man) from the side to move's point of view. */
#include "board.h"

typedef int Score;

/* The evaluation of pos for the side to move; |score| stays below SCORE_EVAL_MAX. */
Score eval_position(const Position *pos);

#define SCORE_EVAL_MAX 8000

#include <stdio.h>

/* Prints the evaluation term by term (one line per term, then the total) for people. */
void eval_print_breakdown(const Position *pos, FILE *out);
