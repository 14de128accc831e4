#pragma once
/* Fixed-depth search over a built-in set of positions; the total node count is the search's signature. */
#include <stdint.h>
#include <stdio.h>

#define BENCH_DEFAULT_DEPTH 18

/* Searches every bench position to depth with a fresh table and prints one line per position,
 * then "bench nodes=N time=S nps=M", S the time spent searching (not the tables' set-up: a fresh
 * table's pages and the evaluation weights are written once before use). Returns N (0 when memory
 * is short). */
uint64_t bench_run(int depth, FILE *out);
