#pragma once
/* Helpers shared by the tuner's test suites (test_tune, test_tune_data, test_tune_cli); include after
 * cmocka.h. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>
#include "learn/tune_data.h"

/* Streams part of set (files as given) into rec; returns the count. */
static inline long read_part(const TuneDataSet *set, TuneDataPart part, uint8_t *rec, bool *held, size_t max)
{
    static const uint32_t order[2] = {0, 1};
    TuneStream s;
    tune_stream_start(&s, set, order, part, (TuneCursor){0, 0});
    char why[256];
    long n = tune_stream_read(&s, rec, held, max, why, sizeof why);
    assert_true(n >= 0);
    assert_int_equal(tune_stream_read(&s, rec, held, max, why, sizeof why), 0);
    tune_stream_close(&s);
    return n;
}

/* A small deterministic generator (the same sequence on every platform). */
static inline unsigned next_rand(unsigned *seed)
{
    *seed = *seed * 1103515245u + 12345u;
    return (*seed >> 8) & 0xFFFFFF;
}

/* A temporary file name (the file exists, empty). */
static inline void temp_name(char *path)
{
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
}
