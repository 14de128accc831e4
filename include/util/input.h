#pragma once
/* Polled input from a descriptor (a pipe, a console, a file): the Hub loop looks at its input
 * during a search without blocking it. */
#include <stddef.h>

/* Reads up to size bytes from fd, waiting at most timeout_ms (-1: until something happens).
 * Returns the number of bytes read, 0 when nothing arrived in time, -1 at end of input or on an
 * error. POSIX: poll() and read(). Windows: a pipe or a console cannot be polled, and under Wine a
 * Unix pipe is no named pipe (PeekNamedPipe fails), so a thread started at the first call reads fd
 * into a queue, and this takes from the queue. Call it from one thread for a given fd. */
long input_read(int fd, char *buf, size_t size, int timeout_ms);
