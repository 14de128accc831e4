#include "hub/io.h"

#include <stdlib.h>
#include <string.h>
#include "util/input.h"

/* Room for one maximal line plus one read's worth of following bytes. */
#define IO_READ_CHUNK 65536
#define IO_BUF_CAP (IO_LINE_MAX + IO_READ_CHUNK)

static long fd_read(IoSource *src, char *buf, size_t size, int timeout_ms)
{
    return input_read(src->fd, buf, size, timeout_ms);
}

void io_source_fd(IoSource *src, int fd)
{
    src->read = fd_read;
    src->fd = fd;
    src->file = NULL;
}

static long file_read(IoSource *src, char *buf, size_t size, int timeout_ms)
{
    (void)timeout_ms;
    size_t n = fread(buf, 1, size, src->file);
    return n > 0 ? (long)n : -1;
}

void io_source_file(IoSource *src, FILE *file)
{
    src->read = file_read;
    src->fd = -1;
    src->file = file;
}

/* Nothing ever comes; a wait without end would never return, so it ends the input instead. */
static long silent_read(IoSource *src, char *buf, size_t size, int timeout_ms)
{
    (void)src, (void)buf, (void)size;
    return timeout_ms < 0 ? -1 : 0;
}

void io_source_silent(IoSource *src)
{
    src->read = silent_read;
    src->fd = -1;
    src->file = NULL;
}

bool io_reader_init(IoReader *r, IoSource *src)
{
    memset(r, 0, sizeof *r);
    r->src = src;
    r->cap = IO_BUF_CAP;
    r->buf = malloc(IO_BUF_CAP);
    r->line = malloc(IO_LINE_MAX + 2);
    if (!r->buf || !r->line) {
        io_reader_free(r);
        return false;
    }
    return true;
}

void io_reader_free(IoReader *r)
{
    free(r->buf);
    free(r->line);
    r->buf = r->line = NULL;
}

/* Classifies the bytes of the current line: printable ASCII and tabs only. */
static void check_line_bytes(IoReader *r)
{
    if (memchr(r->line, '\0', r->line_len)) {
        r->status = IO_LINE_NUL;
        return;
    }
    for (size_t i = 0; i < r->line_len; i++) {
        unsigned char c = (unsigned char)r->line[i];
        if ((c < 0x20 && c != '\t') || c >= 0x7F) {
            r->status = IO_LINE_BINARY;
            r->bad_byte = c;
            return;
        }
    }
}

/* Makes the first end bytes of the buffer (less a final CR) the current line, or a too-long
 * line, and drops skip bytes (end + newline). */
static void take_line(IoReader *r, size_t end, size_t skip)
{
    r->status = IO_LINE_OK;
    r->line_len = 0;
    if (end > 0 && r->buf[end - 1] == '\r')
        end--;
    if (end > IO_LINE_MAX)
        r->discarding = true;
    if (r->discarding) {
        r->status = IO_LINE_TOO_LONG;
        r->discarding = false;
    } else {
        memcpy(r->line, r->buf, end);
        r->line_len = end;
        check_line_bytes(r);
    }
    r->line[r->line_len] = '\0';
    memmove(r->buf, r->buf + skip, r->len - skip);
    r->len -= skip;
    r->has_line = true;
}

bool io_reader_peek(IoReader *r, int timeout_ms)
{
    size_t scanned = 0;
    if (r->has_line)
        return true;
    for (;;) {
        char *nl = memchr(r->buf + scanned, '\n', r->len - scanned);
        if (nl) {
            size_t end = (size_t)(nl - r->buf);
            take_line(r, end, end + 1);
            return true;
        }
        if (r->len > IO_LINE_MAX) {
            r->discarding = true;
            r->len = 0;
        }
        scanned = r->len;
        if (r->eof) {
            if (r->len == 0 && !r->discarding)
                return false;
            take_line(r, r->len, r->len);
            return true;
        }
        long n = r->src->read(r->src, r->buf + r->len, r->cap - r->len, timeout_ms);
        if (n < 0)
            r->eof = true;
        else if (n == 0 && timeout_ms >= 0)
            return false;
        else
            r->len += (size_t)n;
    }
}

void io_reader_consume(IoReader *r)
{
    r->has_line = false;
}
