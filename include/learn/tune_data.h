#pragma once
/* The tuner's data on disk, streamed: self-play files (selfplay.h: text lines, or records of
 * version 2 or 1 after their magic line, or version-2 records alone in a .bin file without it) are read in order from a cursor, each position handed on as a version-2 record
 * (the score marked absent where the file has none), never all held in memory. A record is named
 * by its file and its index there (a text file's line number), so that a cursor survives a
 * restart; the held-out split goes by the record's index in the data (the files in the order
 * given), not by the order they are read in. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "learn/sample.h"

#define TUNE_DATA_FILES_MAX 1024
#define TUNE_DATA_BLOCK 64   /* held-out blocks: consecutive records, about one game */

typedef struct {
    const char *path;
    bool binary;
    unsigned record_size;   /* bytes a record (binary: version 1 or 2), 0 for text */
    unsigned header;        /* bytes before the first record: the magic line, or none in a .bin
                               file without one (a later shard of `selfplay --shard`) */
    uint64_t records;   /* record slots (binary) or lines (text), whatever they hold */
    uint64_t used;      /* the first `used` of them are data (--max-positions) */
    uint64_t first;     /* the data's index of its first record (the files in the given order) */
} TuneDataFile;

typedef struct {
    TuneDataFile file[TUNE_DATA_FILES_MAX];
    int count;
    int validation_every;   /* every n-th block of the data is held out (0 = none) */
    uint64_t used, held;    /* record slots in use, and of them held out */
} TuneDataSet;

typedef enum { TUNE_DATA_TRAIN, TUNE_DATA_HELD, TUNE_DATA_ALL } TuneDataPart;

/* Where a stream stands: the pos-th file of its order, record `record` of it. */
typedef struct {
    uint64_t pos;
    uint64_t record;
} TuneCursor;

typedef struct {
    const TuneDataSet *set;
    const uint32_t *order;   /* file indices in reading order (set->count of them) */
    TuneDataPart part;
    TuneCursor at;
    FILE *f;
    char *buf;               /* stdio buffer of the open file */
    uint64_t bad_lines;      /* text lines that did not parse */
    uint64_t end;            /* reading stops at this data index (UINT64_MAX: at the data's end);
                                for streams in the files' own order */
} TuneStream;

/* Describes the files: their kind and size (text files are read once to count their lines), and
 * which records are used: the first max_positions over the files in the given order (0 = all).
 * False with the reason in why when a file cannot be read or is not self-play data. */
bool tune_data_open(TuneDataSet *set, const char *const *paths, int count, int validation_every,
                    uint64_t max_positions, char *why, size_t why_size);

/* True when the record at index i of the data is held out: its block's number is a multiple of
 * validation_every. */
bool tune_data_held_out(const TuneDataSet *set, uint64_t i);

/* The used records of one part (training or held out) over all files. */
uint64_t tune_data_part_size(const TuneDataSet *set, TuneDataPart part);

/* Starts reading part from cursor at, files in the given order. */
void tune_stream_start(TuneStream *s, const TuneDataSet *set, const uint32_t *order, TuneDataPart part,
                       TuneCursor at);

/* Reads up to max records of the stream's part into rec (SAMPLE_RECORD_SIZE bytes each) and,
 * when held is not NULL, whether each is held out. Returns how many (0 at the end), or -1 when a
 * file cannot be read any more (why says which). */
long tune_stream_read(TuneStream *s, uint8_t *rec, bool *held, size_t max, char *why, size_t why_size);

/* Closes the open file, if any. */
void tune_stream_close(TuneStream *s);

/* The file order of an epoch: a permutation of 0..count-1 drawn from the seed and the epoch only
 * (a restarted run reads the files in the same order). */
void tune_data_epoch_order(uint32_t *order, int count, uint64_t seed, uint64_t epoch);

/* Shuffles n records (SAMPLE_RECORD_SIZE bytes each) in place, drawn from the seed, the epoch and
 * the chunk only. */
void tune_data_shuffle(uint8_t *rec, size_t n, uint64_t seed, uint64_t epoch, uint64_t chunk);
