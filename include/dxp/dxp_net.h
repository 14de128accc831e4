#pragma once
/* The DXP front on a connected socket: reads messages (however the bytes arrive: split across
 * reads, several in one), hands them to a dxp_session, sends what it queues, and plays its moves,
 * until the session closes, the peer hangs up or the peer stays silent too long. Also the socket
 * set-up of `engine dxp` (over util/net): listening as follower, connecting as initiator. */
#include <stdbool.h>
#include <stdio.h>
#include "dxp/dxp_session.h"

typedef struct {
    int idle_seconds;   /* the longest silence of the peer accepted, beyond its thinking time */
    FILE *log;          /* every message sent and received, one a line ("snd"/"rcv"); NULL: none */
    double start;       /* set by dxp_net_run: the log's time origin */
} DxpNetOptions;

/* Runs s on the connected socket fd until the session is closed (returns 0) or the connection
 * fails, closes or falls silent (returns 1, after telling the session). Never closes fd. */
int dxp_net_run(DxpSession *s, int fd, const DxpNetOptions *opt);

/* Whether host is an address dxp_net_listen and dxp_net_connect take. */
bool dxp_net_host_ok(const char *host);

/* A socket listening on host:port (host: a numeric IPv4 or IPv6 address, or localhost); -1 after
 * a line on stderr. */
int dxp_net_listen(const char *host, const char *port);

/* Accepts one connection on the listening socket; -1 after a line on stderr. */
int dxp_net_accept(int listener);

/* A socket connected to host:port (host as for dxp_net_listen); -1 after a line on stderr. */
int dxp_net_connect(const char *host, const char *port);

/* Closes a socket of dxp_net_listen, dxp_net_accept or dxp_net_connect. */
void dxp_net_close(int fd);
