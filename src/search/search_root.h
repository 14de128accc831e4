#pragma once
/* The root of a search: its set-up, one iteration of one or several lines (multi-PV) with
 * aspiration windows, and the `info` output. Both the driver and the helper threads run the root
 * through it; it calls the tree and the limit check below it. */
#include <stddef.h>
#include "search_state.h"
#include "search/timeman.h"

/* Resets the per-search state of s for the current position of game: the limits (see
 * search_limit_start), the root moves (the excluded ones left out, those that lose a bitbase
 * value dropped, the transposition table's move first), the game's reversible plies for the
 * repetition test, the killers, history aged. The main searcher (not a helper) also ages the
 * shared table. out (NULL: silent) receives the `info` lines; poll may be NULL. */
void search_root_start(Search *s, const Game *game, const SearchLimits *limits, GoMode mode, SearchPoll poll,
                       void *poll_ctx, FILE *out);

/* Completes one iteration of depth: the best min(lines, root moves) lines with exact scores, in
 * s->line (best first) when it returns true; false when the search stopped before (s->line
 * keeps the previous depth's lines). */
bool search_root_iterate(Search *s, const DrawState *root_ds, int depth);

/* Prints an info line for a root PV found at depth to s->out (nothing when it is NULL); rank > 0
 * adds `multipv=rank`. The node count is the main searcher's and its helpers'. */
void search_root_print_info(Search *s, int depth, int rank, Score score, const Move *pv, int pv_len);

/* Writes pv, played from the root, as Hub moves separated by blanks, stopping at the first move
 * that is not legal in its position or that would not fit in size. */
void search_root_format_pv(const Search *s, const Move *pv, int pv_len, char *buf, size_t size);
