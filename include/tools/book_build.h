#pragma once
/* Growing the opening book with the engine's own searches: best-first ("drop-out") expansion.
 * Every position in the tree is scored by a fixed-node search, inner positions by the negamax of
 * their moves; the next position expanded is the leaf cheapest to reach, a path costing the sum
 * over its moves of how much worse each is than the best there, plus a fixed cost per ply. */

/* `engine book build --out FILE [--in FILE] [--openings FILE] [--expansions N] [--nodes N]
 * [--threads T] [--max-ply P] [--max-dev CP] [--ply-cost CP] [--checkpoint N] [--seconds S]`.
 * Progress goes to stderr; the book file is rewritten whole every N expansions. The same arguments
 * give the same book whatever the thread count (--seconds aside). Returns the exit status. */
int book_build_main(int argc, char **argv);
