#pragma once
/* Iterative-deepening alpha-beta search. The hub owns input: the search calls a poll hook
 * every few thousand nodes so `ping`, `stop` and `ponder-hit` are handled while it thinks. */
#include <stdio.h>
#include "eval/eval.h"
#include "eval/score.h"
#include "rules/game.h"
#include "search/search_types.h"
#include "search/timeman.h"

/* The parameters every new searcher starts with. */
void search_params_default(SearchParams *p);

/* Sets the field called name (as in SearchParams: "lmr", "prune", ...) to value; false when
 * there is no such field or the value is negative. */
bool search_params_set(SearchParams *p, const char *name, int value);

/* Sets the field of an assignment "NAME=VALUE" (VALUE an integer 0-2147483647), as the command
 * lines' options do; NULL, or why it is refused. */
const char *search_params_assign(SearchParams *p, const char *assignment);

/* A searcher with a transposition table of at most tt_mib MiB (rounded down to a power of two;
 * halved until the allocation succeeds); NULL when not even the smallest table fits. */
Search *search_new(size_t tt_mib);
void search_free(Search *s);

/* Resizes the transposition table; on failure keeps the old one and returns false. */
bool search_resize_tt(Search *s, size_t tt_mib);

/* The size of the transposition table actually in use, in MiB (a power of two). */
size_t search_tt_mib(const Search *s);

/* Searches on threads threads from now on (1..SEARCH_MAX_THREADS; 1: this thread alone): the
 * helpers are made now and sleep between searches; they share the transposition table, and their
 * nodes count in every total. False when the threads cannot be made (the search then has one). */
bool search_set_threads(Search *s, int threads);

/* The threads a search uses. */
int search_threads(const Search *s);

/* The parameters in use; the caller may change them between searches. */
SearchParams *search_params(Search *s);

/* Forgets everything learnt (new-game): transposition table and history tables. */
void search_clear(Search *s);

/* Multi-PV: later searches find the best `lines` root moves (clamped to 1..SEARCH_MAX_LINES) at
 * every depth, each with an exact score, and print one `info multipv=i` line per line once the
 * depth is complete (fewer when the root has fewer moves; at a root in the bitbases only those
 * that keep its value are searched). 1 (the default) is the plain search. */
void search_set_lines(Search *s, int lines);

/* Later searches leave these root moves out, as if they were illegal (count 0: none); a root whose
 * every move is excluded has no result move. */
void search_set_excluded(Search *s, const Move *moves, int count);

/* Writes line i (0 = best) of the last search as Hub moves separated by blanks; false when the
 * last search completed fewer lines. */
bool search_line_text(const Search *s, int i, char *buf, size_t size);

/* Searches the current position of game under limits. Prints `info` lines to out (if not NULL)
 * and fills result; never prints `done`. poll may be NULL. */
void search_run(Search *s, const Game *game, const SearchLimits *limits, GoMode mode, SearchPoll poll,
                void *poll_ctx, FILE *out, SearchResult *result);
