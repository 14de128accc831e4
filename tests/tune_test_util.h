#pragma once
/* Helpers shared by the tuner's test suites (test_tune, test_tune_data); include after cmocka.h. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "tools/tune_data.h"

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
