#pragma once
/* The evaluation weights of one variant as a data file (book/eval/<variant>.bin), embedded in the
 * binary by make and written by `engine tune`.
 *
 * Format, version 1. Every integer is little-endian and read and written byte by byte; a "name" is
 * a u8 length (1..EVAL_FILE_NAME_MAX) followed by that many bytes of ASCII, no terminator.
 *     magic      4 bytes "DEVW"
 *     version    u16 (EVAL_FILE_VERSION)
 *     variant    name: the variant whose weights these are (normal, bt, frisian, losing; killer
 *                plays with normal's)
 *     note       u16 length + that many bytes of text: how the weights were made (free, may be empty)
 *     terms      u16 count, then count names: the named terms in weight-vector order
 *     tables     u16 count, then per table: name, u32 entry count
 *     weights    every (mg, eg) pair of the layout above in order (the terms, then each table's
 *                entries), as runs: LEB128 count of {0, 0} pairs, LEB128 count n of literal pairs,
 *                then n pairs of two int16 (mg, eg); runs repeat until every pair is given
 *     checksum   u32 CRC-32 (IEEE, the one of zlib and PNG) of every byte before it
 * A reader maps the file's terms and tables onto its own layout by name, never by position alone:
 * it refuses a file with a name it does not know, a name given twice or a table of another size
 * (naming it), and gives weight 0 to its terms and tables the file lacks, so that files written
 * before a layout grew still load and evaluate as before. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "eval/eval_layout.h"
#include "rules/variant.h"

#define EVAL_FILE_MAGIC "DEVW"
#define EVAL_FILE_VERSION 1
#define EVAL_FILE_NAME_MAX 40
#define EVAL_FILE_NOTE_MAX 400
#define EVAL_FILE_WHY_MAX 200   /* room for any refusal message */
#define EVAL_FILE_LAYOUT_MAX 64   /* terms or tables a layout may describe */

/* The names and sizes a weight vector is laid out by. */
typedef struct {
    int term_count;
    const char *term_name[EVAL_FILE_LAYOUT_MAX];
    int table_count;
    const char *table_name[EVAL_FILE_LAYOUT_MAX];
    uint32_t table_size[EVAL_FILE_LAYOUT_MAX];
} EvalFileLayout;

/* What a file says about itself besides its weights. */
typedef struct {
    int version;
    Variant variant;
    char note[EVAL_FILE_NOTE_MAX + 1];
    size_t bytes;      /* the file's size */
    uint32_t crc;      /* its checksum */
} EvalFileHeader;

/* This engine's layout: eval_term_name's terms, then the EVAL_TABLE_COUNT tables named by
 * eval_table_name, of eval_table_size entries each. */
void eval_file_layout(EvalFileLayout *layout);

/* CRC-32 (IEEE) of len bytes, as the files' checksum. */
uint32_t eval_file_crc32(const uint8_t *bytes, size_t len);

/* Encodes weights laid out by layout (the sum of its term count and table sizes of them) as a
 * file for the variant named variant, with note (NULL: none; cut at EVAL_FILE_NOTE_MAX). Returns a
 * malloc'ed buffer of *len bytes, NULL when memory is short or a name or count does not fit the
 * format. Any layout and variant name are written, so that tests can make foreign files. */
uint8_t *eval_file_encode(const EvalFileLayout *layout, const char *variant, const char *note,
                          const EvalWeight *weights, size_t *len);

/* Writes the weights of variant v (EVAL_FEATURE_COUNT, this engine's layout) to path; false with
 * the reason in why when it cannot. */
bool eval_file_write(const char *path, Variant v, const char *note, const EvalWeight *weights, char *why,
                     size_t why_size);

/* Decodes a file into weights (EVAL_FEATURE_COUNT entries) and head. expect is the variant it must
 * hold, or VARIANT_COUNT for any of those with weights of their own. Returns false with one line
 * in why saying what is wrong (bad magic, other version, damaged, other variant, a term or table
 * this engine lacks or has in another size, a malformed weight section); weights are then undefined.
 * Weights of this engine's layout that the file lacks are 0. */
bool eval_file_decode(const uint8_t *bytes, size_t len, Variant expect, EvalWeight *weights, EvalFileHeader *head,
                      char *why, size_t why_size);

/* eval_file_decode of the file at path (why also covers a file that cannot be read). */
bool eval_file_read(const char *path, Variant expect, EvalWeight *weights, EvalFileHeader *head, char *why,
                    size_t why_size);
