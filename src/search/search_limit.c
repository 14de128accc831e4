/* The node limit, the clock and the poll hook of a search (see search_limit.h). */
#include "search_limit.h"

#include "rules/position.h"
#include "util/clock.h"

#define CLOCK_INTERVAL 256       /* nodes between clock checks */
#define POLL_NODES 2048          /* nodes between polls of the hub */
#define POLL_SECONDS 0.004       /* and at most this long between two polls */

void search_limit_start(Search *s, const SearchLimits *limits, GoMode mode, const Position *root,
                        SearchPoll poll, void *poll_ctx)
{
    s->nodes = 0;
    s->node_limit = limits->nodes;
    s->next_check = s->node_limit && s->node_limit < CLOCK_INTERVAL ? s->node_limit : CLOCK_INTERVAL;
    s->last_poll_nodes = 0;
    s->stopped = false;
    s->pondering = mode == GO_PONDER;
    s->completed_depth = 0;
    s->go_time = s->clock_start = s->last_poll_time = clock_now();
    s->poll = poll;
    s->poll_ctx = poll_ctx;
    int men = bb_popcount(position_occupied(root) & ~root->kings);
    timeman_plan(limits, men, &s->plan);
}

void search_limit_deadline(Search *s, double when)
{
    atomic_store_explicit(&s->helper_deadline, when, memory_order_relaxed);
}

uint64_t search_limit_nodes(const Search *s)
{
    uint64_t n = s->nodes;
    for (int i = 0; i < s->helper_count; i++)
        n += atomic_load_explicit(&s->helpers[i]->nodes_shown, memory_order_relaxed);
    return n;
}

/* The clock starts now: the budget counts from here, but the time already spent pondering
 * counts as work done, so the search stops at once when it exceeds the target. */
static void ponder_hit(Search *s, double now)
{
    s->pondering = false;
    s->clock_start = now;
    if (s->plan.timed)
        search_limit_deadline(s, now + s->plan.hard);
    if (s->completed_depth > 0 && s->plan.timed &&
        (now - s->go_time >= s->plan.soft || s->root_count == 1))
        s->stopped = true;
}

void search_limit_check(Search *s)
{
    s->next_check = s->nodes + CLOCK_INTERVAL;
    if (s->halt) {
        atomic_store_explicit(&s->nodes_shown, s->nodes, memory_order_relaxed);
        double deadline = atomic_load_explicit(s->deadline, memory_order_relaxed);
        if (atomic_load_explicit(s->halt, memory_order_relaxed) || (deadline > 0 && clock_now() >= deadline))
            s->stopped = true;
        return;
    }
    if (s->node_limit) {
        if (search_limit_nodes(s) >= s->node_limit) {
            s->stopped = true;
            return;
        }
        if (s->next_check > s->node_limit)
            s->next_check = s->node_limit;
    }
    double now = clock_now();
    if (s->poll && (s->nodes - s->last_poll_nodes >= POLL_NODES || now - s->last_poll_time >= POLL_SECONDS)) {
        s->last_poll_nodes = s->nodes;
        s->last_poll_time = now;
        PollResult r = s->poll(s->poll_ctx);
        if (r == POLL_STOP)
            s->stopped = true;
        else if (r == POLL_PONDER_HIT && s->pondering)
            ponder_hit(s, now);
    }
    if (!s->pondering && s->plan.timed && now - s->clock_start >= s->plan.hard)
        s->stopped = true;
}
