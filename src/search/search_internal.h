#pragma once
/* The searcher's state, shared by the root driver (search.c) and the tree search (search_tree.c). */
#include "search/search.h"
#include "search/tt.h"

#define HISTORY_MAX 16384
#define KEY_STACK (GAME_MAX_PLIES + MAX_PLY + 2)
#define LMR_TABLE_DEPTH 64

typedef struct {
    Move move;
    Score score;
} RootMove;

struct Search {
    TT tt;
    SearchTuning tune;
    EvalCache eval_cache;
    int16_t history[2][64][64];   /* [side][from bit][to bit], quiet moves only */
    Move killers[MAX_PLY][2];
    bool after_quiet[MAX_PLY];    /* the move into the node at this ply was quiet (a capture offer if one follows) */
    uint8_t lmr_table[LMR_TABLE_DEPTH][MAX_MOVES];   /* late-move reductions by [depth][move number] */
    int lmr_divisor;              /* the tune.lmr the table was built for (0 = not built) */
    Move pv[MAX_PLY][MAX_PLY];
    int pv_len[MAX_PLY];
    Key keys[KEY_STACK];          /* reversible game history, then the search path */
    int key_base;                 /* index of the root position in keys */

    uint64_t nodes;
    uint64_t next_check;          /* node count of the next clock/limit check */
    uint64_t node_limit;          /* 0 = none */
    uint64_t last_poll_nodes;
    uint64_t leaf_count, leaf_ply_sum;
    bool stopped;
    bool pondering;
    GoMode mode;
    int completed_depth;
    double go_time;               /* when `go` arrived */
    double clock_start;           /* when the clock started (go, or ponder-hit) */
    double last_poll_time;
    TimePlan plan;
    SearchPoll poll;
    void *poll_ctx;
    FILE *out;

    Position root_pos;
    RootMove root[MAX_MOVES];
    int root_count;
    int root_depth;               /* the iteration being searched */
    int bb_limit;                 /* positions of up to this many pieces are probed */
    int bb_root_pieces, bb_root_kings;   /* a root in the bitbases: its material is not probed */
};


/* Checks the node limit and the clock, polls the hub; sets stopped when the search must end. */
void search_check(Search *s);

/* Counts a node; true when the search has been stopped (nodes after the stop are not counted,
 * so a node limit is never exceeded). */
static inline bool search_tick(Search *s)
{
    if (s->stopped)
        return true;
    if (++s->nodes >= s->next_check)
        search_check(s);
    return s->stopped;
}

/* Builds the late-move reduction table for the divisor tune.lmr, ln(depth) * ln(i + 1) / divisor
 * rounded (no work when it is already built for it). Called before each search. */
void search_prepare_reductions(Search *s);

/* Alpha-beta (fail-soft PVS) value of pos at ply > 0 for the side to move. */
Score search_node(Search *s, const Position *pos, const DrawState *ds, int depth, int ply, Score alpha,
                  Score beta);

/* Prints an info line for the root PV (s->pv[0]) found at the current iteration. */
void search_print_info(Search *s, int depth, Score score);
