#pragma once
/* When a search must stop: its node limit, its clock, the poll hook (stop, ponder-hit) and, for a
 * helper thread, the main searcher's stop signal and deadline. The bottom of the search's calls:
 * the tree ticks it at every node, it calls nothing of the search above it. */
#include "search_state.h"

/* Starts the limits of a new search on root under limits: no node counted, the node limit, the
 * time plan (root's men tell the game phase), the clock from now (paused while mode is
 * GO_PONDER), the poll hook (poll may be NULL: nothing to poll). */
void search_limit_start(Search *s, const SearchLimits *limits, GoMode mode, const Position *root,
                        SearchPoll poll, void *poll_ctx);

/* Checks the node limit and the clock, polls the hub; sets stopped when the search must end.
 * A helper only publishes its node count and looks for the main searcher's stop and deadline. */
void search_limit_check(Search *s);

/* Counts a node; true when the search has been stopped (nodes after the stop are not counted,
 * so a node limit is never exceeded). Inline: the tree calls it at every node, and the check
 * behind it runs only every few hundred nodes. */
static inline bool search_limit_tick(Search *s)
{
    if (s->stopped)
        return true;
    if (++s->nodes >= s->next_check)
        search_limit_check(s);
    return s->stopped;
}

/* Nodes searched by the main searcher s and its helpers in the current search (the helpers' as of
 * their last check). */
uint64_t search_limit_nodes(const Search *s);

/* The monotonic time (clock_now) at which the helpers of the main searcher s stop by themselves:
 * its hard limit, so that after it they leave the cores to the main thread (0: none). */
void search_limit_deadline(Search *s, double when);
