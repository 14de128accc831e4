#pragma once
/* A game: the positions played so far and the draw rules of its variant. All variants: threefold
 * repetition. Normal, killer, bt, losing: FMJD article 6 (25-move king rule, 16-move and 5-move
 * endgame rules). Frisian: two kings against one draw after 7 moves each, king against king after
 * 2 moves each (the rules lidraughts plays; no 25-move rule). */
#include "rules/movegen.h"

#define GAME_MAX_PLIES 4096

/* Plies after which each draw rule applies (moves by each side * 2). */
#define DRAW_KING_MOVES_PLIES 50   /* 25 moves each with only kings moving, no capture */
#define DRAW_16_MOVES_PLIES 32     /* 3 kings / 2 kings + man / king + 2 men against a lone king */
#define DRAW_5_MOVES_PLIES 10      /* 2 kings / king + man / king against a lone king */
#define DRAW_FRISIAN_7_PLIES 14    /* frisian: 2 kings against 1 king */
#define DRAW_FRISIAN_2_PLIES 4     /* frisian: king against king */

typedef enum { ENDGAME_NONE = 0, ENDGAME_16, ENDGAME_5, ENDGAME_FRISIAN_7, ENDGAME_FRISIAN_2 } EndgameRule;

/* Draw-rule counters that travel with a position along a game or a search path. */
typedef struct {
    int reversible;      /* plies since the last capture or man move */
    int endgame_plies;   /* plies since the current endgame rule started to apply */
    EndgameRule endgame;
    bool king_rule;      /* the 25-move king rule applies (every variant but frisian) */
} DrawState;

typedef enum {
    GAME_ONGOING = 0,
    GAME_LOSS,               /* the side to move has no legal move */
    GAME_LOSS_CROWNED,       /* breakthrough: the opponent crowned a king */
    GAME_WIN,                /* losing: the side to move has no legal move, and wins */
    GAME_DRAW_REPETITION,
    GAME_DRAW_25_MOVES,
    GAME_DRAW_16_MOVES,
    GAME_DRAW_5_MOVES,
    GAME_DRAW_FRISIAN_7,
    GAME_DRAW_FRISIAN_2,
} GameStatus;

typedef struct {
    int ply;                              /* index of the current position in the arrays */
    Position pos[GAME_MAX_PLIES];         /* pos[0] = start, pos[ply] = current */
    DrawState draw[GAME_MAX_PLIES];
    Move moves[GAME_MAX_PLIES];           /* moves[i] leads from pos[i] to pos[i + 1] */
} Game;

/* Which endgame draw rule (if any) the material of pos falls under. */
EndgameRule game_endgame_rule(const Position *pos);

/* Counters for the successor of pos after m, given the counters of pos. */
void game_draw_next(const Position *pos, const DrawState *prev, Move m, const Position *next, DrawState *out);

/* Counters for a position set up from scratch (no history). */
void game_draw_root(const Position *pos, DrawState *out);

/* Which counter-based draw rule (25/16/5-move) has been reached, or GAME_ONGOING. */
GameStatus game_draw_status(const DrawState *st);

/* Starts a game at pos. */
void game_reset(Game *game, const Position *pos);

/* Plays the legal move m; returns false (game unchanged) when the history is full. */
bool game_play(Game *game, Move m);

/* Takes back up to n moves; returns how many were taken back. */
int game_undo(Game *game, int n);

static inline const Position *game_position(const Game *game) { return &game->pos[game->ply]; }

/* How often the current position (same side to move) occurred in the game, this time included. */
int game_repetitions(const Game *game);

/* The verdict when the side to move of pos has no legal move (variant_no_move_outcome): GAME_WIN
 * in losing, GAME_LOSS_CROWNED when a breakthrough opponent crowned a king, else GAME_LOSS. */
GameStatus game_no_move_status(const Position *pos);

/* Whether the game has ended at the current position, and how. */
GameStatus game_status(const Game *game);

/* Human-readable name of a status ("threefold repetition", ...). */
const char *game_status_text(GameStatus status);

/* +1 when status is a win for the side to move, -1 a loss, 0 a draw or an ongoing game. */
int game_status_outcome(GameStatus status);
