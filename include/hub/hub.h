#pragma once
/* The Hub session: the engine's state between commands (parameters, game, searcher) and what
 * the protocol's commands and the terminal's share: errors, playing moves, and go, whose searches
 * keep listening for ping, stop and ponder-hit. The loop is hub_loop.h. */
#include <stdio.h>
#include "rules/game.h"
#include "hub/hub_parse.h"
#include "hub/io.h"
#include "search/search.h"
#include "search/skill.h"
#include "util/sys.h"

#define ENGINE_NAME "Zwaluw"
#define ENGINE_VERSION "1.0"
#define ENGINE_AUTHOR "The Zwaluw authors"
#define ENGINE_COUNTRY "unknown"

#define HUB_TT_DEFAULT_MIB 64
#define HUB_TT_MIN_MIB 1
#define HUB_TT_MAX_MIB 16384
#define HUB_SEARCH_PARAM_PREFIX "search-"
#define HUB_SEARCH_PARAM_MAX 100000

/* The opening book: used up to this many plies from the start, choosing at random among the
 * moves within the margin (centi-men) of the best. The default ply covers the whole book. */
#define HUB_BOOK_PLY_DEFAULT 40
#define HUB_BOOK_PLY_MAX 100
#define HUB_BOOK_MARGIN_DEFAULT 4
#define HUB_BOOK_MARGIN_MAX 100
#define HUB_SEED_MAX 2147483647LL
/* lidraughts' `level handicap=N`: Scan's lidraughts fork weakens its quiescence search with it (1: no
 * evaluation of quiet positions there, 2: half its captures dropped at random, 3: none), and
 * lidraughts asks 3 at its level 1 and 2 at its level 2. Here a handicap lowers the skill of the
 * moves played (go think and ponder) to at most these levels, one per handicap 0..3. */
#define HUB_HANDICAP_MAX 3
#define HUB_HANDICAP_SKILL {SKILL_MAX, 8, 4, 1}
#define HUB_THREADS_MAX SEARCH_MAX_THREADS

/* Largest values `level` accepts; anything above is refused as absurd. */
#define HUB_LEVEL_MAX_SECONDS 1e6
#define HUB_LEVEL_MAX_NODES 1000000000000000LL
#define HUB_LEVEL_MAX_MOVES 1000

typedef struct {
    Search *search;          /* created by init (or the first go) */
    SearchLimits limits;     /* set by level; cleared by pos and at the end of every go */
    size_t tt_mib;           /* parameter tt-size */
    int threads;             /* parameter threads: the search's threads, 1..HUB_THREADS_MAX */
    bool ponder;             /* parameter ponder */
    Variant variant;         /* parameter variant: the rules of every position set from now on */
    bool book;               /* parameter book */
    int book_ply;            /* parameter book-ply */
    int book_margin;         /* parameter book-margin */
    int multipv;             /* parameter multipv: lines of go analyze and go think, 1..SEARCH_MAX_LINES */
    int skill;               /* parameter skill: playing level SKILL_MIN..SKILL_MAX (skill.h) of go think/ponder */
    long long seed;          /* parameter seed: 0 = rng from the clock and the process id, else from it */
    uint64_t rng;            /* the book's and the levels' random choices */
    int search_positional;   /* the positional share the searcher's tables were last filled under */
    bool search_answered;    /* the running go got its ponder-hit or stop, or another command */
    SearchParams params;     /* undeclared parameters search-NAME (SearchParams fields), for experiments */
    FILE *out;
    IoReader reader;
    bool quit;               /* quit, end of input or a dead output: the loop ends */
    char *line;              /* the command being executed (a copy: the reader moves on) */
    HubCommand cmd;
    Game game;               /* the position to search, with the moves that led to it */
    bool auto_reply;         /* terminal `auto on`: the engine answers every move played with play */
    bool one_weight_set;     /* a variant change frees the other variants' weights (the browser build's
                              * memory budget holds one set of 30 MB) */
} Hub;

/* A hub at the start position with the default parameters; NULL when memory is short.
 * The hash table is allocated later, by init, once the GUI has set tt-size. */
Hub *hub_new(void);
void hub_free(Hub *h);

/* Prints `error message="..."` (printf-style) and flushes. */
void hub_error(Hub *h, const char *fmt, ...) SYS_PRINTF(2, 3);

/* Plays the blank-separated moves of list on the game; stops with an error (prefixed by context)
 * naming the first unreadable or illegal move, keeping the moves played before it. */
void hub_play_moves(Hub *h, const char *list, const char *context);

/* The searcher, created at its first use (normally `init`) with the tt-size then set, so the
 * table is allocated once, at its final size; NULL, after an error line, when memory is short. */
Search *hub_searcher(Hub *h);

/* Flushes the output; a dead output (the GUI closed its end) ends the loop. */
void hub_flush(Hub *h);

/* The search's poll hook (ctx is the Hub): answers ping, consumes stop and ponder-hit, and stops
 * the search, leaving the line queued, on any other command. */
PollResult hub_poll(void *ctx);

/* The bb-size in force: the one set, capped by the tables embedded. */
int hub_bb_size(const Hub *h);

/* How hub_pick chose its move. */
typedef enum { HUB_PICK_SEARCH, HUB_PICK_ONLY, HUB_PICK_BOOK } HubPickSource;

typedef struct {
    HubPickSource source;
    Move move;             /* legal in the current position */
    Move ponder;           /* the expected reply, or MOVE_NONE */
    SearchResult result;   /* the search's figures (source SEARCH); the book's score (source BOOK) */
} HubPick;

/* Chooses a move for the current position as go does: under go think the only move or a book
 * move at once, else a search of the best `lines` root moves (multi-PV) under limits whose info
 * lines go to info (NULL: none). Below SKILL_MAX, go think and go ponder play at that level (more
 * lines, capped limits, coarser evaluation, a random pick among the near-best; see skill.h); go
 * analyze stays at full strength. False, after an error line, when there is no legal move or no
 * searcher. */
bool hub_pick(Hub *h, GoMode mode, const SearchLimits *limits, int lines, FILE *info, HubPick *pick);

/* Reseeds the random choices: from seed when it is not 0, else from the clock and the process id. */
void hub_seed(Hub *h, long long seed);

/* Answers a go: hub_pick under the level set with multipv lines, then `done move=... [ponder=...]`. */
void hub_go(Hub *h, GoMode mode);
