/* The line reader: cutting, peeking, partial lines, limits, bad bytes, and both sources. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "hub/io.h"

/* A reader over len bytes of memory. */
typedef struct {
    FILE *file;
    IoSource src;
    IoReader reader;
} MemReader;

static void mem_open(MemReader *m, const char *data, size_t len)
{
    m->file = fmemopen((void *)data, len, "r");
    assert_non_null(m->file);
    io_source_file(&m->src, m->file);
    assert_true(io_reader_init(&m->reader, &m->src));
}

static void mem_close(MemReader *m)
{
    io_reader_free(&m->reader);
    fclose(m->file);
}

/* Takes the next line, checking its text and status. */
static void expect_line(IoReader *r, const char *text, IoLineStatus status)
{
    assert_true(io_reader_peek(r, -1));
    assert_int_equal(r->status, status);
    assert_string_equal(r->line, text);
    io_reader_consume(r);
}

static void test_lines_and_line_endings(void **state)
{
    (void)state;
    const char data[] = "hub\r\n\ninit\n  ping \t\nlast";
    MemReader m;
    mem_open(&m, data, sizeof data - 1);
    expect_line(&m.reader, "hub", IO_LINE_OK);
    expect_line(&m.reader, "", IO_LINE_OK);
    expect_line(&m.reader, "init", IO_LINE_OK);
    expect_line(&m.reader, "  ping \t", IO_LINE_OK);
    assert_false(io_reader_finished(&m.reader));
    expect_line(&m.reader, "last", IO_LINE_OK);
    assert_false(io_reader_peek(&m.reader, -1));
    assert_true(io_reader_finished(&m.reader));
    mem_close(&m);
}

static void test_peek_does_not_consume(void **state)
{
    (void)state;
    const char data[] = "stop\nping\n";
    MemReader m;
    mem_open(&m, data, sizeof data - 1);
    assert_true(io_reader_peek(&m.reader, 0));
    assert_string_equal(m.reader.line, "stop");
    assert_true(io_reader_peek(&m.reader, 0));
    assert_string_equal(m.reader.line, "stop");
    io_reader_consume(&m.reader);
    expect_line(&m.reader, "ping", IO_LINE_OK);
    mem_close(&m);
}

static void test_bad_bytes(void **state)
{
    (void)state;
    const char data[] = "a\0b\nc\x01\nd\xe9\n\x7f\nok\n";
    MemReader m;
    mem_open(&m, data, sizeof data - 1);
    expect_line(&m.reader, "a", IO_LINE_NUL);
    assert_true(io_reader_peek(&m.reader, -1));
    assert_int_equal(m.reader.status, IO_LINE_BINARY);
    assert_int_equal(m.reader.bad_byte, 0x01);
    io_reader_consume(&m.reader);
    assert_true(io_reader_peek(&m.reader, -1));
    assert_int_equal(m.reader.bad_byte, 0xe9);
    io_reader_consume(&m.reader);
    assert_true(io_reader_peek(&m.reader, -1));
    assert_int_equal(m.reader.bad_byte, 0x7f);
    io_reader_consume(&m.reader);
    expect_line(&m.reader, "ok", IO_LINE_OK);
    mem_close(&m);
}

static void test_line_length_limit(void **state)
{
    (void)state;
    size_t n = IO_LINE_MAX;
    char *data = malloc(3 * n + 64);
    size_t len = 0;
    memset(data, 'x', n);   /* exactly at the limit: accepted */
    len = n;
    data[len++] = '\n';
    memset(data + len, 'y', n + 1);   /* one byte over: dropped */
    len += n + 1;
    data[len++] = '\n';
    memcpy(data + len, "ping\n", 5);
    len += 5;
    memset(data + len, 'z', n + 10);   /* over the limit, then end of input */
    len += n + 10;
    MemReader m;
    mem_open(&m, data, len);
    assert_true(io_reader_peek(&m.reader, -1));
    assert_int_equal(m.reader.status, IO_LINE_OK);
    assert_int_equal(m.reader.line_len, n);
    io_reader_consume(&m.reader);
    expect_line(&m.reader, "", IO_LINE_TOO_LONG);
    expect_line(&m.reader, "ping", IO_LINE_OK);
    expect_line(&m.reader, "", IO_LINE_TOO_LONG);
    assert_false(io_reader_peek(&m.reader, -1));
    assert_true(io_reader_finished(&m.reader));
    mem_close(&m);
    free(data);
}

/* The descriptor source: a partial line stays buffered until its newline arrives. */
static void test_fd_source_partial_line(void **state)
{
    (void)state;
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    IoSource src;
    IoReader r;
    io_source_fd(&src, fds[0]);
    assert_true(io_reader_init(&r, &src));
    assert_false(io_reader_peek(&r, 0));
    assert_int_equal(write(fds[1], "pi", 2), 2);
    assert_false(io_reader_peek(&r, 0));
    assert_false(io_reader_peek(&r, 10));
    assert_int_equal(write(fds[1], "ng\nsto", 6), 6);
    assert_true(io_reader_peek(&r, 0));
    assert_string_equal(r.line, "ping");
    io_reader_consume(&r);
    assert_false(io_reader_peek(&r, 0));
    close(fds[1]);
    expect_line(&r, "sto", IO_LINE_OK);
    assert_false(io_reader_peek(&r, 0));
    assert_true(io_reader_finished(&r));
    io_reader_free(&r);
    close(fds[0]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lines_and_line_endings),
        cmocka_unit_test(test_peek_does_not_consume),
        cmocka_unit_test(test_bad_bytes),
        cmocka_unit_test(test_line_length_limit),
        cmocka_unit_test(test_fd_source_partial_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
