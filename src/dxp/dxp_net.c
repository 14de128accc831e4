/* The DXP front on a socket (see dxp_net.h). */
#include "dxp/dxp_net.h"

#include <stdlib.h>
#include <string.h>
#include "util/clock.h"
#include "util/net.h"

#define READ_CHUNK 4096

/* One log line: seconds since the connection started (a timeline), direction, the text with
 * unprintable bytes escaped. */
static void log_line(const DxpNetOptions *opt, const char *dir, const char *text, size_t len)
{
    if (!opt->log)
        return;
    fprintf(opt->log, "%9.3f %s ", clock_now() - opt->start, dir);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c >= 0x20 && c < 0x7f)
            fputc(c, opt->log);
        else
            fprintf(opt->log, "\\x%02x", c);
    }
    fputc('\n', opt->log);
    fflush(opt->log);
}

/* Sends every message the session queued, each followed by its NUL; false when one could not go. */
static bool flush_out(DxpSession *s, int fd, const DxpNetOptions *opt)
{
    DxpMsg m;
    while (dxp_session_take(s, &m)) {
        char text[DXP_MSG_MAX + 1];
        size_t len = dxp_msg_format(&m, text, sizeof text);
        if (len == 0)
            continue;   /* the session only queues messages in range; nothing to send otherwise */
        log_line(opt, "snd", text, len);
        if (!net_send_all(fd, text, len + 1))
            return false;
    }
    return true;
}

/* Hands every complete message in the framer to the session. */
static void dispatch(DxpSession *s, DxpFramer *f, const DxpNetOptions *opt)
{
    const char *text;
    size_t len;
    for (int r; (r = dxp_frame_next(f, &text, &len)) != 0;) {
        if (r < 0) {
            log_line(opt, "rcv", "(a message too long, dropped)", 29);
            dxp_session_bad(s, 0, "a message longer than 127 characters");
            continue;
        }
        log_line(opt, "rcv", text, len);
        DxpMsg m;
        const char *why = dxp_msg_parse(text, len, &m);
        if (why)
            dxp_session_bad(s, len ? text[0] : 0, why);
        else
            dxp_session_receive(s, &m);
    }
}

/* Waits up to timeout_ms for bytes and hands them to the session: 1 when some came, 0 on silence,
 * -1 when the peer closed the connection or it failed. */
static int receive(DxpSession *s, int fd, DxpFramer *f, int timeout_ms, const DxpNetOptions *opt)
{
    char buf[READ_CHUNK];
    long n = net_recv(fd, buf, sizeof buf, timeout_ms);
    if (n <= 0)
        return (int)n;
    dxp_frame_feed(f, buf, (size_t)n);
    dispatch(s, f, opt);
    return 1;
}

/* How long to wait for the peer: the idle allowance, plus its whole clock while it is to move. */
static int wait_ms(const DxpSession *s, const DxpNetOptions *opt)
{
    double seconds = opt->idle_seconds;
    if (s->state == DXP_PLAYING)
        seconds += dxp_msg_time_seconds(s->centiminutes);
    return seconds > 2e6 ? 2000000000 : (int)(seconds * 1000);
}

int dxp_net_run(DxpSession *s, int fd, const DxpNetOptions *options)
{
    DxpNetOptions run = *options;
    const DxpNetOptions *opt = &run;
    run.start = clock_now();
    DxpFramer f;
    dxp_frame_init(&f);
    for (;;) {
        if (!flush_out(s, fd, opt)) {
            dxp_session_peer_gone(s, "the connection broke while sending");
            return 1;
        }
        if (s->state == DXP_CLOSED)
            return 0;
        int r;
        if (dxp_session_our_turn(s)) {
            /* take in what arrived (a game end, a back request) before thinking, and again before
             * the move goes out: no move is sent for a game the peer has ended meanwhile */
            while ((r = receive(s, fd, &f, 0, opt)) > 0)
                ;
            if (r == 0 && dxp_session_our_turn(s)) {
                dxp_session_play(s);
                while ((r = receive(s, fd, &f, 0, opt)) > 0)
                    ;
            }
        } else {
            r = receive(s, fd, &f, wait_ms(s, opt), opt);
            if (r == 0) {
                dxp_session_silence(s);
                if (s->state == DXP_CLOSED) {
                    flush_out(s, fd, opt);
                    return 1;
                }
            }
        }
        if (r < 0) {
            flush_out(s, fd, opt);
            bool normal = s->state == DXP_CLOSED ||
                          (s->state == DXP_IDLE && s->cfg.role == DXP_FOLLOWER);
            dxp_session_peer_gone(s, "the peer closed the connection");
            return normal ? 0 : 1;
        }
    }
}

/* The port number of text; -1 after a line on stderr. */
static int read_port(const char *text)
{
    char *end;
    long p = strtol(text, &end, 10);
    if (*text == '\0' || *end != '\0' || p < 1 || p > 65535) {
        fprintf(stderr, "engine dxp: bad port \"%s\"\n", text);
        return -1;
    }
    return (int)p;
}

bool dxp_net_host_ok(const char *host) { return net_host_ok(host); }

int dxp_net_listen(const char *host, const char *port)
{
    char why[320];
    int p = read_port(port);
    int fd = p < 0 ? -1 : net_listen(host, p, why, sizeof why);
    if (p >= 0 && fd < 0)
        fprintf(stderr, "engine dxp: cannot listen on %s:%s: %s\n", host, port, why);
    return fd;
}

int dxp_net_accept(int listener)
{
    char why[320];
    int fd = net_accept(listener, why, sizeof why);
    if (fd < 0)
        fprintf(stderr, "engine dxp: %s\n", why);
    return fd;
}

int dxp_net_connect(const char *host, const char *port)
{
    char why[320];
    int p = read_port(port);
    int fd = p < 0 ? -1 : net_connect(host, p, why, sizeof why);
    if (p >= 0 && fd < 0)
        fprintf(stderr, "engine dxp: cannot connect to %s:%s: %s\n", host, port, why);
    return fd;
}

void dxp_net_close(int fd) { net_close(fd); }
