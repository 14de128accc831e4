#pragma once
/* Readers for the reference data in tests/data (run the tests from the repository root,
 * or set TEST_DATA_DIR). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TESTDATA_MAX_FIELDS 10
#define TESTDATA_LINE_MAX 4096

typedef struct {
    char line[TESTDATA_LINE_MAX];
    char *field[TESTDATA_MAX_FIELDS];
    int count;
} DataRecord;

/* Opens tests/data/NAME (or $TEST_DATA_DIR/NAME). */
static inline FILE *testdata_open(const char *name)
{
    char path[512];
    const char *dir = getenv("TEST_DATA_DIR");
    snprintf(path, sizeof path, "%s/%s", dir ? dir : "tests/data", name);
    FILE *f = fopen(path, "r");
    if (!f)
        fprintf(stderr, "cannot open %s\n", path);
    return f;
}

/* Reads the next non-comment line split on '|'; returns false at the end. */
static inline bool testdata_next(FILE *f, DataRecord *rec)
{
    while (fgets(rec->line, sizeof rec->line, f)) {
        if (rec->line[0] == '#' || rec->line[0] == '\n')
            continue;
        rec->line[strcspn(rec->line, "\r\n")] = '\0';
        rec->count = 0;
        char *p = rec->line;
        while (rec->count < TESTDATA_MAX_FIELDS) {
            rec->field[rec->count++] = p;
            char *bar = strchr(p, '|');
            if (!bar)
                break;
            *bar = '\0';
            p = bar + 1;
        }
        return true;
    }
    return false;
}
