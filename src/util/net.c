/* TCP sockets (see net.h): BSD sockets, or Winsock on Windows. */
#include "util/net.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#ifdef _WIN32
#include <winsock2.h>
#include <ws2tcpip.h>
#include "util/thread.h"

typedef int socklen_t;
#define NET_NOSIGNAL 0

/* Winsock works only after WSAStartup, once per process. */
static void net_start(void)
{
    WSADATA data;
    WSAStartup(MAKEWORD(2, 2), &data);
}

static void net_init(void)
{
    static ThreadOnce once = THREAD_ONCE_INIT;
    thread_once(&once, net_start);
}

/* The last socket error as text, after "what: " unless what is NULL. */
static void net_why(const char *what, char *why, size_t why_size)
{
    int code = WSAGetLastError();
    char text[256] = "";
    FormatMessageA(FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS, NULL, (DWORD)code, 0, text,
                   sizeof text, NULL);
    size_t n = strlen(text);
    while (n > 0 && (text[n - 1] == '\n' || text[n - 1] == '\r' || text[n - 1] == '.'))
        text[--n] = '\0';
    snprintf(why, why_size, "%s%s%s (Winsock error %d)", what ? what : "", what ? ": " : "", n ? text : "unknown error", code);
}

/* Whether the last call failed only because a signal interrupted it (no such thing here). */
static bool interrupted(void) { return false; }

/* A SOCKET as the int of the interface: Windows hands out small handle values. */
static int as_int(SOCKET s) { return s == INVALID_SOCKET ? -1 : (int)s; }
static SOCKET as_socket(int s) { return (SOCKET)(intptr_t)s; }

void net_close(int sock) { closesocket(as_socket(sock)); }

#else
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#define NET_NOSIGNAL MSG_NOSIGNAL

/* Nothing to start on POSIX systems. */
static void net_init(void) {}

/* errno as text, after "what: " unless what is NULL. */
static void net_why(const char *what, char *why, size_t why_size)
{
    snprintf(why, why_size, "%s%s%s", what ? what : "", what ? ": " : "", strerror(errno));
}

/* Whether the last call failed only because a signal interrupted it. */
static bool interrupted(void) { return errno == EINTR; }

/* A socket is an int already. */
static int as_int(int s) { return s; }
static int as_socket(int s) { return s; }

void net_close(int sock) { close(sock); }
#endif

/* The socket address of host:port; false when host is no numeric address or localhost. */
static bool resolve(const char *host, int port, struct sockaddr_storage *addr, socklen_t *len)
{
    net_init();
    if (strcmp(host, "localhost") == 0)
        host = "127.0.0.1";
    memset(addr, 0, sizeof *addr);
    struct sockaddr_in *v4 = (struct sockaddr_in *)addr;
    struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)addr;
    if (inet_pton(AF_INET, host, &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        v4->sin_port = htons((uint16_t)port);
        *len = sizeof *v4;
        return true;
    }
    if (inet_pton(AF_INET6, host, &v6->sin6_addr) == 1) {
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons((uint16_t)port);
        *len = sizeof *v6;
        return true;
    }
    return false;
}

bool net_host_ok(const char *host)
{
    struct sockaddr_storage addr;
    socklen_t len;
    return resolve(host, 1, &addr, &len);
}

/* A stream socket for host:port, its address in *addr and *len; -1 (why says it) when host is no
 * numeric address, -2 when the system refuses a socket. */
static int stream_socket(const char *host, int port, struct sockaddr_storage *addr, socklen_t *len, char *why,
                         size_t why_size)
{
    if (!resolve(host, port, addr, len)) {
        snprintf(why, why_size, "\"%s\" is not a numeric address", host);
        return -1;
    }
    int fd = as_int(socket(addr->ss_family, SOCK_STREAM, 0));
    return fd >= 0 ? fd : -2;
}

int net_listen(const char *host, int port, char *why, size_t why_size)
{
    struct sockaddr_storage addr;
    socklen_t len;
    int fd = stream_socket(host, port, &addr, &len, why, why_size);
    if (fd == -1)
        return -1;
    int one = 1;
    if (fd >= 0)
        setsockopt(as_socket(fd), SOL_SOCKET, SO_REUSEADDR, (const char *)&one, sizeof one);
    if (fd < 0 || bind(as_socket(fd), (struct sockaddr *)&addr, len) != 0 || listen(as_socket(fd), 1) != 0) {
        net_why(NULL, why, why_size);
        if (fd >= 0)
            net_close(fd);
        return -1;
    }
    return fd;
}

int net_loopback(bool listen_too, int *port, char *why, size_t why_size)
{
    net_init();
    int fd = as_int(socket(AF_INET, SOCK_STREAM, 0));
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = 0};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    if (fd < 0 || bind(as_socket(fd), (struct sockaddr *)&a, sizeof a) != 0 ||
        (listen_too && listen(as_socket(fd), 1) != 0) || getsockname(as_socket(fd), (struct sockaddr *)&a, &len) != 0) {
        net_why(NULL, why, why_size);
        if (fd >= 0)
            net_close(fd);
        return -1;
    }
    *port = ntohs(a.sin_port);
    return fd;
}

int net_accept(int listener, char *why, size_t why_size)
{
    for (;;) {
        int fd = as_int(accept(as_socket(listener), NULL, NULL));
        if (fd >= 0)
            return fd;
        if (!interrupted()) {
            net_why("accept failed", why, why_size);
            return -1;
        }
    }
}

int net_connect(const char *host, int port, char *why, size_t why_size)
{
    struct sockaddr_storage addr;
    socklen_t len;
    int fd = stream_socket(host, port, &addr, &len, why, why_size);
    if (fd == -1)
        return -1;
    if (fd < 0 || connect(as_socket(fd), (struct sockaddr *)&addr, len) != 0) {
        net_why(NULL, why, why_size);
        if (fd >= 0)
            net_close(fd);
        return -1;
    }
    return fd;
}

long net_recv(int sock, char *buf, size_t size, int timeout_ms)
{
#ifdef _WIN32
    /* select, which every Windows (and Wine) has right; it counts sockets, not their values */
    fd_set ready;
    FD_ZERO(&ready);
    FD_SET(as_socket(sock), &ready);
    struct timeval tv = {.tv_sec = timeout_ms / 1000, .tv_usec = timeout_ms % 1000 * 1000};
    int r = select(0, &ready, NULL, NULL, timeout_ms < 0 ? NULL : &tv);
#else
    struct pollfd p = {.fd = sock, .events = POLLIN};
    int r = poll(&p, 1, timeout_ms);
#endif
    if (r < 0)
        return interrupted() ? 0 : -1;
    if (r == 0)
        return 0;
    int want = size > 1 << 30 ? 1 << 30 : (int)size;
    long n = (long)recv(as_socket(sock), buf, want, 0);
    if (n < 0 && interrupted())
        return 0;
    return n <= 0 ? -1 : n;
}

bool net_send_all(int sock, const void *buf, size_t n)
{
    const char *p = buf;
    while (n > 0) {
        int chunk = n > 1 << 30 ? 1 << 30 : (int)n;
        long w = (long)send(as_socket(sock), p, chunk, NET_NOSIGNAL);
        if (w < 0 && interrupted())
            continue;
        if (w <= 0)
            return false;
        p += w;
        n -= (size_t)w;
    }
    return true;
}
