#pragma once
/* A network (eval/net.h) as a data file, written by the trainer and embedded as the weights are.
 *
 * Format, version 4, every integer little-endian:
 *     magic    4 bytes "DNET"
 *     version  u16 (NET_FILE_VERSION)
 *     hidden   u16, l2 u16, buckets u16: the layer sizes (net.h says which are valid)
 *     activation u16: NET_FILE_CRELU or NET_FILE_PAIRWISE (below; net.h says what they compute)
 *     base     u16: NET_FILE_BASE_NONE, or NET_FILE_BASE_PATTERNS for a residual network (net.h);
 *              u32: the checksum of the patterns' weight file it corrects (0: none or unknown)
 *     inputs   u16: NET_INPUTS (a reader refuses another input layout)
 *     note     u16 length + that many bytes of text (at most NET_NOTE_MAX): how it was made
 *     w1       NET_INPUTS x hidden int16, input by input; b1 hidden int16
 *     then for each bucket in turn:
 *     w2       l2 x net_width int8, unit by unit; b2 l2 int32; w3 l2 int16; b3 int32
 *     checksum u32 CRC-32 (IEEE) of every byte before it
 * Version 3 files (no base field: not residual), version 2 files (no activation field either:
 * clipped) and version 1 files (no buckets field either: one bucket) still read. A reader also
 * refuses a model whose accumulator could leave int16 or whose w2 leaves +-NET_W2_MAX
 * (net_check_range). */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "eval/net.h"

#define NET_FILE_MAGIC "DNET"
#define NET_FILE_VERSION 4
#define NET_FILE_CRELU 0
#define NET_FILE_PAIRWISE 1
#define NET_FILE_BASE_NONE 0
#define NET_FILE_BASE_PATTERNS 1

/* The file of m, in a new buffer (caller frees), or NULL when memory is short. */
uint8_t *net_file_encode(const NetModel *m, size_t *len);

/* Reads a file's bytes into m (allocated here; net_free it). False with why, m left empty, when
 * the bytes are not such a file: magic, version, sizes, length, checksum or range. */
bool net_file_decode(const uint8_t *bytes, size_t len, NetModel *m, char *why, size_t why_size);

/* Writes m to path / reads path into m; false with why. */
bool net_file_save(const NetModel *m, const char *path, char *why, size_t why_size);
bool net_file_load(const char *path, NetModel *m, char *why, size_t why_size);

/* Whether bytes start with the magic of a network file. */
bool net_file_is_net(const uint8_t *bytes, size_t len);
