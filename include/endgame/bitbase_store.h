#pragma once
/* Compressed bitbase tables. A table's values (0 loss, 1 draw, 2 win for the side to move) are cut
 * into blocks of BB_BLOCK_POSITIONS indexes, each compressed on its own into runs and literal
 * bytes, with the offset of every block kept, so a probe decodes at most one block.
 * A blob holds many tables, one after the other:
 *   "DBB1", u32 table count, then per table: u8 wm wk bm bk, u64 indexes, u32 blocks,
 *   u32 data bytes, u32 offsets[blocks + 1], data
 * (little-endian). Generated blobs are embedded in the binary; nothing is read at run time. */
#include <stddef.h>
#include <stdint.h>
#include "endgame/bitbase_index.h"

#define BB_BLOCK_POSITIONS 1024
#define BB_VALUE_LOSS 0
#define BB_VALUE_DRAW 1
#define BB_VALUE_WIN 2
#define BB_VALUE_ANY 3      /* encoder input only: the value does not matter (never probed) */

typedef struct {
    Material material;
    uint64_t size;          /* indexes */
    uint32_t blocks;
    const uint8_t *offsets; /* (blocks + 1) little-endian u32 */
    const uint8_t *data;
    uint32_t data_bytes;
} BbTable;

/* A growable byte buffer the encoder appends to. */
typedef struct {
    uint8_t *bytes;
    size_t len, cap;
} BbBuffer;

/* Appends the table for material m with the given values (one per index, BB_VALUE_*) to buf;
 * false when memory is short. */
bool bitbase_store_append(BbBuffer *buf, Material m, const uint8_t *values, uint64_t size);

/* Appends the tables held in src (made by bitbase_store_append) to dst; false when memory is short. */
bool bitbase_store_concat(BbBuffer *dst, const BbBuffer *src);

/* Starts a blob (its header) in buf; bitbase_store_finish writes the table count. */
bool bitbase_store_begin(BbBuffer *buf);
void bitbase_store_finish(BbBuffer *buf, uint32_t tables);

/* Reads the tables of a blob into tables (at most max); returns how many, or -1 when the blob
 * is malformed. */
int bitbase_store_parse(const uint8_t *blob, size_t size, BbTable *tables, int max);

/* The value at idx (< t->size) of a table. */
int bitbase_store_value(const BbTable *t, uint64_t idx);
