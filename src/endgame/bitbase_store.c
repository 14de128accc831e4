/* Bitbase compression: per block, runs of one value and literal bytes of five values each.
 * A code byte c: c >> 6 < 3 is a run of value c >> 6 whose length is (c & 63) + 1, or, when
 * c & 63 == 63, 64 plus a LEB128 number that follows; c >> 6 == 3 is followed by (c & 63) + 1
 * literal bytes, each five values in base 3 (first value least significant). */
#include <stdlib.h>
#include <string.h>
#include "endgame/bitbase_store.h"

#define RUN_MIN 6            /* a run shorter than this is cheaper inside a literal */
#define LITERAL_MAX 64
#define RUN_SHORT_MAX 63

static bool buf_reserve(BbBuffer *buf, size_t extra)
{
    if (buf->len + extra <= buf->cap)
        return true;
    size_t cap = buf->cap ? buf->cap : 1 << 16;
    while (cap < buf->len + extra)
        cap *= 2;
    uint8_t *p = realloc(buf->bytes, cap);
    if (!p)
        return false;
    buf->bytes = p;
    buf->cap = cap;
    return true;
}

static bool buf_put(BbBuffer *buf, const void *p, size_t n)
{
    if (!buf_reserve(buf, n))
        return false;
    memcpy(buf->bytes + buf->len, p, n);
    buf->len += n;
    return true;
}

static bool buf_u32(BbBuffer *buf, uint32_t v)
{
    uint8_t b[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
    return buf_put(buf, b, 4);
}

static void put_u32_at(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static uint32_t get_u32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t get_u64(const uint8_t *p) { return get_u32(p) | (uint64_t)get_u32(p + 4) << 32; }

/* Replaces BB_VALUE_ANY by the value before it (or, at the start, the first real value after),
 * which lengthens runs. */
static void fill_any(uint8_t *v, int n)
{
    int first = 0;
    while (first < n && v[first] == BB_VALUE_ANY)
        first++;
    uint8_t prev = first < n ? v[first] : BB_VALUE_DRAW;
    for (int i = 0; i < n; i++) {
        if (v[i] == BB_VALUE_ANY)
            v[i] = prev;
        prev = v[i];
    }
}

static int run_length(const uint8_t *v, int i, int n)
{
    int j = i + 1;
    while (j < n && v[j] == v[i])
        j++;
    return j - i;
}

/* Compresses one block of n values (BB_VALUE_ANY allowed) onto buf. */
static bool encode_block(BbBuffer *buf, const uint8_t *values, int n)
{
    uint8_t v[BB_BLOCK_POSITIONS];
    memcpy(v, values, (size_t)n);
    fill_any(v, n);
    int i = 0;
    while (i < n) {
        int run = run_length(v, i, n);
        if (run >= RUN_MIN || run == n - i) {
            uint8_t code[12];
            int len = 0;
            if (run <= RUN_SHORT_MAX) {
                code[len++] = (uint8_t)(v[i] << 6 | (run - 1));
            } else {
                code[len++] = (uint8_t)(v[i] << 6 | RUN_SHORT_MAX);
                for (unsigned rest = (unsigned)(run - 64);; rest >>= 7) {
                    code[len++] = (uint8_t)((rest & 127) | (rest > 127 ? 128 : 0));
                    if (rest <= 127)
                        break;
                }
            }
            if (!buf_put(buf, code, (size_t)len))
                return false;
            i += run;
            continue;
        }
        uint8_t lit[LITERAL_MAX + 1];
        int count = 0;
        while (i < n && count < LITERAL_MAX && (count == 0 || run_length(v, i, n) < RUN_MIN)) {
            int byte = 0;
            for (int k = 4; k >= 0; k--)
                byte = byte * 3 + (i + k < n ? v[i + k] : v[n - 1]);
            lit[1 + count++] = (uint8_t)byte;
            i += 5;
        }
        lit[0] = (uint8_t)(3 << 6 | (count - 1));
        if (!buf_put(buf, lit, (size_t)count + 1))
            return false;
    }
    return true;
}

bool bitbase_store_concat(BbBuffer *dst, const BbBuffer *src) { return buf_put(dst, src->bytes, src->len); }

bool bitbase_store_begin(BbBuffer *buf) { return buf_put(buf, "DBB1", 4) && buf_u32(buf, 0); }

void bitbase_store_finish(BbBuffer *buf, uint32_t tables) { put_u32_at(buf->bytes + 4, tables); }

bool bitbase_store_append(BbBuffer *buf, Material m, const uint8_t *values, uint64_t size)
{
    uint32_t blocks = (uint32_t)((size + BB_BLOCK_POSITIONS - 1) / BB_BLOCK_POSITIONS);
    uint8_t head[4] = {(uint8_t)m.wm, (uint8_t)m.wk, (uint8_t)m.bm, (uint8_t)m.bk};
    if (!buf_put(buf, head, 4) || !buf_u32(buf, (uint32_t)size) || !buf_u32(buf, (uint32_t)(size >> 32)) ||
        !buf_u32(buf, blocks))
        return false;
    size_t data_len_at = buf->len;
    if (!buf_u32(buf, 0))
        return false;
    size_t offsets_at = buf->len;
    if (!buf_reserve(buf, 4 * ((size_t)blocks + 1)))
        return false;
    buf->len += 4 * ((size_t)blocks + 1);
    size_t data_at = buf->len;
    for (uint32_t b = 0; b < blocks; b++) {
        put_u32_at(buf->bytes + offsets_at + 4 * b, (uint32_t)(buf->len - data_at));
        uint64_t first = (uint64_t)b * BB_BLOCK_POSITIONS;
        int n = (int)(size - first < BB_BLOCK_POSITIONS ? size - first : BB_BLOCK_POSITIONS);
        if (!encode_block(buf, values + first, n))
            return false;
    }
    put_u32_at(buf->bytes + offsets_at + 4 * (size_t)blocks, (uint32_t)(buf->len - data_at));
    put_u32_at(buf->bytes + data_len_at, (uint32_t)(buf->len - data_at));
    return true;
}

int bitbase_store_parse(const uint8_t *blob, size_t size, BbTable *tables, int max)
{
    if (size < 8 || memcmp(blob, "DBB1", 4) != 0)
        return -1;
    uint32_t count = get_u32(blob + 4);
    size_t at = 8;
    int n = 0;
    for (uint32_t t = 0; t < count; t++) {
        if (size - at < 20 || n >= max)
            return -1;
        BbTable *tb = &tables[n++];
        tb->material = (Material){blob[at], blob[at + 1], blob[at + 2], blob[at + 3]};
        tb->size = get_u64(blob + at + 4);
        tb->blocks = get_u32(blob + at + 12);
        uint32_t data_len = get_u32(blob + at + 16);
        at += 20;
        size_t offsets_len = 4 * ((size_t)tb->blocks + 1);
        if (material_pieces(tb->material) > BB_MAX_PIECES || tb->size != bitbase_index_size(tb->material) ||
            tb->blocks != (tb->size + BB_BLOCK_POSITIONS - 1) / BB_BLOCK_POSITIONS ||
            size - at < offsets_len || size - at - offsets_len < data_len)
            return -1;
        tb->offsets = blob + at;
        tb->data = blob + at + offsets_len;
        tb->data_bytes = data_len;
        at += offsets_len + data_len;
    }
    return at == size ? n : -1;
}

int bitbase_store_value(const BbTable *t, uint64_t idx)
{
    const uint8_t *p = t->data + get_u32(t->offsets + 4 * (idx / BB_BLOCK_POSITIONS));
    unsigned want = (unsigned)(idx % BB_BLOCK_POSITIONS), at = 0;
    for (;;) {
        unsigned c = *p++, kind = c >> 6, low = c & 63;
        if (kind < 3) {
            unsigned len = low + 1;
            if (low == RUN_SHORT_MAX) {
                unsigned rest = 0;
                for (int shift = 0;; shift += 7) {
                    unsigned b = *p++;
                    rest |= (b & 127) << shift;
                    if (!(b & 128))
                        break;
                }
                len = 64 + rest;
            }
            if (want < at + len)
                return (int)kind;
            at += len;
        } else {
            unsigned span = 5 * (low + 1);
            if (want < at + span) {
                static const uint8_t pow3[5] = {1, 3, 9, 27, 81};
                unsigned k = want - at;
                return p[k / 5] / pow3[k % 5] % 3;
            }
            p += low + 1;
            at += span;
        }
    }
}
