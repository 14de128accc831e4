#pragma once
/* The terminal's `eval` command: the static evaluation of a position term by term, for people. */
#include <stdio.h>
#include "eval/net.h"
#include "rules/position.h"

/* Prints the evaluation of pos under its variant's weights: one line for each term, one each for
 * the block tables', the regions', the king squares' and each side table's sums (their white=
 * shares add up to the phase line's white, up to its truncation and clamp), then phase, scale and
 * the total for the side to move. */
void hub_eval_print_breakdown(const Position *pos, FILE *out);

/* Prints what the search evaluates pos by under network m (eval=net), for the side to move: the
 * network's score, or a residual network's correction and the total with the patterns'. */
void hub_eval_print_net(const Position *pos, const NetModel *m, FILE *out);
