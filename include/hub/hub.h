#pragma once
/* The Hub protocol v2 loop (`./engine hub`, and `./engine` for people): reads commands,
 * answers them, and runs searches that keep listening for ping, stop and ponder-hit. */
#include <stdio.h>
#include "rules/game.h"
#include "hub/hub_parse.h"
#include "hub/io.h"
#include "search/search.h"

#define ENGINE_NAME "Zwaluw"
#define ENGINE_VERSION "1.0"
#define ENGINE_AUTHOR "The Zwaluw authors"
#define ENGINE_COUNTRY "unknown"

#define HUB_TT_DEFAULT_MIB 64
#define HUB_TT_MIN_MIB 1
#define HUB_TT_MAX_MIB 16384
#define HUB_TUNE_PREFIX "search-"
#define HUB_TUNE_MAX 100000

/* The opening book: used up to this many plies from the start, choosing at random among the
 * moves within the margin (centi-men) of the best. The default ply covers the whole book. */
#define HUB_BOOK_PLY_DEFAULT 40
#define HUB_BOOK_PLY_MAX 100
#define HUB_BOOK_MARGIN_DEFAULT 4
#define HUB_BOOK_MARGIN_MAX 100

/* Largest values `level` accepts; anything above is refused as absurd. */
#define HUB_LEVEL_MAX_SECONDS 1e6
#define HUB_LEVEL_MAX_NODES 1000000000000000LL
#define HUB_LEVEL_MAX_MOVES 1000

typedef struct {
    Search *search;          /* created by init (or the first go) */
    SearchLimits limits;     /* set by level; cleared by pos and at the end of every go */
    size_t tt_mib;           /* parameter tt-size */
    bool ponder;             /* parameter ponder */
    Variant variant;         /* parameter variant: the rules of every position set from now on */
    bool book;               /* parameter book */
    int book_ply;            /* parameter book-ply */
    int book_margin;         /* parameter book-margin */
    uint64_t rng;            /* the book's random choice, seeded from the clock and the process id */
    SearchTuning tune;       /* undeclared parameters search-NAME (SearchTuning fields), for experiments */
    FILE *out;
    IoReader reader;
    bool quit;               /* quit, end of input or a dead output: the loop ends */
    char *line;              /* the command being executed (a copy: the reader moves on) */
    HubCommand cmd;
    Game game;               /* the position to search, with the moves that led to it */
} Hub;

/* A hub at the start position with the default parameters; NULL when memory is short.
 * The hash table is allocated later, by init, once the GUI has set tt-size. */
Hub *hub_new(void);
void hub_free(Hub *h);

/* Runs the loop on in/out until quit or end of input; returns 0, or 1 when memory is short.
 * in is read through its descriptor when it has one (poll() keeps the search responsive),
 * otherwise as a memory stream; nothing may have been read from it through stdio before. */
int hub_run(Hub *h, FILE *in, FILE *out);

/* The same loop on any byte source (tests use scripted ones). */
int hub_run_source(Hub *h, IoSource *src, FILE *out);

/* Prints `error message="..."` (printf-style) and flushes. */
void hub_error(Hub *h, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Plays the blank-separated moves of list on the game; stops with an error (prefixed by context)
 * naming the first unreadable or illegal move, keeping the moves played before it. */
void hub_play_moves(Hub *h, const char *list, const char *context);

/* Terminal commands for people (hub_term.c): returns false when cmd is not one of them. */
bool hub_term_execute(Hub *h, const HubCommand *cmd);
