#pragma once
/* Perft: the number of legal move sequences of a given length (no hashing; the last ply is counted, not made). */
#include <stdio.h>
#include "rules/position.h"

/* Leaf count of all sequences of exactly depth plies from pos. */
uint64_t perft(const Position *pos, int depth);

/* Runs perft and prints "perft depth=D nodes=N time=S nps=M" (M in millions of leaves/s),
 * preceded by one "MOVE N" line per root move when divide is set. Returns the count. */
uint64_t perft_report(const Position *pos, int depth, bool divide, FILE *out);
