#pragma once
/* Iterative-deepening alpha-beta search. The hub owns input: the search calls a poll hook
 * every few thousand nodes so `ping`, `stop` and `ponder-hit` are handled while it thinks. */
#include <stdio.h>
#include "eval/eval.h"
#include "eval/score.h"
#include "rules/game.h"
#include "search/timeman.h"

#define MAX_PLY 128
#define SEARCH_MAX_LINES 10   /* multi-PV: most lines a search finds */
#define SEARCH_MAX_THREADS 256

typedef enum { GO_THINK, GO_PONDER, GO_ANALYZE } GoMode;

/* What the poll hook tells the search. */
typedef enum { POLL_CONTINUE, POLL_STOP, POLL_PONDER_HIT } PollResult;
typedef PollResult (*SearchPoll)(void *ctx);

typedef struct {
    Move best;       /* MOVE_NONE only when the root has no legal move */
    Move ponder;     /* expected reply (second PV move), or MOVE_NONE */
    Score score;
    int depth;       /* last completed iteration */
    bool from_helper;   /* the move is a helper thread's, from an iteration deeper than the main's */
    uint64_t nodes;
    double time;     /* seconds */
    int line_count;  /* lines of the last completed depth (multi-PV; 1 line by default), best first */
    Move line_move[SEARCH_MAX_LINES];
    Score line_score[SEARCH_MAX_LINES];   /* exact, non-increasing */
} SearchResult;

typedef struct Search Search;

/* Switches and sizes of the selective techniques (0 disables one); kept settable so self-play
 * matches can measure each of them against the others. */
typedef struct {
    int aspiration;      /* initial half-window of the aspiration search, centi-men */
    int lmr;             /* late-move reductions of quiet moves: 0 off, else the divisor in hundredths
                            of the reduction ln(depth) * ln(move number + 1) / divisor */
    int prune;           /* ProbCut-style pruning margin per ply of depth, centi-men */
    int single_reply;    /* extend nodes with a single legal move on/off */
    int killers;         /* killer moves in the move ordering on/off */
    int spare_offers;    /* no ProbCut at a node that must capture right after the opponent's quiet move
                            (a sacrifice or an exchange offer) on/off */
    int lmr_sac;         /* quiet moves that give the opponent a capture are not reduced at plies
                            below this (0: reduced like any quiet move) */
    int singular;        /* singular extension margin, centi-men: a PV node's TT move is searched a ply
                            deeper when every other move scores this much below it (0: off) */
    int bb_size;         /* probe the bitbases for positions of up to this many pieces (0: never) */
    int material;        /* evaluate material only (the variant's man and king values): a baseline for
                            measuring the learnt evaluation */
    int positional;      /* percent of the evaluation beyond material that counts (100: all of it; lower
                            levels of play see less than the learnt evaluation knows) */
    int time_target;     /* percent of the time manager's target a clock search aims at (100: as planned) */
    int time_drop;       /* percent added to that target per 0.1 man the score fell in the last iteration,
                            at most +100% (0: off) */
    int deeper_helper;   /* a single-line search plays a helper thread's line when it completed a deeper
                            iteration than the main thread on/off */
    int partial;         /* a single-line search stopped mid-iteration plays a root move that iteration
                            proved better than the last complete one's on/off */
    int futility;        /* a non-PV node of depth 1-3 without a capture for either side returns its static
                            evaluation when that beats beta by this much per ply (centi-men, 0: off) */
    int prune_eval;      /* ProbCut only at nodes whose static evaluation already reaches beta on/off: where it
                            does not, the reduced search misses shots that a full one finds */
    int lmp;             /* late-move pruning: a non-PV node of depth 1-3 without a capture for either side
                            skips its quiet moves after the first lmp + depth * depth, except killers and
                            those that crown or offer a capture (0: off) */
} SearchParams;

/* The parameters every new searcher starts with. */
void search_params_default(SearchParams *p);

/* Sets the field called name (as in SearchParams: "lmr", "prune", ...) to value; false when
 * there is no such field or the value is negative. */
bool search_params_set(SearchParams *p, const char *name, int value);

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

/* Writes a score in men with two decimals ("0.25", "-1.00", "99.97") into buf. */
void search_format_score(Score score, char *buf, size_t size);
