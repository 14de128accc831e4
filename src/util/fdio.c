/* Whole-buffer descriptor I/O (see fdio.h). */
#include "util/fdio.h"

#include <errno.h>
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
