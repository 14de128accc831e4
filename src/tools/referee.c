#include "tools/referee.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/clock.h"

static const char *const SIDE_NAME[2] = {"White", "Black"};

const char *referee_parse_tc(const char *text, TimeControl *tc)
{
    memset(tc, 0, sizeof *tc);
    bool have_move_time = false, have_time = false, have_inc = false, have_depth = false, have_nodes = false;
    const char *p = text;
    while (*p) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        char key[16];
        size_t n = 0;
        while (*p && *p != '=' && *p != ' ' && n < sizeof key - 1)
            key[n++] = *p++;
        key[n] = '\0';
        if (*p != '=')
            return "expected key=value pairs: move-time=S, time=S inc=S, depth=N or nodes=N";
        char *end;
        double v = strtod(++p, &end);
        if (end == p || (*end && *end != ' ') || !(v >= 0) || v > 1e9)
            return "bad number in the time control";
        p = end;
        if (strcmp(key, "move-time") == 0 && v > 0)
            tc->move_time = v, have_move_time = true;
        else if (strcmp(key, "time") == 0 && v > 0)
            tc->time = v, have_time = true;
        else if (strcmp(key, "inc") == 0)
            tc->inc = v, have_inc = true;
        else if (strcmp(key, "depth") == 0 && v >= 1 && v <= 100 && v == (int)v)
            tc->depth = (int)v, have_depth = true;
        else if (strcmp(key, "nodes") == 0 && v >= 1 && v == (double)(uint64_t)v)
            tc->nodes = (uint64_t)v, have_nodes = true;
        else
            return "unknown key or out-of-range value in the time control";
    }
    int kinds = have_move_time + have_time + have_depth + have_nodes;
    if (kinds != 1 || (have_inc && !have_time))
        return "give exactly one of move-time=S, time=S [inc=S], depth=N, nodes=N";
    tc->kind = have_move_time ? TC_MOVE_TIME : have_time ? TC_CLOCK : have_depth ? TC_DEPTH : TC_NODES;
    return NULL;
}

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

void referee_pos_command(const Game *game, char *buf, size_t size)
{
    int from = game->ply - game->draw[game->ply].reversible;
    while (from > 0 && (game->pos[from].wolf[WHITE] || game->pos[from].wolf[BLACK]))
        from--;   /* frisian: a Hub string carries no king-move counters, so start where both are 0 */
    char hub[HUB_POS_LEN + 1];
    notation_format_hub(&game->pos[from], hub);
    size_t n = (size_t)snprintf(buf, size, "pos pos=%s", hub);
    if (from == game->ply || n >= size)
        return;
    n += (size_t)snprintf(buf + n, size - n, " moves=\"");
    for (int i = from; i < game->ply && n < size; i++) {
        char mv[MOVE_TEXT_MAX];
        notation_format_move(&game->pos[i], game->moves[i], mv);
        n += (size_t)snprintf(buf + n, size - n, "%s%s", i > from ? " " : "", mv);
    }
    if (n < size)
        snprintf(buf + n, size - n, "\"");
}

void referee_level_command(const TimeControl *tc, double clock, char *buf, size_t size)
{
    switch (tc->kind) {
    case TC_MOVE_TIME: snprintf(buf, size, "level move-time=%.3f", tc->move_time); break;
    case TC_CLOCK:
        snprintf(buf, size, "level time=%.3f inc=%.3f", clock > 0 ? clock : 0.0, tc->inc);
        break;
    case TC_DEPTH: snprintf(buf, size, "level depth=%d", tc->depth); break;
    case TC_NODES: snprintf(buf, size, "level nodes=%llu", (unsigned long long)tc->nodes); break;
    }
}

MoveParseStatus referee_read_done(const Position *pos, const char *line, Move *m, char *err, size_t size)
{
    char text[MOVE_TEXT_MAX];
    if (!engine_proc_line_arg(line, "move", text, sizeof text) || !text[0]) {
        snprintf(err, size, "no move= in the done line");
        return PARSE_SYNTAX;
    }
    return notation_parse_move(pos, text, m, err, size);
}

/* Ends the game as a loss for the side to move because of a fault of its engine, which is
 * stopped so that it restarts for the next game. */
static void forfeit(EngineProc *e, const Game *game, const char *what, const char *detail, GameOutcome *out)
{
    Color turn = game_position(game)->turn;
    char status[64] = "";
    engine_proc_kill(e, status, sizeof status);
    char hub[HUB_POS_LEN + 1], fen[FEN_TEXT_MAX];
    notation_format_hub(game_position(game), hub);
    notation_format_fen(game_position(game), fen);
    out->white_points = turn == WHITE ? 0 : 2;
    snprintf(out->termination, sizeof out->termination, "%s %s", SIDE_NAME[turn], what);
    snprintf(out->log, sizeof out->log, "%s %s after %d plies: %s; position %s (%s)%s%s", SIDE_NAME[turn], what,
             game->ply, detail, hub, fen, status[0] ? "; engine " : "", status);
}

/* Starts an engine that is not running and announces the new game; false on failure. */
static bool prepare(EngineProc *e, const EngineConfig *cfg, double timeout, char *err, size_t size)
{
    if (e->pid == 0 && !engine_proc_start(e, cfg, timeout, err, size))
        return false;
    if (!engine_proc_send(e, "new-game")) {
        snprintf(err, size, "engine does not read \"new-game\"");
        return false;
    }
    return true;
}

void referee_play(EngineProc eng[2], const EngineConfig cfg[2], Game *game, int white,
                  const RefereeConfig *rc, GameOutcome *out)
{
    out->log[0] = '\0';
    out->move_count = 0;
    int side_engine[2] = {white, !white};
    for (int c = 0; c < 2; c++) {
        char err[256];
        int k = side_engine[c];
        if (!prepare(&eng[k], &cfg[k], rc->timeout, err, sizeof err)) {
            engine_proc_kill(&eng[k], NULL, 0);
            out->white_points = c == WHITE ? 0 : 2;
            snprintf(out->termination, sizeof out->termination, "%s failed to start", SIDE_NAME[c]);
            snprintf(out->log, sizeof out->log, "%s (%s) failed to start: %s", SIDE_NAME[c], cfg[k].cmd, err);
            return;
        }
    }
    double clock[2] = {rc->tc[0].time, rc->tc[1].time};
    char cmd[4096], line[ENGINE_LINE_MAX], err[512];
    while (!referee_game_over(game, rc->max_plies, &out->white_points, out->termination, sizeof out->termination)) {
        Color turn = game_position(game)->turn;
        int k = side_engine[turn];
        const TimeControl *tc = &rc->tc[k];
        EngineProc *e = &eng[k];
        double allowed = rc->timeout;
        if (tc->kind == TC_MOVE_TIME)
            allowed = tc->move_time + rc->margin;
        else if (tc->kind == TC_CLOCK)
            allowed = clock[k] + tc->inc + rc->margin;
        referee_pos_command(game, cmd, sizeof cmd);
        bool sent = engine_proc_send(e, cmd);
        referee_level_command(tc, clock[k], cmd, sizeof cmd);
        sent = sent && engine_proc_send(e, cmd) && engine_proc_send(e, "go think");
        double start = clock_now();
        EngineIo io = sent ? ENGINE_IO_OK : ENGINE_IO_EOF;
        while (io == ENGINE_IO_OK) {
            io = engine_proc_read_line(e, line, sizeof line, start + allowed);
            if (io == ENGINE_IO_OK && engine_proc_line_is(line, "done"))
                break;
        }
        double elapsed = clock_now() - start;
        if (io == ENGINE_IO_EOF) {
            forfeit(e, game, "crashed", "the engine closed its output while thinking", out);
            return;
        }
        if (io == ENGINE_IO_TIMEOUT) {
            snprintf(err, sizeof err, "no move after %.3f s", elapsed);
            forfeit(e, game, tc->kind == TC_MOVE_TIME || tc->kind == TC_CLOCK ? "lost on time" : "hung", err, out);
            return;
        }
        if (tc->kind == TC_CLOCK) {
            clock[k] += tc->inc - elapsed;
            if (clock[k] < -rc->margin) {
                snprintf(err, sizeof err, "clock %.3f s after \"%.200s\"", clock[k], line);
                forfeit(e, game, "lost on time", err, out);
                return;
            }
        }
        if (out->move_count < GAME_MAX_PLIES)
            out->times[out->move_count++] = (MoveTime){k, (float)elapsed, tc->kind == TC_CLOCK ? (float)clock[k] : NAN};
        Move m;
        char why[256];
        if (referee_read_done(game_position(game), line, &m, why, sizeof why) != PARSE_OK) {
            snprintf(err, sizeof err, "line \"%.200s\": %s", line, why);
            forfeit(e, game, "played an illegal move", err, out);
            return;
        }
        if (!game_play(game, m)) {
            out->white_points = 1;
            snprintf(out->termination, sizeof out->termination, "game history full");
            return;
        }
    }
}
