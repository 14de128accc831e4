/* The protocol-independent face of an engine (see engine_driver.h), and its Hub (v2) side. */
#include "match/engine_driver.h"

#include <stdio.h>
#include <string.h>

#include "match/engine_dxp.h"
#include "match/engine_hub1.h"
#include "match/engine_hub.h"

void engine_driver_init(EngineDriver *d)
{
    memset(d, 0, sizeof *d);
    engine_proc_init(&d->proc);
    d->sock = -1;
}

void engine_driver_dxp_clock(const TimeControl *tc, int max_plies, int *centiminutes, int *moves)
{
    *moves = (max_plies + 1) / 2 + 1;
    if (*moves > 999)
        *moves = 999;
    double seconds = tc->kind == TC_CLOCK ? tc->time + tc->inc * *moves
                     : tc->kind == TC_MOVE_TIME ? tc->move_time * *moves : 60.0;
    *centiminutes = dxp_msg_time_at_least(seconds);
}

/* Hub: starts the engine (hub ... ready) when it is not running and sends new-game. */
static bool hub_new_game(EngineDriver *d, const EngineConfig *cfg, double timeout, char *err, size_t size)
{
    if (d->proc.pid == 0 && !engine_proc_start(&d->proc, cfg, timeout, err, size))
        return false;
    if (!engine_proc_send(&d->proc, "new-game")) {
        snprintf(err, size, "engine does not read \"new-game\"");
        return false;
    }
    return true;
}

bool engine_driver_new_game(EngineDriver *d, const EngineConfig *cfg, const Game *game, Color colour,
                            const TimeControl *tc, int max_plies, double timeout, char *err, size_t size)
{
    d->protocol = cfg->protocol;
    switch (cfg->protocol) {
    case ENGINE_HUB: return hub_new_game(d, cfg, timeout, err, size);
    case ENGINE_HUB1:
        if (d->proc.pid == 0 && !engine_hub1_start(d, cfg, timeout, err, size))
            return false;
        if (!engine_proc_send(&d->proc, "new")) {
            snprintf(err, size, "engine does not read \"new\"");
            return false;
        }
        return true;
    case ENGINE_DXP:
    case ENGINE_DXP_LISTEN:
        if (d->proc.pid == 0 && !engine_dxp_start(d, cfg, timeout, err, size))
            return false;
        engine_driver_dxp_clock(tc, max_plies, &d->centiminutes, &d->moves);
        return engine_dxp_new_game(d, game, colour, d->centiminutes, d->moves, timeout, err, size);
    }
    return false;
}

bool engine_driver_go(EngineDriver *d, const Game *game, const TimeControl *tc, double clock)
{
    char cmd[4096];
    d->has_score = false;
    switch (d->protocol) {
    case ENGINE_HUB:
        engine_hub_pos_command(game, cmd, sizeof cmd);
        if (!engine_proc_send(&d->proc, cmd))
            return false;
        engine_hub_level_command(tc, clock, cmd, sizeof cmd);
        return engine_proc_send(&d->proc, cmd) && engine_proc_send(&d->proc, "go think");
    case ENGINE_HUB1: return engine_hub1_go(d, game, tc, clock);
    case ENGINE_DXP:
    case ENGINE_DXP_LISTEN: return engine_dxp_go(d, game);
    }
    return false;
}

/* Hub: reads lines up to `done move=X` and checks the move; an `info ... score=S` on the way (S in
 * men) is the move's score. */
static EngineReply hub_reply(EngineDriver *d, const Game *game, double deadline, Move *m, char *detail, size_t size)
{
    char line[ENGINE_LINE_MAX];
    for (;;) {
        EngineIo io = engine_proc_read_line(&d->proc, line, sizeof line, deadline);
        if (io == ENGINE_IO_EOF)
            return ENGINE_REPLY_GONE;
        if (io == ENGINE_IO_TIMEOUT)
            return ENGINE_REPLY_TIMEOUT;
        char score[32];
        if (engine_proc_line_is(line, "info") && engine_proc_line_arg(line, "score", score, sizeof score))
            engine_take_score(d, score, 100);
        if (!engine_proc_line_is(line, "done"))
            continue;
        char why[256];
        if (engine_hub_read_done(game_position(game), line, m, why, sizeof why) == PARSE_OK)
            return ENGINE_REPLY_MOVE;
        snprintf(detail, size, "line \"%.200s\": %s", line, why);
        return ENGINE_REPLY_ILLEGAL;
    }
}

EngineReply engine_driver_reply(EngineDriver *d, const Game *game, double deadline, Move *m, char *detail,
                                size_t size)
{
    detail[0] = '\0';
    switch (d->protocol) {
    case ENGINE_HUB: return hub_reply(d, game, deadline, m, detail, size);
    case ENGINE_HUB1: return engine_hub1_reply(d, game, deadline, m, detail, size);
    case ENGINE_DXP:
    case ENGINE_DXP_LISTEN: return engine_dxp_reply(d, game, deadline, m, detail, size);
    }
    return ENGINE_REPLY_GONE;
}

void engine_driver_end_game(EngineDriver *d, const Game *game, int white_points, bool by_rules, double grace)
{
    if ((d->protocol == ENGINE_DXP || d->protocol == ENGINE_DXP_LISTEN) && d->proc.pid > 0)
        engine_dxp_end_game(d, game, white_points, by_rules, grace);
}

const char *engine_driver_name(const EngineDriver *d) { return d->proc.id_name; }

void engine_driver_stop(EngineDriver *d, double grace)
{
    engine_dxp_close(d);   /* a DXP engine sees its connection close; `quit` is Hub-1's word too */
    engine_proc_stop(&d->proc, grace);
}

void engine_driver_kill(EngineDriver *d, char *status, size_t size)
{
    engine_dxp_close(d);
    engine_proc_kill(&d->proc, status, size);
}
