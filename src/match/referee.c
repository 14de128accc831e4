#include "match/referee.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "endgame/bitbase.h"
#include "util/clock.h"

static const char *const SIDE_NAME[2] = {"White", "Black"};

bool referee_game_over(const Game *game, int max_plies, int *white_points, char *why, size_t size)
{
    GameStatus st = game_status(game);
    Color turn = game_position(game)->turn;
    int outcome = game_status_outcome(st);
    if (outcome) {
        *white_points = (turn == WHITE) == (outcome > 0) ? 2 : 0;
        if (st == GAME_LOSS_CROWNED)
            snprintf(why, size, "%s crowned a king", SIDE_NAME[!turn]);
        else
            snprintf(why, size, "%s has no legal move%s", SIDE_NAME[turn], outcome > 0 ? ", which wins" : "");
        return true;
    }
    if (st != GAME_ONGOING) {
        *white_points = 1;
        snprintf(why, size, "%s", game_status_text(st));
        return true;
    }
    if (game->ply >= max_plies) {
        *white_points = 1;
        snprintf(why, size, "ply cap (%d plies)", max_plies);
        return true;
    }
    return false;
}

/* Ends the game as a loss for the side to move because of a fault of its engine, which is
 * stopped so that it restarts for the next game. */
static void forfeit(EngineDriver *e, const Game *game, const char *what, const char *detail, GameOutcome *out)
{
    Color turn = game_position(game)->turn;
    char status[64] = "";
    engine_driver_kill(e, status, sizeof status);
    char hub[HUB_POS_LEN + 1], fen[FEN_TEXT_MAX];
    notation_format_hub(game_position(game), hub);
    notation_format_fen(game_position(game), fen);
    out->white_points = turn == WHITE ? 0 : 2;
    snprintf(out->termination, sizeof out->termination, "%s %s", SIDE_NAME[turn], what);
    snprintf(out->log, sizeof out->log, "%s %s after %d plies: %s; position %s (%s)%s%s", SIDE_NAME[turn], what,
             game->ply, detail, hub, fen, status[0] ? "; engine " : "", status);
}

/* The clock of engine k: a DXP engine is held to the thinking time of its game request. */
static TimeControl engine_clock(const EngineConfig *cfg, const TimeControl *tc, int max_plies)
{
    if (cfg->protocol != ENGINE_DXP && cfg->protocol != ENGINE_DXP_LISTEN)
        return *tc;
    int centiminutes, moves;
    engine_driver_dxp_clock(tc, max_plies, &centiminutes, &moves);
    return (TimeControl){.kind = TC_CLOCK, .time = dxp_msg_time_seconds(centiminutes)};
}

/* Asks engine e (playing game's side to move under tc with clock seconds left) for its move;
 * false after ending the game (out filled) when it has none to give. */
static bool ask_move(EngineDriver *e, const Game *game, const TimeControl *tc, double *clock, int k,
                     const RefereeConfig *rc, Move *m, GameOutcome *out)
{
    double allowed = rc->timeout;
    if (tc->kind == TC_MOVE_TIME)
        allowed = tc->move_time + rc->margin;
    else if (tc->kind == TC_CLOCK)
        allowed = *clock + tc->inc + rc->margin;
    char detail[512], err[640];
    bool sent = engine_driver_go(e, game, tc, *clock);
    double start = clock_now();
    EngineReply r = sent ? engine_driver_reply(e, game, start + allowed, m, detail, sizeof detail) : ENGINE_REPLY_GONE;
    double elapsed = clock_now() - start;
    switch (r) {
    case ENGINE_REPLY_GONE:
        forfeit(e, game, "crashed", "the engine closed its output or connection while thinking", out);
        return false;
    case ENGINE_REPLY_TIMEOUT:
        snprintf(err, sizeof err, "no move after %.3f s", elapsed);
        forfeit(e, game, tc->kind == TC_MOVE_TIME || tc->kind == TC_CLOCK ? "lost on time" : "hung", err, out);
        return false;
    case ENGINE_REPLY_ILLEGAL: forfeit(e, game, "played an illegal move", detail, out); return false;
    case ENGINE_REPLY_PROTOCOL: forfeit(e, game, "broke the protocol", detail, out); return false;
    case ENGINE_REPLY_RESIGN:
        out->white_points = game_position(game)->turn == WHITE ? 0 : 2;
        snprintf(out->termination, sizeof out->termination, "%s resigned", SIDE_NAME[game_position(game)->turn]);
        return false;
    case ENGINE_REPLY_MOVE: break;
    }
    if (tc->kind == TC_CLOCK) {
        *clock += tc->inc - elapsed;
        if (*clock < -rc->margin) {
            snprintf(err, sizeof err, "clock %.3f s after its move", *clock);
            forfeit(e, game, "lost on time", err, out);
            return false;
        }
    }
    if (out->move_count < GAME_MAX_PLIES)
        out->times[out->move_count++] = (MoveTime){k, (float)elapsed, tc->kind == TC_CLOCK ? (float)*clock : NAN};
    return true;
}

/* The runs of moves whose scores agree on a verdict, for the adjudication of scores. */
typedef struct {
    int level;          /* moves in a row both engines' scores called level */
    int lost[2];        /* moves in a row whose scores gave White (0) or Black (1) lost */
} ScoreRuns;

/* Counts the move just played, whose engine scored it score (for the side that moved, which
 * is not to move now) or sent no score; true when the game ends by it (out filled). */
static bool adjudicate_scores(const Adjudication *a, const Game *game, bool has_score, int score, ScoreRuns *runs,
                              GameOutcome *out)
{
    int white = game_position(game)->turn == BLACK ? score : -score;   /* White's view */
    runs->level = has_score && abs(white) <= a->draw_score ? runs->level + 1 : 0;
    runs->lost[WHITE] = has_score && white <= -a->resign_score ? runs->lost[WHITE] + 1 : 0;
    runs->lost[BLACK] = has_score && white >= a->resign_score ? runs->lost[BLACK] + 1 : 0;
    if (a->draw_count && runs->level >= 2 * a->draw_count && game->ply >= 2 * a->draw_move) {
        out->white_points = 1;
        snprintf(out->termination, sizeof out->termination,
                 "adjudicated draw: both scores within %.2f for %d moves, after move %d", a->draw_score / 100.0,
                 a->draw_count, a->draw_move);
        return true;
    }
    for (int c = 0; c < 2 && a->resign_count; c++)
        if (runs->lost[c] >= 2 * a->resign_count) {
            out->white_points = c == WHITE ? 0 : 2;
            snprintf(out->termination, sizeof out->termination,
                     "adjudicated: both scores gave %s lost by %.2f or more for %d moves", SIDE_NAME[c],
                     a->resign_score / 100.0, a->resign_count);
            return true;
        }
    return false;
}

/* The bitbases' verdict on the current position; true when it ends the game (out filled). */
static bool adjudicate_bitbases(const Game *game, GameOutcome *out)
{
    const Position *pos = game_position(game);
    int value;
    if (!bitbase_probe(pos, bitbase_pieces(), &value))
        return false;
    Color turn = pos->turn, loser = value > 0 ? (Color)!turn : turn;
    if (value != 0 && ((pos->pieces[loser] & pos->kings) || game_endgame_rule(pos) != ENDGAME_NONE))
        return false;
    out->white_points = value == 0 ? 1 : loser == WHITE ? 0 : 2;
    snprintf(out->termination, sizeof out->termination, "adjudicated by the bitbases: %s",
             value == 0 ? "a draw" : loser == WHITE ? "Black wins" : "White wins");
    return true;
}

void referee_play(EngineDriver eng[2], const EngineConfig cfg[2], Game *game, int white,
                  const RefereeConfig *rc, GameOutcome *out)
{
    out->log[0] = '\0';
    out->move_count = 0;
    int side_engine[2] = {white, !white};
    TimeControl tc[2];
    for (int k = 0; k < 2; k++)
        tc[k] = engine_clock(&cfg[k], &rc->tc[k], rc->max_plies);
    for (int c = 0; c < 2; c++) {
        char err[256];
        int k = side_engine[c];
        if (!engine_driver_new_game(&eng[k], &cfg[k], game, (Color)c, &rc->tc[k], rc->max_plies, rc->timeout, err,
                                    sizeof err)) {
            engine_driver_kill(&eng[k], NULL, 0);
            engine_driver_end_game(&eng[!k], game, c == WHITE ? 0 : 2, false, rc->margin);
            out->white_points = c == WHITE ? 0 : 2;
            snprintf(out->termination, sizeof out->termination, "%s failed to start", SIDE_NAME[c]);
            snprintf(out->log, sizeof out->log, "%s (%s) failed to start: %s", SIDE_NAME[c], cfg[k].cmd, err);
            return;
        }
    }
    double clock[2] = {tc[0].time, tc[1].time};
    bool by_rules = false;
    ScoreRuns runs = {0, {0, 0}};
    const Adjudication *a = &rc->adjudication;
    for (;;) {
        if (referee_game_over(game, rc->max_plies, &out->white_points, out->termination, sizeof out->termination)) {
            by_rules = game->ply < rc->max_plies;
            break;
        }
        if (a->bitbases && adjudicate_bitbases(game, out))
            break;
        int k = side_engine[game_position(game)->turn];
        Move m;
        if (!ask_move(&eng[k], game, &tc[k], &clock[k], k, rc, &m, out))
            break;
        if (!game_play(game, m)) {
            out->white_points = 1;
            snprintf(out->termination, sizeof out->termination, "game history full");
            break;
        }
        if ((a->draw_count || a->resign_count) &&
            adjudicate_scores(a, game, eng[k].has_score, eng[k].score, &runs, out))
            break;
    }
    for (int k = 0; k < 2; k++)
        engine_driver_end_game(&eng[k], game, out->white_points, by_rules, rc->margin + 1.0);
}
