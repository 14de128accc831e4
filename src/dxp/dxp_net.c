/* The DXP front on a socket (see dxp_net.h). */
#include "dxp/dxp_net.h"

#include <errno.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include "util/clock.h"
#include "util/fdio.h"

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
        if (!fdio_write_all(fd, text, len + 1))
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
    struct pollfd p = {.fd = fd, .events = POLLIN};
    int r = poll(&p, 1, timeout_ms);
    if (r < 0)
        return errno == EINTR ? 0 : -1;
    if (r == 0)
        return 0;
    char buf[READ_CHUNK];
    ssize_t n = recv(fd, buf, sizeof buf, 0);
    if (n < 0 && errno == EINTR)
        return 0;
    if (n <= 0)
        return -1;
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

/* The socket address of host:port; host is a numeric IPv4 or IPv6 address or "localhost" (the
 * binary is static: name lookups through the system's resolver libraries are not available).
 * False after a line on stderr. */
static bool resolve(const char *host, const char *port, struct sockaddr_storage *addr, socklen_t *len)
{
    long p;
    char *end;
    p = strtol(port, &end, 10);
    if (*port == '\0' || *end != '\0' || p < 1 || p > 65535) {
        fprintf(stderr, "engine dxp: bad port \"%s\"\n", port);
        return false;
    }
    if (strcmp(host, "localhost") == 0)
        host = "127.0.0.1";
    memset(addr, 0, sizeof *addr);
    struct sockaddr_in *v4 = (struct sockaddr_in *)addr;
    struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)addr;
    if (inet_pton(AF_INET, host, &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        v4->sin_port = htons((uint16_t)p);
        *len = sizeof *v4;
        return true;
    }
    if (inet_pton(AF_INET6, host, &v6->sin6_addr) == 1) {
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons((uint16_t)p);
        *len = sizeof *v6;
        return true;
    }
    fprintf(stderr, "engine dxp: \"%s\" is not a numeric address (IPv4, IPv6 or localhost)\n", host);
    return false;
}

bool dxp_net_host_ok(const char *host)
{
    unsigned char buf[sizeof(struct in6_addr)];
    return strcmp(host, "localhost") == 0 || inet_pton(AF_INET, host, buf) == 1 || inet_pton(AF_INET6, host, buf) == 1;
}

int dxp_net_listen(const char *host, const char *port)
{
    struct sockaddr_storage addr;
    socklen_t len;
    if (!resolve(host, port, &addr, &len))
        return -1;
    int fd = socket(addr.ss_family, SOCK_STREAM, 0);
    int one = 1;
    if (fd >= 0)
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (fd < 0 || bind(fd, (struct sockaddr *)&addr, len) != 0 || listen(fd, 1) != 0) {
        fprintf(stderr, "engine dxp: cannot listen on %s:%s: %s\n", host, port, strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    return fd;
}

int dxp_net_accept(int listener)
{
    for (;;) {
        int fd = accept(listener, NULL, NULL);
        if (fd >= 0)
            return fd;
        if (errno != EINTR) {
            fprintf(stderr, "engine dxp: accept failed: %s\n", strerror(errno));
            return -1;
        }
    }
}

int dxp_net_connect(const char *host, const char *port)
{
    struct sockaddr_storage addr;
    socklen_t len;
    if (!resolve(host, port, &addr, &len))
        return -1;
    int fd = socket(addr.ss_family, SOCK_STREAM, 0);
    if (fd < 0 || connect(fd, (struct sockaddr *)&addr, len) != 0) {
        fprintf(stderr, "engine dxp: cannot connect to %s:%s: %s\n", host, port, strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    return fd;
}
