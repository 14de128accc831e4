/* `engine dxp` (see dxp_cli.h). */
#include "cli/dxp_cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dxp/dxp_net.h"
#include "hub/hub.h"
#include "rules/notation.h"
#include "util/opts.h"
#include "util/sys.h"

#define DXP_USAGE                                                                                            \
    "usage: engine dxp --listen PORT [--host ADDR] [options]        (follower: waits for the peer)\n"        \
    "       engine dxp --connect HOST:PORT [--side S] [--time MIN] [--moves N] [--fen POS] [--games N] "     \
    "[options]\n"                                                                                           \
    "  the DamExchange protocol (DXP) over TCP; as initiator it sends the game requests\n"                   \
    "  --host ADDR     the address to listen on (default 127.0.0.1); addresses are numeric or localhost\n"                                      \
    "  --side S        white or black: the colour we play as initiator in game 1 (default white)\n"                    \
    "  --time MIN      thinking time in minutes for --moves moves, per side (default 5); 1-999, or\n"        \
    "                  tenths below 10 (1.5, 0.5) or hundredths below 1 (.25): the request's 3 characters\n" \
    "  --moves N       the moves of the time control, 0: no move limit, the time is the game's (default 75)\n" \
    "  --fen POS       the start position as initiator (FEN or Hub string; default the initial one)\n"      \
    "  --games N       games to play on the connection as initiator, colours alternating (default 1)\n"                           \
    "  --role R        initiator or follower, whichever way the connection was made (default: the one\n"   \
    "                  that connects with --side/--time/--moves/--fen/--games initiates, else follows)\n"   \
    "  --log FILE      every message sent and received, one a line\n"                                        \
    "  --timeout SEC   the longest silence accepted from the peer beyond its thinking time (default 60)\n"   \
    "  --threads N     search threads, 1-256 (default 1), as the Hub parameter threads\n"                   \
    "  progress goes to stderr, one line per move\n"

#define DXP_DEFAULT_HOST "127.0.0.1"

typedef struct {
    Color side;
    Position start;
    bool start_given;
} DxpSetup;

/* OPT_CALL reader of --side. */
static const char *read_side(void *ctx, const char *text)
{
    DxpSetup *setup = ctx;
    if (strcmp(text, "white") == 0 || strcmp(text, "W") == 0)
        setup->side = WHITE;
    else if (strcmp(text, "black") == 0 || strcmp(text, "Z") == 0 || strcmp(text, "B") == 0)
        setup->side = BLACK;
    else
        return "expected white or black";
    return NULL;
}

/* OPT_CALL reader of --time into the int (hundredths of a minute) at ctx. */
static const char *read_time(void *ctx, const char *text)
{
    return dxp_msg_read_time(text, ctx);
}

/* OPT_CALL reader of --role into the DxpRole at ctx. */
static const char *read_role(void *ctx, const char *text)
{
    DxpRole *role = ctx;
    if (strcmp(text, "initiator") == 0)
        *role = DXP_INITIATOR;
    else if (strcmp(text, "follower") == 0)
        *role = DXP_FOLLOWER;
    else
        return "expected initiator or follower";
    return NULL;
}

/* OPT_CALL reader of --fen: a legal position of international draughts with both sides on board. */
static const char *read_fen(void *ctx, const char *text)
{
    DxpSetup *setup = ctx;
    const char *why = notation_parse_position(text, &setup->start);
    if (why)
        return why;
    if (position_variant(&setup->start) != VARIANT_NORMAL)
        return "DXP plays international draughts only";
    if (!setup->start.pieces[WHITE] || !setup->start.pieces[BLACK])
        return "a side has no pieces";
    setup->start_given = true;
    return NULL;
}

/* The engine's move for DXP: the Hub front's choice (book, only move, search on the clock). */
static bool hub_think(void *ctx, const Game *game, const SearchLimits *limits, Move *move, int *score)
{
    Hub *h = ctx;
    h->game = *game;
    HubPick pick;
    if (!hub_pick(h, GO_THINK, limits, 1, NULL, &pick))
        return false;
    *move = pick.move;
    *score = pick.source == HUB_PICK_ONLY ? 0 : pick.result.score;
    return true;
}

/* Plays the session on the connected fd with a Hub searching on threads threads whose searches
 * never see a command (its input is silent); returns dxp_net_run's code, 1 when memory is short. */
static int play(DxpConfig *cfg, int fd, const DxpNetOptions *opt, int threads)
{
    Hub *h = hub_new();
    DxpSession *s = malloc(sizeof *s);
    IoSource src;
    int rc = 1;
    if (!h || !s) {
        fprintf(stderr, "engine dxp: not enough memory\n");
        goto done;
    }
    h->out = stderr;
    h->threads = threads;
    io_source_silent(&src);
    if (!io_reader_init(&h->reader, &src)) {
        fprintf(stderr, "engine dxp: not enough memory\n");
        goto done;
    }
    cfg->think = hub_think;
    cfg->think_ctx = h;
    dxp_session_init(s, cfg);
    rc = dxp_net_run(s, fd, opt);
    io_reader_free(&h->reader);
done:
    free(s);
    hub_free(h);
    return rc;
}

int dxp_cli_main(int argc, char **argv)
{
    long port = 0, moves = 75, games = 1, timeout = 60, threads = 1;
    int centiminutes = 500;
    const char *host = DXP_DEFAULT_HOST, *connect_to = NULL, *log_path = NULL;
    bool listen_given = false, connect_given = false, role_given = false;
    bool terms_given[5] = {false};   /* --side --time --moves --fen --games: the terms of a request */
    DxpRole role = DXP_FOLLOWER;
    DxpSetup setup = {.side = WHITE};
    position_start(&setup.start);
    const OptSpec specs[] = {
        {.name = "--listen", .kind = OPT_INT, .out = &port, .lo = 1, .hi = 65535, .given = &listen_given},
        {.name = "--connect", .kind = OPT_TEXT, .out = &connect_to, .given = &connect_given},
        OPTS_TEXT("--host", &host),
        {.name = "--side", .kind = OPT_CALL, .out = &setup, .call = read_side, .given = &terms_given[0]},
        {.name = "--time", .kind = OPT_CALL, .out = &centiminutes, .call = read_time, .given = &terms_given[1]},
        {.name = "--moves", .kind = OPT_INT, .out = &moves, .lo = 0, .hi = 999, .given = &terms_given[2]},
        {.name = "--fen", .kind = OPT_CALL, .out = &setup, .call = read_fen, .given = &terms_given[3]},
        {.name = "--games", .kind = OPT_INT, .out = &games, .lo = 1, .hi = 100000, .given = &terms_given[4]},
        {.name = "--role", .kind = OPT_CALL, .out = &role, .call = read_role, .given = &role_given},
        OPTS_TEXT("--log", &log_path),
        OPTS_INT("--timeout", &timeout, 1, 86400),
        OPTS_INT("--threads", &threads, 1, HUB_THREADS_MAX),
        OPTS_END,
    };
    if (opts_help(argc, argv, 2, DXP_USAGE))
        return 0;
    if (!opts_parse("dxp", specs, argc, argv, 2, NULL, 0, 0))
        return OPTS_REFUSED;
    if (listen_given == connect_given)
        return opts_refuse("dxp", "give one of --listen PORT (follower) or --connect HOST:PORT (initiator)");
    char chost[256], cport[16];
    if (connect_given) {
        const char *colon = strrchr(connect_to, ':');
        long p;
        if (!colon || colon == connect_to || (size_t)(colon - connect_to) >= sizeof chost ||
            !opts_read_long(colon + 1, 1, 65535, &p))
            return opts_refuse("dxp", "bad --connect \"%s\": expected HOST:PORT with PORT 1-65535", connect_to);
        snprintf(chost, sizeof chost, "%.*s", (int)(colon - connect_to), connect_to);
        snprintf(cport, sizeof cport, "%ld", p);
    } else {
        snprintf(cport, sizeof cport, "%ld", port);
    }
    const char *addr = connect_given ? chost : host;
    if (!dxp_net_host_ok(addr))
        return opts_refuse("dxp", "bad address \"%s\": expected a numeric IPv4 or IPv6 address or localhost", addr);
    DxpNetOptions opt = {.idle_seconds = (int)timeout};
    if (log_path) {
        opt.log = fopen(log_path, "w");
        if (!opt.log)
            return opts_refuse("dxp", "cannot write --log %s", log_path);
    }
    /* Connecting with the terms of a game request initiates; connecting bare follows (how a match
     * host starts an engine: `dxp:./engine dxp --connect 127.0.0.1:{port}`); listening follows. */
    sys_ignore_broken_pipe();   /* a closed stderr shows up as a failed write */
    bool terms = terms_given[0] || terms_given[1] || terms_given[2] || terms_given[3] || terms_given[4];
    if (!role_given)
        role = connect_given && terms ? DXP_INITIATOR : DXP_FOLLOWER;
    DxpConfig cfg = {.role = role, .name = ENGINE_NAME " " ENGINE_VERSION,
                     .side = setup.side, .centiminutes = centiminutes, .moves = (int)moves, .start = setup.start,
                     .games = (int)games, .progress = stderr};
    int rc = 1, fd = -1;
    if (connect_given) {
        fd = dxp_net_connect(chost, cport);
    } else {
        int listener = dxp_net_listen(host, cport);
        if (listener >= 0) {
            fprintf(stderr, "dxp: listening on %s:%s\n", host, cport);
            fd = dxp_net_accept(listener);
            dxp_net_close(listener);
        }
    }
    if (fd >= 0) {
        rc = play(&cfg, fd, &opt, (int)threads);
        dxp_net_close(fd);
    }
    if (opt.log)
        fclose(opt.log);
    return rc;
}
