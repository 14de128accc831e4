#pragma once
/* TCP sockets over IPv4 and IPv6 (BSD sockets, or Winsock on Windows), each an int (-1: none).
 * Hosts are numeric addresses or localhost: the binary is static, so the system's resolver
 * libraries are not available. Functions that fail write why into why[0..why_size). */
#include <stdbool.h>
#include <stddef.h>

/* Whether host is an address the functions below take. */
bool net_host_ok(const char *host);

/* A socket listening on host:port (reusing the address), or -1. */
int net_listen(const char *host, int port, char *why, size_t why_size);

/* A socket bound to 127.0.0.1 on a port the system picks (listening when listen_too; closed, it
 * leaves a port that is very likely still free), its number in *port; -1 when refused. */
int net_loopback(bool listen_too, int *port, char *why, size_t why_size);

/* Waits for and accepts one connection on the listening socket, or -1. */
int net_accept(int listener, char *why, size_t why_size);

/* A socket connected to host:port, or -1. */
int net_connect(const char *host, int port, char *why, size_t why_size);

/* Reads up to size bytes, waiting at most timeout_ms (-1: until something happens): the number
 * read, 0 when nothing arrived in time, -1 when the peer closed the connection or it failed. */
long net_recv(int sock, char *buf, size_t size, int timeout_ms);

/* Sends all of buf[0..n); false when the connection failed (a vanished peer is an error, never a
 * signal). */
bool net_send_all(int sock, const void *buf, size_t n);

/* Closes a socket of the functions above. */
void net_close(int sock);
