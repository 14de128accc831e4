#pragma once
#include <stdbool.h>
/* Growing the opening book with the engine's own searches: best-first ("drop-out") expansion.
 * Every position in the tree is scored by a fixed-node search, inner positions by the negamax of
 * their moves; the next position expanded is the leaf cheapest to reach, a path costing the sum
 * over its moves of how much worse each is than the best there, plus a fixed cost per ply. */

/* What to grow and how; the fields are the options of `engine book build` (cli/book_cli.c). */
typedef struct {
    const char *out;        /* the book written, rewritten whole every checkpoint expansions */
    const char *in;         /* a book to continue from, or NULL */
    const char *openings;   /* roots besides the start position, one position a line, or NULL */
    long expansions, nodes, threads, max_ply, max_dev, ply_cost, checkpoint, seconds;
} BookBuildConfig;

/* Grows the book cfg describes, printing progress to stderr. The same configuration gives the same
 * book whatever the thread count (a time limit aside). False when memory is short or a file could
 * not be read or written. */
bool book_build_run(const BookBuildConfig *cfg);
