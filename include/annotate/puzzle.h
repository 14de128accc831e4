#pragma once
/* Puzzles from games (`engine puzzles`): every position where the side to move has exactly one move
 * that wins (a shot, a breakthrough, a won ending) or exactly one that saves the game, and the
 * solution followed while it stays unique: each of the solver's moves the only good one, each
 * reply the defender's most stubborn (the search's best). Every solver move is checked again by a
 * search verify times larger; a puzzle keeps the moves that pass, and none whose first fails. */
#include <stdbool.h>
#include <stdio.h>
#include "pdn/pdn_game.h"
#include "search/search.h"

#define PUZZLE_WIN 150        /* centi-men: a move "wins" when it scores this much or more */
#define PUZZLE_HOLD 40        /* a move "holds" (or the second best wins nothing) within this much of 0 */
#define PUZZLE_SOLVER_MOVES 8 /* a solution's longest run of solver moves */
#define PUZZLE_LINE_MAX (2 * PUZZLE_SOLVER_MOVES)

typedef enum { PUZZLE_WINNING, PUZZLE_SAVING } PuzzleKind;

enum {
    PUZZLE_THEME_SHOT = 1,          /* a win: by captures or a sacrifice the line gains two men or more */
    PUZZLE_THEME_SACRIFICE = 2,     /* the first move gives a piece away */
    PUZZLE_THEME_BREAKTHROUGH = 4,  /* a solver's man crowns on the way */
    PUZZLE_THEME_ENDGAME = 8,       /* ten pieces or fewer */
    PUZZLE_THEME_DEFENCE = 16,      /* the one move that saves the game */
};

typedef struct {
    Position start;
    PuzzleKind kind;
    Move line[PUZZLE_LINE_MAX];   /* solver, reply, solver, ... ending with a solver move */
    int plies;
    unsigned themes;
    int rating;                   /* a guess from the line's length and kind */
    int game;                     /* the game's number in its file, from 1 */
    int ply;                      /* the start's ply in that game (0: its first position) */
    Score score;                  /* the first move's score for the solver */
} Puzzle;

typedef struct {
    SearchLimits limits;          /* of the search that finds them */
    int verify;                   /* the checking search's limit is this many times larger (1: none) */
    bool side[2];                 /* by Color: positions of whose move are looked at */
} PuzzleConfig;

typedef struct {
    long positions, candidates;   /* searched; with one good move */
    long rejected;                /* candidates dropped: the first move failed the check, or was a capture
                                   * that alone wins, or one that saves (a choice of recaptures) */
} PuzzleCounts;

/* Looks at every position of g (game number `number` in its file) with s, appending each puzzle
 * found to *found (realloc'd; *count of them). False when out of memory. */
bool puzzle_find(Search *s, const PdnGame *g, int number, const PuzzleConfig *cfg, Puzzle **found, int *count,
                 PuzzleCounts *counts);

/* The themes of p as words separated by blanks ("shot sacrifice"), into buf. */
void puzzle_theme_text(unsigned themes, char *buf, size_t size);

/* Writes p as a PDN game: FEN, the solution as moves, and the tags Event, White, Black (the source
 * game's), Round (its number), Themes, Rating, Source ("game G, move M"). False on a write error or
 * out of memory. */
bool puzzle_write_pdn(FILE *out, const Puzzle *p, const PdnGame *source, int id);

/* Writes p as one JSON object (no trailing comma or line end): id, fen, moves, themes, rating,
 * source {game, move, white, black}. */
void puzzle_write_json(FILE *out, const Puzzle *p, const PdnGame *source, int id);
