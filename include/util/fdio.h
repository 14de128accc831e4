#pragma once
/* Whole-buffer reads and writes on file descriptors (pipes and sockets), retried across short
 * transfers and signals. */
#include <stdbool.h>
#include <stddef.h>

/* Writes all of buf[0..n); false when the descriptor fails or its reader is gone. On a socket a
 * vanished peer is an error, never a SIGPIPE. */
bool fdio_write_all(int fd, const void *buf, size_t n);

/* Reads exactly n bytes into buf; false at end of file or on error. */
bool fdio_read_all(int fd, void *buf, size_t n);
