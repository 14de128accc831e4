#pragma once
/* The search's public types, apart from its functions: the layers inside src/search include this
 * one, since search/search.h (the driver's interface) sits above them. */
#include <stdbool.h>
#include <stdint.h>
#include "eval/score.h"
#include "rules/move.h"

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
    int prune_depth;     /* the ProbCut margin stops growing at this depth (0: grows with every ply); Scan
                            2.0's margin is half ours, and at 20 plies ours is 2 men, so it rarely cuts */
    int single_reply;    /* extend nodes with a single legal move on/off */
    int killers;         /* killer moves in the move ordering on/off */
    int spare_offers;    /* no ProbCut at a node that must capture right after the opponent's quiet move
                            (a sacrifice or an exchange offer) on/off */
    int lmr_max;         /* at most this many plies of late-move reduction (0: the table's own); the
                            table reduces 6 plies at depth 20, Scan 2.0 never more than 2 */
    int lmr_sac;         /* quiet moves that give the opponent a capture are not reduced at plies
                            below this (0: reduced like any quiet move) */
    int singular;        /* singular extension margin, centi-men: a PV node's TT move is searched a ply
                            deeper when every other move scores this much below it (0: off) */
    int singular_cut;    /* the singular test at non-PV nodes too, where a second move that also beats
                            beta cuts the node (multi-cut) on/off; Scan 3 tests PV nodes only */
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
    const struct NetModel *net;   /* evaluate by this network (eval/net.h) instead of the patterns (NULL) */
    int net_scale;       /* percent of the network's score the search uses (100: as fitted); its margins
                            were set on the patterns' scale */
    int net_hybrid;      /* centi-men of material balance from which the patterns evaluate instead of the
                            network, twice as fast, where its finer judgement matters least (0: off) */
    int net_lazy;        /* centi-men outside a leaf's window from which a residual network's correction is
                            skipped and the patterns' score stands (0: off) */
    int contempt;        /* centi-men a draw (by a draw rule, a repetition or the bitbases) costs the side to
                            move at the root, so that it plays on where the draw is not forced (0: a draw is
                            worth 0 to both) */
} SearchParams;
