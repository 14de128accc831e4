#pragma once
/* The searcher's state, the bottom of src/search: types and constants only, so that every file of
 * the search can include it without depending on another's functions. The calls run one way,
 * search.c (the driver) > search_pool.c (helper threads) > search_root.c (the root) >
 * search_tree.c (the tree) > search_limit.c (nodes, clock, poll). */
#include <stdatomic.h>
#include <stdio.h>
#include "eval/eval_cache.h"
#include "eval/net.h"
#include "rules/game.h"
#include "search/search_types.h"
#include "search/timeman.h"
#include "search/tt.h"

#define HISTORY_MAX 16384
#define KEY_STACK (GAME_MAX_PLIES + MAX_PLY + 2)
#define LMR_TABLE_DEPTH 64

typedef struct {
    Move move;
    Score score;
} RootMove;

typedef struct {
    Score score;
    int pv_len;
    Move pv[MAX_PLY];
} RootLine;

typedef struct SearchPool SearchPool;

struct Search {
    TT *tt;                       /* the table: the main searcher's own, shared by its helpers */
    SearchParams params;
    EvalCache eval_cache;
    int16_t history[2][64][64];   /* [side][from bit][to bit], quiet moves only */
    Move killers[MAX_PLY][2];
    Move skip[MAX_PLY];           /* a move left out of the node at this ply (singular test), or MOVE_NONE */
    bool after_quiet[MAX_PLY];    /* the move into the node at this ply was quiet (a capture offer if one follows) */
    uint8_t lmr_table[LMR_TABLE_DEPTH][MAX_MOVES];   /* late-move reductions by [depth][move number] */
    int lmr_divisor;              /* the params.lmr the table was built for (0 = not built) */
    Move pv[MAX_PLY][MAX_PLY];
    int pv_len[MAX_PLY];
    Key keys[KEY_STACK];          /* reversible game history, then the search path */
    int key_base;                 /* index of the root position in keys */

    uint64_t nodes;
    _Atomic uint64_t nodes_shown; /* a helper's nodes as of its last check, for the main's totals */
    const atomic_bool *halt;      /* a helper's stop signal from the main searcher (NULL: main) */
    const _Atomic double *deadline;   /* a helper's view of the main searcher's helper_deadline */
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
    /* root-only state last, away from what the tree reads at every node */
    int lines;                    /* multi-PV: root moves given an exact score at each depth */
    Move excluded[MAX_MOVES];     /* root moves left out */
    int excluded_count;
    RootLine line[SEARCH_MAX_LINES];       /* the lines of the last completed depth, best first */
    int line_count;
    RootLine next_line[SEARCH_MAX_LINES];  /* those of the depth being searched */
    RootLine partial;             /* single line: a root move that beat the first one in the iteration
                                     being searched, with its line (pv_len 0: none yet) */
    TT own_tt;                    /* the main searcher's table (unused by helpers) */
    SearchPool *pool;             /* the main searcher's helper threads, NULL while it has none */
    /* what the limit check (below the pool, which it never calls) needs of the helpers */
    Search *const *helpers;       /* the main searcher's helpers' searchers, set by the pool: its node
                                     totals count theirs */
    int helper_count;
    _Atomic double helper_deadline;   /* the main searcher's hard time limit, at which its helpers stop
                                         by themselves (0: none); ponder-hit moves it */
    /* the network's first layer by ply: net_acc[p] is net_pos[p]'s (when net_ready[p]) under net_of,
     * the base a node at ply p + 1 updates from (any position is a valid base; its parent the cheapest) */
    const NetModel *net_of;
    bool net_ready[MAX_PLY + 1];
    Position net_pos[MAX_PLY + 1];
    NetAccumulator net_acc[MAX_PLY + 1];
};
