/* The weight files (see eval_file.h): a byte-by-byte encoder and a decoder that checks every field. */
#include "eval/eval_file.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAGIC_LEN 4
#define FILE_MAX ((size_t)1 << 26)   /* far above any real file (about 100 KB) */

_Static_assert(EVAL_TERM_COUNT <= EVAL_FILE_LAYOUT_MAX && EVAL_TABLE_COUNT <= EVAL_FILE_LAYOUT_MAX,
               "EvalFileLayout holds this engine's layout");

void eval_file_layout(EvalFileLayout *layout)
{
    memset(layout, 0, sizeof *layout);
    layout->term_count = EVAL_TERM_COUNT;
    for (int i = 0; i < EVAL_TERM_COUNT; i++)
        layout->term_name[i] = eval_term_name((EvalTerm)i);
    layout->table_count = EVAL_TABLE_COUNT;
    for (int t = 0; t < EVAL_TABLE_COUNT; t++) {
        layout->table_name[t] = eval_table_name(t);
        layout->table_size[t] = eval_table_size(t);
    }
}

uint32_t eval_file_crc32(const uint8_t *bytes, size_t len)
{
    uint32_t table[256];   /* 2k steps to build: cheaper than a shared table's start-up ordering */
    for (uint32_t n = 0; n < 256; n++) {
        uint32_t c = n;
        for (int k = 0; k < 8; k++)
            c = (c >> 1) ^ (0xEDB88320u & -(c & 1u));
        table[n] = c;
    }
    uint32_t crc = 0xFFFFFFFFu;
    for (size_t i = 0; i < len; i++)
        crc = table[(crc ^ bytes[i]) & 0xFF] ^ (crc >> 8);
    return crc ^ 0xFFFFFFFFu;
}

/* ---- encoding ---- */

/* A growing byte buffer; ok turns false for good when memory is short. */
typedef struct {
    uint8_t *data;
    size_t len, cap;
    bool ok;
} Out;

static void put(Out *o, const void *bytes, size_t n)
{
    if (!o->ok)
        return;
    if (o->len + n > o->cap) {
        size_t cap = o->cap ? o->cap : 4096;
        while (cap < o->len + n)
            cap *= 2;
        uint8_t *bigger = realloc(o->data, cap);
        if (!bigger) {
            o->ok = false;
            return;
        }
        o->data = bigger, o->cap = cap;
    }
    memcpy(o->data + o->len, bytes, n);
    o->len += n;
}

static void put_u8(Out *o, unsigned v) { put(o, &(uint8_t){(uint8_t)v}, 1); }
static void put_u16(Out *o, unsigned v) { put(o, (uint8_t[2]){(uint8_t)v, (uint8_t)(v >> 8)}, 2); }
static void put_u32(Out *o, uint32_t v)
{
    put(o, (uint8_t[4]){(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)}, 4);
}

static void put_leb(Out *o, uint32_t v)
{
    for (; v >= 0x80; v >>= 7)
        put_u8(o, (v & 0x7F) | 0x80);
    put_u8(o, v);
}

/* A name field; an empty or over-long name cannot be written (ok turns false). */
static void put_name(Out *o, const char *name)
{
    size_t n = name ? strlen(name) : 0;
    if (n == 0 || n > EVAL_FILE_NAME_MAX) {
        o->ok = false;
        return;
    }
    put_u8(o, (unsigned)n);
    put(o, name, n);
}

static bool is_zero(EvalWeight w) { return w.mg == 0 && w.eg == 0; }

uint8_t *eval_file_encode(const EvalFileLayout *layout, const char *variant, const char *note,
                          const EvalWeight *weights, size_t *len)
{
    Out o = {.ok = layout->term_count >= 0 && layout->term_count <= EVAL_FILE_LAYOUT_MAX &&
                   layout->table_count >= 0 && layout->table_count <= EVAL_FILE_LAYOUT_MAX};
    if (!o.ok)
        return NULL;
    put(&o, EVAL_FILE_MAGIC, MAGIC_LEN);
    put_u16(&o, EVAL_FILE_VERSION);
    put_name(&o, variant);
    size_t note_len = note ? strlen(note) : 0;
    note_len = note_len > EVAL_FILE_NOTE_MAX ? EVAL_FILE_NOTE_MAX : note_len;
    put_u16(&o, (unsigned)note_len);
    put(&o, note ? note : "", note_len);
    put_u16(&o, (unsigned)layout->term_count);
    for (int i = 0; i < layout->term_count; i++)
        put_name(&o, layout->term_name[i]);
    put_u16(&o, (unsigned)layout->table_count);
    size_t total = (size_t)layout->term_count;
    for (int t = 0; t < layout->table_count; t++) {
        put_name(&o, layout->table_name[t]);
        put_u32(&o, layout->table_size[t]);
        total += layout->table_size[t];
    }
    for (size_t i = 0; i < total && o.ok;) {
        size_t zeros = 0, lit = 0;
        while (i + zeros < total && is_zero(weights[i + zeros]))
            zeros++;
        while (i + zeros + lit < total && !is_zero(weights[i + zeros + lit]))
            lit++;
        put_leb(&o, (uint32_t)zeros);
        put_leb(&o, (uint32_t)lit);
        for (size_t j = i + zeros; j < i + zeros + lit; j++) {
            put_u16(&o, (uint16_t)weights[j].mg);
            put_u16(&o, (uint16_t)weights[j].eg);
        }
        i += zeros + lit;
    }
    put_u32(&o, eval_file_crc32(o.data, o.len));
    if (!o.ok) {
        free(o.data);
        return NULL;
    }
    *len = o.len;
    return o.data;
}

bool eval_file_write(const char *path, Variant v, const char *note, const EvalWeight *weights, char *why,
                     size_t why_size)
{
    EvalFileLayout layout;
    eval_file_layout(&layout);
    size_t len;
    uint8_t *bytes = eval_file_encode(&layout, variant_name(v), note, weights, &len);
    if (!bytes) {
        snprintf(why, why_size, "out of memory");
        return false;
    }
    FILE *f = fopen(path, "wb");
    bool ok = f && fwrite(bytes, 1, len, f) == len;
    if (f)
        ok &= fclose(f) == 0;
    if (!ok)
        snprintf(why, why_size, "cannot write %s: %s", path, strerror(errno));
    free(bytes);
    return ok;
}

/* ---- decoding ---- */

/* A reader over the bytes before the checksum; every get fails (and records why) past the end. */
typedef struct {
    const uint8_t *p;
    size_t len, at;
    char *why;
    size_t why_size;
} In;

static bool fail(In *in, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(in->why, in->why_size, fmt, ap);
    va_end(ap);
    return false;
}

static bool get(In *in, size_t n, const char *what, const uint8_t **out)
{
    *out = in->p + in->at;
    if (in->len - in->at < n)
        return fail(in, "malformed: the %s runs past the end of the data", what);
    in->at += n;
    return true;
}

static bool get_u16(In *in, const char *what, unsigned *v)
{
    const uint8_t *b;
    if (!get(in, 2, what, &b))
        return false;
    *v = (unsigned)b[0] | (unsigned)b[1] << 8;
    return true;
}

static bool get_u32(In *in, const char *what, uint32_t *v)
{
    const uint8_t *b;
    if (!get(in, 4, what, &b))
        return false;
    *v = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    return true;
}

static bool get_leb(In *in, const char *what, uint32_t *v)
{
    *v = 0;
    for (int shift = 0; shift < 35; shift += 7) {
        const uint8_t *b;
        if (!get(in, 1, what, &b))
            return false;
        if (shift == 28 && *b > 0x0F)
            break;
        *v |= (uint32_t)(*b & 0x7F) << shift;
        if (!(*b & 0x80))
            return true;
    }
    return fail(in, "malformed: a run length over 32 bits");
}

/* A name field, copied NUL-terminated into name (EVAL_FILE_NAME_MAX + 1 bytes). */
static bool get_name(In *in, const char *what, char *name)
{
    const uint8_t *b, *text;
    if (!get(in, 1, what, &b))
        return false;
    if (*b == 0 || *b > EVAL_FILE_NAME_MAX)
        return fail(in, "malformed: a %s of %d characters", what, *b);
    if (!get(in, *b, what, &text))
        return false;
    memcpy(name, text, *b);
    name[*b] = '\0';
    return true;
}

/* The variant field: one with weights of its own, and expect's unless that is VARIANT_COUNT. */
static bool check_variant(In *in, Variant expect, Variant *v)
{
    char name[EVAL_FILE_NAME_MAX + 1];
    if (!get_name(in, "variant name", name))
        return false;
    int found = VARIANT_COUNT;
    for (int i = 0; i < VARIANT_COUNT; i++)
        if (strcmp(name, variant_name((Variant)i)) == 0)
            found = i;
    if (found == VARIANT_COUNT)
        return fail(in, "unknown variant \"%s\"", name);
    *v = (Variant)found;
    if (variant_eval_data(*v) != *v)
        return fail(in, "%s has no weights of its own (it plays with %s's)", name,
                    variant_name(variant_eval_data(*v)));
    if (expect != VARIANT_COUNT && *v != expect)
        return fail(in, "the file holds the weights of %s, not of %s", name, variant_name(expect));
    return true;
}

/* Where the file's weight pairs go: its terms and tables in its order, segment j of size[j] pairs
 * landing at base[j] of this engine's weight vector. */
typedef struct {
    int count;
    int base[2 * EVAL_FILE_LAYOUT_MAX];
    uint32_t size[2 * EVAL_FILE_LAYOUT_MAX];
    uint64_t total;   /* pairs in the file */
} Placement;

/* A list of names (terms or tables) mapped onto this engine's by name: every name must be one of
 * mine, given once, with my size when sizes is set (table sizes follow each table name). The
 * segments are appended to pl; names of mine the file lacks get no segment (their weights stay 0). */
static bool map_names(In *in, const char *what, int count, const char *const *mine, const uint32_t *sizes,
                      const int *bases, Placement *pl)
{
    unsigned n;
    bool seen[EVAL_FILE_LAYOUT_MAX] = {false};
    if (!get_u16(in, what, &n))
        return false;
    for (unsigned i = 0; i < n; i++) {
        char name[EVAL_FILE_NAME_MAX + 1];
        uint32_t size = 1;
        if (!get_name(in, what, name) || (sizes && !get_u32(in, what, &size)))
            return false;
        int k = 0;
        while (k < count && strcmp(name, mine[k]) != 0)
            k++;
        if (k == count)
            return fail(in, "layout differs: %s %u \"%s\" of the file is unknown to this engine", what, i, name);
        if (seen[k])
            return fail(in, "layout differs: %s \"%s\" appears twice in the file", what, name);
        if (sizes && size != sizes[k])
            return fail(in, "layout differs: %s \"%s\" has %lu entries in the file, %lu in this engine", what, name,
                        (unsigned long)size, (unsigned long)sizes[k]);
        seen[k] = true;
        pl->base[pl->count] = bases[k];
        pl->size[pl->count++] = size;
        pl->total += size;
    }
    return true;
}

/* Moves the cursor (segment *seg, offset *off) of pl on by n pairs. */
static void advance(const Placement *pl, int *seg, uint32_t *off, uint64_t n)
{
    while (n > 0 && *seg < pl->count) {
        uint64_t room = pl->size[*seg] - *off;
        if (n < room) {
            *off += (uint32_t)n;
            return;
        }
        n -= room;
        (*seg)++;
        *off = 0;
    }
}

/* The weight runs, which must give exactly the file's pl->total pairs and end with the data; every
 * weight of this engine's layout that the file lacks is 0. */
static bool read_weights(In *in, const Placement *pl, EvalWeight *weights)
{
    memset(weights, 0, EVAL_FEATURE_COUNT * sizeof *weights);
    uint64_t i = 0;
    int seg = 0;
    uint32_t off = 0;
    while (i < pl->total) {
        uint32_t zeros, lit;
        if (!get_leb(in, "weight runs", &zeros) || !get_leb(in, "weight runs", &lit))
            return false;
        if (zeros + (uint64_t)lit > pl->total - i)
            return fail(in, "malformed: the weight runs give more than the layout's %llu pairs",
                        (unsigned long long)pl->total);
        if (zeros + lit == 0)
            return fail(in, "malformed: an empty weight run");
        advance(pl, &seg, &off, zeros);
        i += zeros;
        for (uint32_t k = 0; k < lit; k++) {
            unsigned mg, eg;
            if (!get_u16(in, "weights", &mg) || !get_u16(in, "weights", &eg))
                return false;
            /* two's complement back from the unsigned 16 bits, without implementation-defined casts */
            weights[pl->base[seg] + (int)off] = (EvalWeight){(int16_t)((int)mg - (mg >= 0x8000 ? 0x10000 : 0)),
                                                             (int16_t)((int)eg - (eg >= 0x8000 ? 0x10000 : 0))};
            advance(pl, &seg, &off, 1);
            i++;
        }
    }
    if (in->at != in->len)
        return fail(in, "malformed: %zu bytes after the weights", in->len - in->at);
    return true;
}

bool eval_file_decode(const uint8_t *bytes, size_t len, Variant expect, EvalWeight *weights, EvalFileHeader *head,
                      char *why, size_t why_size)
{
    In in = {.p = bytes, .len = len, .why = why, .why_size = why_size};
    memset(head, 0, sizeof *head);
    head->bytes = len;
    if (len < MAGIC_LEN || memcmp(bytes, EVAL_FILE_MAGIC, MAGIC_LEN) != 0)
        return fail(&in, "not an evaluation weights file (no \"%s\" at its start)", EVAL_FILE_MAGIC);
    if (len < MAGIC_LEN + 2)
        return fail(&in, "truncated: %zu bytes", len);
    head->version = bytes[4] | bytes[5] << 8;
    if (head->version != EVAL_FILE_VERSION)
        return fail(&in, "format version %d, this engine reads version %d", head->version, EVAL_FILE_VERSION);
    if (len < MAGIC_LEN + 2 + 4)
        return fail(&in, "truncated: %zu bytes", len);
    in.len = len - 4;
    const uint8_t *c = bytes + in.len;
    head->crc = (uint32_t)c[0] | (uint32_t)c[1] << 8 | (uint32_t)c[2] << 16 | (uint32_t)c[3] << 24;
    uint32_t crc = eval_file_crc32(bytes, in.len);
    if (crc != head->crc)
        return fail(&in, "checksum mismatch (%08lx stored, %08lx computed): the file is truncated or damaged",
                    (unsigned long)head->crc, (unsigned long)crc);
    in.at = MAGIC_LEN + 2;
    unsigned note_len;
    const uint8_t *note;
    if (!check_variant(&in, expect, &head->variant) || !get_u16(&in, "note", &note_len) ||
        !get(&in, note_len, "note", &note))
        return false;
    if (note_len > EVAL_FILE_NOTE_MAX)
        return fail(&in, "malformed: a note of %u bytes (at most %d)", note_len, EVAL_FILE_NOTE_MAX);
    memcpy(head->note, note, note_len);
    head->note[note_len] = '\0';
    EvalFileLayout mine;
    eval_file_layout(&mine);
    int term_base[EVAL_FILE_LAYOUT_MAX], table_base[EVAL_FILE_LAYOUT_MAX];
    for (int i = 0; i < mine.term_count; i++)
        term_base[i] = i;
    for (int t = 0; t < mine.table_count; t++)
        table_base[t] = eval_table_base(t);
    Placement pl = {.count = 0};
    return map_names(&in, "term", mine.term_count, mine.term_name, NULL, term_base, &pl) &&
           map_names(&in, "table", mine.table_count, mine.table_name, mine.table_size, table_base, &pl) &&
           read_weights(&in, &pl, weights);
}

bool eval_file_read(const char *path, Variant expect, EvalWeight *weights, EvalFileHeader *head, char *why,
                    size_t why_size)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(why, why_size, "cannot open %s: %s", path, strerror(errno));
        return false;
    }
    uint8_t *bytes = NULL;
    size_t len = 0, cap = 0;
    const char *problem = NULL;
    while (!problem) {
        if (len == cap) {
            uint8_t *bigger = cap < FILE_MAX ? realloc(bytes, cap ? 2 * cap : 1 << 16) : NULL;
            if (!bigger) {
                problem = cap < FILE_MAX ? "out of memory" : "too large";
                break;
            }
            bytes = bigger;
            cap = cap ? 2 * cap : 1 << 16;
        }
        size_t n = fread(bytes + len, 1, cap - len, f);
        len += n;
        if (n == 0)
            problem = ferror(f) ? "read error" : "";
    }
    bool ok = !*problem;
    if (!ok)
        snprintf(why, why_size, "cannot read %s: %s", path, problem);
    fclose(f);
    ok = ok && eval_file_decode(bytes, len, expect, weights, head, why, why_size);
    free(bytes);
    return ok;
}
