#pragma once
/* Fixed-depth search over a built-in set of positions; the total node count is the search's signature. */
#include <stdint.h>
#include <stdio.h>

#define BENCH_DEFAULT_DEPTH 18

/* Searches every bench position to depth with a fresh table on threads threads and prints one
 * line per position, then "bench nodes=N time=S nps=M", S the time spent searching (not the
 * set-up: a fresh table's pages, the helper threads and the evaluation weights are made before the
 * clock starts). On one thread N is the signature; on more it varies from run to run. Returns N
 * (0 when memory is short or the threads cannot be made). */
uint64_t bench_run(int depth, int threads, FILE *out);
