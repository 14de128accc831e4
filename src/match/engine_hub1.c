/* The Hub-1 side of engine_driver (see engine_hub1.h). */
#include "match/engine_hub1.h"

#include <stdio.h>
#include <string.h>

#include "rules/notation.h"
#include "util/clock.h"

/* Reads lines up to one that is want; a `name X` line on the way gives the engine's name. */
static bool wait_for(EngineDriver *d, const char *want, double deadline, char *err, size_t size)
{
    char line[ENGINE_LINE_MAX];
    for (;;) {
        EngineIo io = engine_proc_read_line(&d->proc, line, sizeof line, deadline);
        if (io != ENGINE_IO_OK) {
            snprintf(err, size, io == ENGINE_IO_TIMEOUT ? "no \"%s\" in time" : "engine exited before \"%s\"", want);
            return false;
        }
        if (engine_proc_line_is(line, want))
            return true;
        if (engine_proc_line_is(line, "name"))
            snprintf(d->proc.id_name, sizeof d->proc.id_name, "%.*s", ENGINE_NAME_MAX - 1,
                     line + strspn(line, " \t") + strlen("name "));
    }
}

bool engine_hub1_start(EngineDriver *d, const EngineConfig *cfg, double timeout, char *err, size_t size)
{
    if (!engine_proc_spawn(&d->proc, cfg->cmd, cfg->dir, err, size))
        return false;
    double deadline = clock_now() + timeout;
    bool ok = engine_proc_send(&d->proc, "hub") && wait_for(d, "wait", deadline, err, size);
    for (int i = 0; ok && i < cfg->param_count; i++) {
        const char *eq = strchr(cfg->params[i], '=');
        char line[512];
        snprintf(line, sizeof line, "set %.*s %s", eq ? (int)(eq - cfg->params[i]) : (int)strlen(cfg->params[i]),
                 cfg->params[i], eq ? eq + 1 : "");
        ok = engine_proc_send(&d->proc, line);
    }
    ok = ok && engine_proc_send(&d->proc, "init") && wait_for(d, "ready", deadline, err, size);
    if (!ok) {
        if (!err[0])
            snprintf(err, size, "engine does not read its input");
        char status[64];
        engine_proc_finish(&d->proc, 0.1, status, sizeof status);
        size_t used = strlen(err);
        if (status[0] && used < size)
            snprintf(err + used, size - used, " (%s)", status);
    }
    return ok;
}

bool engine_hub1_go(EngineDriver *d, const Game *game, const TimeControl *tc, double clock)
{
    int from = game->ply - game->draw[game->ply].reversible;
    char hub[HUB_POS_LEN + 1], line[128];
    notation_format_hub(&game->pos[from], hub);
    hub[0] = game->pos[from].turn == WHITE ? 'w' : 'b';   /* Hub-1 writes the side to move in lower case */
    snprintf(line, sizeof line, "pos %s", hub);
    bool ok = engine_proc_send(&d->proc, line);
    for (int i = from; ok && i < game->ply; i++) {
        char mv[MOVE_TEXT_MAX];
        notation_format_move(&game->pos[i], game->moves[i], mv);
        snprintf(line, sizeof line, "move %s", mv);
        ok = engine_proc_send(&d->proc, line);
    }
    /* after pos: it resets the engine's limits */
    if (tc->kind == TC_MOVE_TIME)
        snprintf(line, sizeof line, "time %d", (int)(tc->move_time * 1000.0));
    else if (tc->kind == TC_CLOCK)
        snprintf(line, sizeof line, "level 0 %d %d", (int)((clock > 0 ? clock : 0.0) * 1000.0), (int)(tc->inc * 1000.0));
    else
        snprintf(line, sizeof line, "depth %d", tc->depth);
    return ok && engine_proc_send(&d->proc, line) && engine_proc_send(&d->proc, "go");
}

EngineReply engine_hub1_reply(EngineDriver *d, const Game *game, double deadline, Move *m, char *detail, size_t size)
{
    char line[ENGINE_LINE_MAX];
    for (;;) {
        EngineIo io = engine_proc_read_line(&d->proc, line, sizeof line, deadline);
        if (io == ENGINE_IO_EOF)
            return ENGINE_REPLY_GONE;
        if (io == ENGINE_IO_TIMEOUT)
            return ENGINE_REPLY_TIMEOUT;
        if (engine_proc_line_is(line, "error")) {
            snprintf(detail, size, "line \"%.200s\" (the engine refused what it was sent)", line);
            return ENGINE_REPLY_PROTOCOL;
        }
        if (engine_proc_line_is(line, "info")) {   /* info DEPTH MEAN-DEPTH SCORE ...: centi-men */
            char depth[32], mean[32], score[32];
            if (sscanf(line + strspn(line, " \t") + strlen("info"), "%31s %31s %31s", depth, mean, score) == 3)
                engine_take_score(d, score, 1);
        }
        if (!engine_proc_line_is(line, "move"))
            continue;
        const char *p = line + strspn(line, " \t") + strlen("move");
        p += strspn(p, " \t");
        char text[MOVE_TEXT_MAX], why[256];
        size_t n = strcspn(p, " \t");
        snprintf(text, sizeof text, "%.*s", (int)(n < sizeof text ? n : sizeof text - 1), p);
        if (notation_parse_move(game_position(game), text, m, why, sizeof why) == PARSE_OK)
            return ENGINE_REPLY_MOVE;
        snprintf(detail, size, "line \"%.200s\": %s", line, why);
        return ENGINE_REPLY_ILLEGAL;
    }
}
