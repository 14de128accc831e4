/* The DXP side of engine_driver (see engine_dxp.h). */
#include "match/engine_dxp.h"

#include <stdio.h>
#include <string.h>

#include "hub/hub.h"
#include "util/clock.h"
#include "util/input.h"
#include "util/net.h"
#include "util/proc.h"

#define PORT_MARK "{port}"
#define CONNECT_RETRY_NS (50 * 1000 * 1000)

/* cmd with every {port} replaced by port; false when it does not fit. */
static bool with_port(const char *cmd, int port, char *out, size_t size)
{
    size_t n = 0;
    for (const char *p = cmd; *p;) {
        int w = strncmp(p, PORT_MARK, strlen(PORT_MARK)) == 0 ? snprintf(out + n, size - n, "%d", port)
                                                              : snprintf(out + n, size - n, "%c", *p);
        p += strncmp(p, PORT_MARK, strlen(PORT_MARK)) == 0 ? strlen(PORT_MARK) : 1;
        if (w < 0 || (size_t)w >= size - n)
            return false;
        n += (size_t)w;
    }
    out[n] = '\0';
    return true;
}

/* Waits until fd (-1: none, a pause) can be read or the deadline passes, reading away what the
 * engine writes on its output meanwhile (nobody else reads it, and a full pipe would stall it).
 * 1 when ready, 0 at the deadline. */
static int wait_ready(EngineDriver *d, int fd, double deadline)
{
    for (;;) {
        double left = deadline - clock_now();
        if (left <= 0)
            return 0;
        int fds[2] = {fd, d->proc.from_fd};
        bool ready[2] = {false, false};
        int r = proc_wait_readable(fds, 2, ready, left > 1e6 ? 1000000000 : (int)(left * 1000.0) + 1);
        if (r == -2)
            return 1;
        if (r > 0 && ready[1]) {
            char junk[4096];
            if (input_read(d->proc.from_fd, junk, sizeof junk, 0) < 0) {
                proc_close(d->proc.from_fd);
                d->proc.from_fd = -1;
            }
        }
        if (r > 0 && ready[0])
            return 1;
    }
}

/* The match listens, the engine connects. */
static bool accept_engine(EngineDriver *d, int listener, double deadline, char *err, size_t size)
{
    char why[256];
    while (wait_ready(d, listener, deadline)) {
        d->sock = net_accept(listener, why, sizeof why);
        if (d->sock >= 0)
            return true;
    }
    snprintf(err, size, "the engine did not connect in time");
    return false;
}

/* The engine listens on port, the match connects (retrying while the engine is getting there). */
static bool connect_engine(EngineDriver *d, int port, double deadline, char *err, size_t size)
{
    char why[256];
    while (clock_now() < deadline) {
        d->sock = net_connect("127.0.0.1", port, why, sizeof why);
        if (d->sock >= 0)
            return true;
        wait_ready(d, -1, clock_now() + CONNECT_RETRY_NS / 1e9);
    }
    snprintf(err, size, "the engine did not listen on port %d in time", port);
    return false;
}

bool engine_dxp_start(EngineDriver *d, const EngineConfig *cfg, double timeout, char *err, size_t size)
{
    int port = 0;
    char why[256];
    int listener = net_loopback(cfg->protocol == ENGINE_DXP, &port, why, sizeof why);
    if (listener < 0) {
        snprintf(err, size, "no free port on 127.0.0.1: %s", why);
        return false;
    }
    if (cfg->protocol == ENGINE_DXP_LISTEN)
        net_close(listener);   /* the engine takes the port */
    char cmd[4096];
    bool ok = with_port(cfg->cmd, port, cmd, sizeof cmd);
    if (!ok)
        snprintf(err, size, "command too long");
    ok = ok && engine_proc_spawn(&d->proc, cmd, cfg->dir, err, size);
    double deadline = clock_now() + timeout;
    if (ok)
        ok = cfg->protocol == ENGINE_DXP ? accept_engine(d, listener, deadline, err, size)
                                          : connect_engine(d, port, deadline, err, size);
    if (cfg->protocol == ENGINE_DXP)
        net_close(listener);
    dxp_frame_init(&d->framer);
    d->in_game = false;
    if (!ok && d->proc.pid > 0)
        engine_proc_kill(&d->proc, NULL, 0);
    return ok;
}

void engine_dxp_close(EngineDriver *d)
{
    if (d->sock >= 0)
        net_close(d->sock);
    d->sock = -1;
    d->in_game = false;
}

/* Sends one message and its NUL; false when the connection is gone. */
static bool send_msg(EngineDriver *d, const DxpMsg *m)
{
    char text[DXP_MSG_MAX + 2];
    size_t len = dxp_msg_format(m, text, sizeof text);
    return len > 0 && d->sock >= 0 && net_send_all(d->sock, text, len + 1);
}

typedef enum { MSG_OK, MSG_TIMEOUT, MSG_GONE, MSG_BAD } MsgRead;

/* The next message from the engine before deadline; MSG_BAD when it cannot be read (raw holds its
 * text, as it came, for the fault log). */
static MsgRead read_msg(EngineDriver *d, double deadline, DxpMsg *m, char *raw, size_t size)
{
    for (;;) {
        const char *text;
        size_t len;
        int r = dxp_frame_next(&d->framer, &text, &len);
        if (r < 0) {
            snprintf(raw, size, "(a message longer than %d characters)", DXP_MSG_MAX);
            return MSG_BAD;
        }
        if (r > 0) {
            snprintf(raw, size, "%.*s", (int)len, text);
            return dxp_msg_parse(text, len, m) ? MSG_BAD : MSG_OK;
        }
        if (d->sock < 0)
            return MSG_GONE;
        if (!wait_ready(d, d->sock, deadline))
            return MSG_TIMEOUT;
        long n = net_recv(d->sock, d->rbuf, sizeof d->rbuf, 0);
        if (n == 0)
            continue;
        if (n < 0) {
            engine_dxp_close(d);
            return MSG_GONE;
        }
        dxp_frame_feed(&d->framer, d->rbuf, (size_t)n);
    }
}

bool engine_dxp_new_game(EngineDriver *d, const Game *game, Color colour, int centiminutes, int moves, double timeout,
                         char *err, size_t size)
{
    DxpMsg r = {.type = DXP_REQUEST};
    r.request = (DxpRequest){.version = DXP_VERSION, .follower = colour, .centiminutes = centiminutes,
                             .moves = moves};
    snprintf(r.request.name, sizeof r.request.name, "%s match", ENGINE_NAME);
    dxp_msg_set_position(&r.request, game_position(game));
    if (!send_msg(d, &r)) {
        snprintf(err, size, "the connection is gone");
        return false;
    }
    double deadline = clock_now() + timeout;
    for (;;) {
        DxpMsg m;
        char raw[DXP_MSG_MAX + 64];
        MsgRead got = read_msg(d, deadline, &m, raw, sizeof raw);
        if (got == MSG_TIMEOUT || got == MSG_GONE) {
            snprintf(err, size, got == MSG_GONE ? "the connection closed before a game accept"
                                                 : "no game accept in time");
            return false;
        }
        if (got == MSG_BAD) {
            snprintf(err, size, "unreadable message \"%s\" instead of a game accept", raw);
            return false;
        }
        if (m.type == DXP_CHAT || m.type == DXP_END)
            continue;   /* chat, or the late answer to the last game's end */
        if (m.type == DXP_REQUEST) {
            snprintf(err, size, "the engine sent a game request of its own: it must follow (engine dxp: --role follower)");
            return false;
        }
        if (m.type != DXP_ACCEPT || m.code != DXP_ACCEPT_OK) {
            snprintf(err, size, "message \"%s\" instead of a game accept", raw);
            return false;
        }
        snprintf(d->proc.id_name, sizeof d->proc.id_name, "%s", m.name);
        d->colour = colour;
        d->seen_ply = game->ply;
        d->in_game = true;
        return true;
    }
}

bool engine_dxp_go(EngineDriver *d, const Game *game)
{
    for (; d->seen_ply < game->ply; d->seen_ply++) {
        DxpMsg m;
        dxp_msg_from_move(&game->pos[d->seen_ply], game->moves[d->seen_ply], 0, &m);
        if (!send_msg(d, &m))
            return false;
    }
    return true;
}

EngineReply engine_dxp_reply(EngineDriver *d, const Game *game, double deadline, Move *m, char *detail, size_t size)
{
    for (;;) {
        DxpMsg msg;
        char raw[DXP_MSG_MAX + 64];
        MsgRead got = read_msg(d, deadline, &msg, raw, sizeof raw);
        if (got == MSG_TIMEOUT)
            return ENGINE_REPLY_TIMEOUT;
        if (got == MSG_GONE)
            return ENGINE_REPLY_GONE;
        if (got == MSG_BAD) {
            snprintf(detail, size, "unreadable message \"%s\"", raw);
            return raw[0] == DXP_MOVE ? ENGINE_REPLY_ILLEGAL : ENGINE_REPLY_PROTOCOL;
        }
        if (msg.type == DXP_CHAT)
            continue;
        if (msg.type == DXP_MOVE) {
            *m = dxp_msg_to_move(game_position(game), &msg);
            if (*m != MOVE_NONE) {
                d->seen_ply = game->ply + 1;
                return ENGINE_REPLY_MOVE;
            }
            snprintf(detail, size, "message \"%s\": no legal move", raw);
            return ENGINE_REPLY_ILLEGAL;
        }
        if (msg.type == DXP_END) {   /* answered, as the protocol wants; the game is over for the engine */
            DxpMsg end = {.type = DXP_END, .reason = DXP_END_UNKNOWN, .stop = DXP_STOP_CONTINUE};
            send_msg(d, &end);
            d->in_game = false;
            snprintf(detail, size, "game end \"%s\" while the rules go on", raw);
            return msg.reason == DXP_END_LOSS ? ENGINE_REPLY_RESIGN : ENGINE_REPLY_PROTOCOL;
        }
        snprintf(detail, size, "message \"%s\" instead of a move", raw);
        return ENGINE_REPLY_PROTOCOL;
    }
}

void engine_dxp_end_game(EngineDriver *d, const Game *game, int white_points, bool by_rules, double grace)
{
    if (!d->in_game || d->sock < 0)
        return;
    if (by_rules)
        engine_dxp_go(d, game);   /* the move that ended the game, so that the engine sees the end too */
    int match_points = d->colour == WHITE ? 2 - white_points : white_points;
    DxpMsg end = {.type = DXP_END, .stop = DXP_STOP_CONTINUE,
                  .reason = match_points == 2 ? DXP_END_WIN : match_points == 1 ? DXP_END_DRAW : DXP_END_LOSS};
    d->in_game = false;
    if (!send_msg(d, &end))
        return;
    double deadline = clock_now() + grace;
    for (;;) {
        DxpMsg m;
        char raw[DXP_MSG_MAX + 64];
        MsgRead got = read_msg(d, deadline, &m, raw, sizeof raw);
        if (got == MSG_TIMEOUT || got == MSG_GONE || (got == MSG_OK && m.type == DXP_END))
            return;
    }
}
