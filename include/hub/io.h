#pragma once
/* Line input for the Hub loop. A source delivers raw bytes without blocking longer than asked
 * (a file descriptor, a memory stream for tests, or nothing at all); a reader cuts them into
 * lines, keeps a partly received line buffered, and lets the caller look at the next line
 * without consuming it, so a command seen during a search stays queued for the main loop. */
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Longest accepted line; longer lines are dropped and reported as IO_LINE_TOO_LONG. */
#define IO_LINE_MAX (256 * 1024)

typedef struct IoSource IoSource;

struct IoSource {
    /* Reads up to size bytes into buf, waiting at most timeout_ms (-1 = until something happens).
     * Returns the number of bytes read, 0 when nothing arrived in time, -1 at end of input. */
    long (*read)(IoSource *src, char *buf, size_t size, int timeout_ms);
    int fd;
    FILE *file;
};

/* A source reading the descriptor fd without blocking longer than asked (see util/input.h). */
void io_source_fd(IoSource *src, int fd);

/* A source reading a stream that never blocks (fmemopen, open_memstream, a regular file).
 * Every read returns whatever is left at once, so tests see their whole transcript queued. */
void io_source_file(IoSource *src, FILE *file);

/* A source on which no line ever arrives (the searches of `engine dxp`, which take no commands):
 * a poll finds nothing, and a wait without a timeout finds the end of input. */
void io_source_silent(IoSource *src);

typedef enum {
    IO_LINE_OK = 0,
    IO_LINE_TOO_LONG,   /* more than IO_LINE_MAX bytes: the text was dropped */
    IO_LINE_NUL,        /* holds a NUL byte */
    IO_LINE_BINARY,     /* holds a control or non-ASCII byte (see bad_byte) */
} IoLineStatus;

typedef struct {
    IoSource *src;
    char *buf;            /* raw bytes received and not yet cut into lines */
    size_t len, cap;
    char *line;           /* the current line, NUL-terminated, without CR LF */
    size_t line_len;
    IoLineStatus status;
    unsigned char bad_byte;
    bool has_line;
    bool discarding;      /* inside a line longer than IO_LINE_MAX */
    bool eof;
} IoReader;

/* Prepares a reader on src; false when memory is short. */
bool io_reader_init(IoReader *r, IoSource *src);
void io_reader_free(IoReader *r);

/* Makes the next line current (r->line, r->status) without consuming it, waiting at most
 * timeout_ms for it (-1 = forever). False when no complete line is available yet or the input
 * has ended; a last line without a newline counts as complete once the input ends. */
bool io_reader_peek(IoReader *r, int timeout_ms);

/* Drops the current line (after a successful peek). */
void io_reader_consume(IoReader *r);

/* True when the input has ended and every line has been consumed. */
static inline bool io_reader_finished(const IoReader *r)
{
    return r->eof && !r->has_line && r->len == 0 && !r->discarding;
}
