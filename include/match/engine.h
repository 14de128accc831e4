#pragma once
/* One engine of a match as its protocol drivers (engine_hub1.c, engine_dxp.c) and the dispatch
 * over them (engine_driver.h) see it: the process or connection and the protocol's state, and
 * the kinds of answer it can give to a request for a move. */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include "dxp/dxp_msg.h"
#include "match/engine_proc.h"
#include "rules/game.h"

#define ENGINE_DXP_READ 4096

typedef struct {
    EngineProtocol protocol;
    EngineProc proc;           /* the engine's process (and, for the Hub protocols, its pipes) */
    int sock;                  /* DXP: the connection, -1 when none */
    DxpFramer framer;
    char rbuf[ENGINE_DXP_READ];   /* DXP: the bytes the framer is cutting */
    int seen_ply;              /* DXP: plies of the game the engine knows */
    bool in_game;              /* DXP: a game request was accepted and no game end sent yet */
    Color colour;              /* DXP: the colour the engine plays */
    int centiminutes, moves;   /* DXP: the clock of the current game (hundredths of a minute) */
    bool has_score;            /* the last answer came with a score (Hub and Hub-1 info lines) */
    int score;                 /* that score in centi-men, for the side that moved */
} EngineDriver;

/* Takes text, a number of score units (scale centi-men each), as the score of the move being
 * awaited; ignored when it is no finite number of a sane size. */
static inline void engine_take_score(EngineDriver *d, const char *text, double scale)
{
    char *end;
    double v = strtod(text, &end);
    if (end != text && isfinite(v) && fabs(v * scale) < 1e6) {
        d->score = (int)lround(v * scale);
        d->has_score = true;
    }
}

typedef enum {
    ENGINE_REPLY_MOVE,         /* *m holds a legal move */
    ENGINE_REPLY_TIMEOUT,
    ENGINE_REPLY_GONE,         /* the engine closed its output or its connection */
    ENGINE_REPLY_ILLEGAL,      /* a move that is no legal move here, or unreadable */
    ENGINE_REPLY_PROTOCOL,     /* something that is no answer of the protocol (garbage, a game end claim) */
    ENGINE_REPLY_RESIGN,       /* DXP: a game end in which the engine gives the game up */
} EngineReply;
