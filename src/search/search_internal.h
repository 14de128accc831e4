#pragma once
/* The searcher's state, shared by the driver (search.c), the root (search_root.c) and the tree
 * search (search_tree.c). */
#include <stdatomic.h>
#include "eval/eval_cache.h"
#include "search/search.h"
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
    const _Atomic double *deadline;   /* a helper's copy of the main searcher's hard time limit */
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
};


/* Checks the node limit and the clock, polls the hub; sets stopped when the search must end.
 * A helper only publishes its node count and looks for the main searcher's stop. */
void search_check(Search *s);

/* Resets the per-search state of s for the current position of game (root moves, keys, limits,
 * clock); poll and out may be NULL. */
void search_start(Search *s, const Game *game, const SearchLimits *limits, GoMode mode, SearchPoll poll,
                  void *poll_ctx, FILE *out);

/* Gives the main searcher s helpers, threads - 1 of them (0: none), each with its own searcher
 * sharing s's table; the old ones are stopped first. False when a thread or searcher cannot be
 * made (s then keeps none). */
bool search_pool_resize(Search *s, int threads);

/* Starts every helper of s on game's current position; they search until search_pool_halt or
 * the deadline set by search_pool_deadline, whichever comes first. */
void search_pool_start(Search *s, const Game *game, int max_depth);

/* The monotonic time (clock_now) at which the helpers stop by themselves: the main searcher's
 * hard limit, so that after it they leave the cores to the main thread (0: none). */
void search_pool_deadline(Search *s, double when);

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

/* Nodes searched by s and its helpers in the current search. */
uint64_t search_pool_nodes(const Search *s);

/* Stops and frees the helpers. */
void search_pool_free(Search *s);

/* Forgets what the helpers learnt (history, killers), as search_clear does for s. */
void search_pool_clear(Search *s);

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

/* Builds the late-move reduction table for the divisor params.lmr, ln(depth) * ln(i + 1) / divisor
 * rounded (no work when it is already built for it). Called before each search. */
void search_prepare_reductions(Search *s);

/* Alpha-beta (fail-soft PVS) value of pos at ply > 0 for the side to move. */
Score search_node(Search *s, const Position *pos, const DrawState *ds, int depth, int ply, Score alpha,
                  Score beta);

/* Prints an info line for a root PV found at depth; rank > 0 adds `multipv=rank`. */
void search_print_info(Search *s, int depth, int rank, Score score, const Move *pv, int pv_len);

/* Sets up the root moves of root: the excluded ones left out, those that lose a bitbase value
 * dropped, the transposition table's move first. */
void search_root_init(Search *s, const Position *root);

/* Completes one iteration of depth: the best min(lines, root moves) lines with exact scores, in
 * s->line (best first) when it returns true; false when the search stopped before (s->line
 * keeps the previous depth's lines). */
bool search_root_iterate(Search *s, const DrawState *root_ds, int depth);
