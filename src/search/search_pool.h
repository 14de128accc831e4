#pragma once
/* The helper threads of a parallel search (lazy SMP), for the driver: each runs the root's
 * iterations on its own searcher. The pool calls the root and what lies below, never the driver. */
#include <stdbool.h>
#include "search_state.h"

/* Gives the main searcher s helpers, threads - 1 of them (0: none), each with its own searcher
 * sharing s's table; the old ones are stopped first. False when a thread or searcher cannot be
 * made (s then keeps none). Keeps s->helpers and s->helper_count, the limit check's view of them,
 * in step. */
bool search_pool_resize(Search *s, int threads);

/* Starts every helper of s on game's current position; they search until search_pool_halt or
 * s's helper deadline (search_limit_deadline, reset to none here), whichever comes first. */
void search_pool_start(Search *s, const Game *game, int max_depth);

/* Tells the helpers to stop and waits until none reads game any more (they copy what they need
 * when they start); they may still be winding down: search_pool_wait waits for that. */
void search_pool_halt(Search *s);

/* The deepest iteration a helper has completed in the current search (0: none), its best line
 * into line. Safe while the helpers still run. */
int search_pool_deepest(Search *s, RootLine *line);

/* Waits until every helper is idle: before anything changes what they share (the table, their
 * searchers, the thread count). */
void search_pool_wait(Search *s);

/* How many helpers s has. */
int search_pool_size(const Search *s);

/* Stops and frees the helpers. */
void search_pool_free(Search *s);

/* Forgets what the helpers learnt (history, killers), as search_clear does for s. */
void search_pool_clear(Search *s);
