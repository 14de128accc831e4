#pragma once
/* Fixed-depth search over a built-in set of positions; the total node count is the search's signature. */
#include <stdint.h>
#include <stdio.h>
#include "search/search_types.h"

#define BENCH_DEFAULT_DEPTH 18
#define BENCH_TT_MIB 16   /* the signature's table; larger ones show what a long search gains from room */

/* Searches every bench position to depth with a fresh table of tt_mib MiB (as tt_resize rounds it)
 * on threads threads and prints one line per position, "bench position=I depth=D nodes=N time=S
 * move=M", a note that nps misleads (it rises and falls with the position mix and the pruning),
 * then "bench nodes=N time=S nps=M depth=D" last: S the time spent reaching depth (not the set-up:
 * a fresh table's pages, the helper threads and the evaluation weights are made before the clock
 * starts), the figure to compare. On one thread and BENCH_TT_MIB N is the signature; on more
 * threads it varies from run to run. Returns N (0 when memory is short or the threads cannot be
 * made). With params (not NULL) the searches use those parameters instead of the defaults: a network,
 * a pruning margin (the node count is then their own). */
uint64_t bench_run(int depth, int threads, size_t tt_mib, const SearchParams *params, FILE *out);
