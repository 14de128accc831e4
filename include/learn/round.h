#pragma once
/* A data round: one self-play or rescore job split into shards, described by a manifest kept in
 * git while the data stays out of it. The manifest names the job (its command, seeds included),
 * the number of shards, where shard i's file goes, the rounds whose files are its input, and for
 * each finished shard its record count, size and SHA-256, so that any machine can rebuild a
 * shard's file (`engine round run`) and anyone can check a copy (`engine round check`).
 *
 *     # comments, kept as they are
 *     round normal-r1
 *     command selfplay --games 2000000 --nodes 4000 --seed 9001
 *     shards 200
 *     out normal-r1/{shard}.bin           ({shard}: the index, zero-padded to the width of N-1)
 *     input OTHER.manifest                (rescore: that round's files, in shard order, are its data)
 *     done 0 records=1001234 bytes=27033338 sha256=...
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "util/sha256.h"

#define ROUND_SHARDS_MAX 100000
#define ROUND_INPUTS_MAX 16
#define ROUND_TEXT_MAX 1024

typedef struct {
    bool done;                      /* measured and recorded */
    uint64_t records, bytes;
    char sha256[SHA256_HEX_LEN + 1];
} RoundShard;

typedef struct {
    char name[128];
    char command[ROUND_TEXT_MAX];   /* the subcommand and its options, words split by spaces */
    char out[ROUND_TEXT_MAX];       /* the pattern of a shard's file, relative to the data folder */
    char input[ROUND_INPUTS_MAX][ROUND_TEXT_MAX];   /* manifests, relative to this one's folder */
    int input_count;
    long shards;
    RoundShard *shard;              /* shards entries */
    char *comments;                 /* the comment lines, as read */
} Round;

/* Reads the manifest at path into r; false with why (naming the line) when it cannot be read or
 * a line is not one of the forms above. */
bool round_read(const char *path, Round *r, char *why, size_t why_size);

/* Writes r to path (through a file beside it that replaces it whole); false with why. */
bool round_write(const char *path, const Round *r, char *why, size_t why_size);

void round_free(Round *r);

/* The file of shard i under the data folder dir. */
void round_shard_path(const Round *r, const char *dir, long i, char *buf, size_t size);

/* Measures the file at path as shard i's: its records (a .bin file's records after the magic of
 * shard 0, a text file's lines), bytes and SHA-256. False with why when it cannot be read. */
bool round_measure(const char *path, long i, RoundShard *m, char *why, size_t why_size);
