/* Whole-buffer descriptor I/O (see fdio.h). */
#include "util/fdio.h"

#include <errno.h>

#ifdef _WIN32
#include <io.h>

/* Windows' descriptors are the C runtime's, with no signals to retry after. */
bool fdio_write_all(int fd, const void *buf, size_t n)
{
    const char *p = buf;
    while (n > 0) {
        int w = _write(fd, p, n > 1u << 30 ? 1u << 30 : (unsigned)n);
        if (w <= 0)
            return false;
        p += w;
        n -= (size_t)w;
    }
    return true;
}

bool fdio_read_all(int fd, void *buf, size_t n)
{
    char *p = buf;
    while (n > 0) {
        int r = _read(fd, p, n > 1u << 30 ? 1u << 30 : (unsigned)n);
        if (r <= 0)
            return false;
        p += r;
        n -= (size_t)r;
    }
    return true;
}
#else
#include <sys/socket.h>
#include <unistd.h>

bool fdio_write_all(int fd, const void *buf, size_t n)
{
    const char *p = buf;
    bool socket = true;
    while (n > 0) {
        ssize_t w = socket ? send(fd, p, n, MSG_NOSIGNAL) : write(fd, p, n);
        if (w < 0 && socket && errno == ENOTSOCK) {
            socket = false;   /* a pipe or a file: plain write */
            continue;
        }
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return false;
        p += w;
        n -= (size_t)w;
    }
    return true;
}

bool fdio_read_all(int fd, void *buf, size_t n)
{
    char *p = buf;
    while (n > 0) {
        ssize_t r = read(fd, p, n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return false;
        p += r;
        n -= (size_t)r;
    }
    return true;
}
#endif
