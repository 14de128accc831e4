#pragma once
/* One DXP connection's games, without sockets: messages received go in (dxp_session_receive),
 * messages to send come out (dxp_session_take), and the engine's moves come from a callback, so
 * tests can drive both roles with scripted messages. The follower answers a game request; the
 * initiator sends one per game. Every move received is checked against the rules; a game ends by
 * the rules (no move left, FMJD draw rules), by a game end message, or by a bad move (a game end
 * with reason unknown; the game counts as unfinished). No move is ever sent once a game has ended. */
#include <stdio.h>
#include "dxp/dxp_msg.h"
#include "rules/game.h"
#include "search/timeman.h"

#define DXP_OUTBOX_MAX 8

typedef enum { DXP_FOLLOWER, DXP_INITIATOR } DxpRole;

typedef enum {
    DXP_IDLE,          /* no game: the follower waits for a request, the initiator is about to send one */
    DXP_WAIT_ACCEPT,   /* the initiator sent a request */
    DXP_PLAYING,
    DXP_ENDING,        /* we sent a game end and wait for the peer's */
    DXP_CLOSED,        /* nothing more to play: the front closes the connection */
} DxpState;

/* The engine's move for the current position of game under limits (remaining clock and moves to
 * go); fills *move (legal), *score (centi-men, side to move's view) and returns true, or false
 * when it has none. */
typedef bool (*DxpThink)(void *ctx, const Game *game, const SearchLimits *limits, Move *move, int *score);

typedef struct {
    DxpRole role;
    const char *name;         /* ours, sent in the request or the accept */
    /* initiator: the games to request */
    Color side;               /* the colour we play in odd games, the other in even ones */
    int centiminutes, moves;  /* the clock: hundredths of a minute for that many moves (0: no limit) */
    Position start;
    int games;                /* games to play on the connection (>= 1) */
    DxpThink think;
    void *think_ctx;
    FILE *progress;           /* one line per move and per event for people; NULL: none */
} DxpConfig;

typedef struct {
    DxpConfig cfg;
    DxpState state;
    char peer[DXP_NAME_WIDTH + 1];
    Game game;
    Color us;
    double clock;             /* our seconds left */
    int centiminutes, moves;  /* the current game's clock (moves 0: no move limit) */
    int our_moves;            /* moves we played this game */
    int started, finished, unfinished;   /* games */
    int wins, draws, losses;             /* finished games, our view */
    bool stop_after;          /* the peer asked to stop after this game */
    DxpMsg outbox[DXP_OUTBOX_MAX];
    int out_count;
} DxpSession;

/* Prepares s (it holds a whole game: allocate it, do not put it on a small stack). The initiator
 * queues its first game request. */
void dxp_session_init(DxpSession *s, const DxpConfig *cfg);

/* Handles one message received. */
void dxp_session_receive(DxpSession *s, const DxpMsg *m);

/* Handles a message that could not be read: type is its first byte (0 when none), why the
 * parser's reason. A bad game request is refused, a bad move during a game ends it unfinished,
 * anything else is answered by a chat line. */
void dxp_session_bad(DxpSession *s, char type, const char *why);

/* True when a game is on and we are to move. */
bool dxp_session_our_turn(const DxpSession *s);

/* Our move (when dxp_session_our_turn): thinks on the clock left, charges the time taken to it
 * and queues the move, then a game end when the move ends the game by the rules. */
void dxp_session_play(DxpSession *s);

/* The peer said nothing for as long as the front waits: a game end we sent that was never
 * answered closes its game (the session goes on); otherwise as dxp_session_peer_gone. */
void dxp_session_silence(DxpSession *s);

/* The peer is gone (closed the connection or stopped answering): a game on counts as unfinished
 * and the session is closed. */
void dxp_session_peer_gone(DxpSession *s, const char *why);

/* The next message to send, oldest first; false when none is queued. */
bool dxp_session_take(DxpSession *s, DxpMsg *out);
