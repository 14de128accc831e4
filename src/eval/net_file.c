/* Network files (see net_file.h). */
#include "eval/net_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "eval/eval_file.h"

#define MAGIC_LEN 4
#define FILE_MAX ((size_t)64 << 20)

typedef struct {
    uint8_t *p;
    size_t at;
} Writer;

static void put(Writer *w, uint64_t v, int bytes)
{
    for (int i = 0; i < bytes; i++)
        w->p[w->at++] = (uint8_t)(v >> (8 * i));
}

/* The size of a file of this version and model m's sizes with a note of that length. */
static size_t file_size(int version, const NetModel *m, size_t note)
{
    size_t stack = (size_t)m->l2 * (size_t)net_width(m) + (size_t)m->l2 * 4 + (size_t)m->l2 * 2 + 4;
    return MAGIC_LEN + 2 * 4 + (version >= 2 ? 2 : 0) + (version >= 3 ? 2 : 0) + (version >= 4 ? 6 : 0) + 2 + note +
           (size_t)NET_INPUTS * (size_t)m->hidden * 2 + (size_t)m->hidden * 2 + (size_t)m->buckets * stack + 4;
}

uint8_t *net_file_encode(const NetModel *m, size_t *len)
{
    size_t note = strlen(m->note), size = file_size(NET_FILE_VERSION, m, note);
    Writer w = {malloc(size), 0};
    if (!w.p)
        return NULL;
    memcpy(w.p, NET_FILE_MAGIC, MAGIC_LEN);
    w.at = MAGIC_LEN;
    put(&w, NET_FILE_VERSION, 2);
    put(&w, (uint64_t)m->hidden, 2);
    put(&w, (uint64_t)m->l2, 2);
    put(&w, (uint64_t)m->buckets, 2);
    put(&w, m->pairwise ? NET_FILE_PAIRWISE : NET_FILE_CRELU, 2);
    put(&w, m->residual ? NET_FILE_BASE_PATTERNS : NET_FILE_BASE_NONE, 2);
    put(&w, m->residual ? m->base_crc : 0, 4);
    put(&w, NET_INPUTS, 2);
    put(&w, note, 2);
    memcpy(w.p + w.at, m->note, note);
    w.at += note;
    for (size_t k = 0; k < (size_t)NET_INPUTS * (size_t)m->hidden; k++)
        put(&w, (uint16_t)m->w1[k], 2);
    for (int i = 0; i < m->hidden; i++)
        put(&w, (uint16_t)m->b1[i], 2);
    size_t units = (size_t)m->l2, width = (size_t)net_width(m);
    for (int b = 0; b < m->buckets; b++) {
        for (int j = 0; j < m->l2; j++)   /* each unit's row in turn, whatever the layout in memory */
            for (int i = 0; i < (int)width; i++)
                put(&w, (uint8_t)m->w2[net_w2_at(m, b, j, i)], 1);
        for (size_t j = 0; j < units; j++)
            put(&w, (uint32_t)m->b2[b * units + j], 4);
        for (size_t j = 0; j < units; j++)
            put(&w, (uint16_t)m->w3[b * units + j], 2);
        put(&w, (uint32_t)m->b3[b], 4);
    }
    put(&w, eval_file_crc32(w.p, w.at), 4);
    *len = w.at;
    return w.p;
}

static uint64_t get(const uint8_t *p, size_t *at, int bytes)
{
    uint64_t v = 0;
    for (int i = 0; i < bytes; i++)
        v |= (uint64_t)p[(*at)++] << (8 * i);
    return v;
}

bool net_file_is_net(const uint8_t *bytes, size_t len)
{
    return len >= MAGIC_LEN && memcmp(bytes, NET_FILE_MAGIC, MAGIC_LEN) == 0;
}

bool net_file_decode(const uint8_t *bytes, size_t len, NetModel *m, char *why, size_t why_size)
{
    memset(m, 0, sizeof *m);
    size_t at = MAGIC_LEN;
    if (!net_file_is_net(bytes, len) || len < MAGIC_LEN + 18) {   /* the longest head: version 4's */
        snprintf(why, why_size, "not a network file (no \"%s\" at its start)", NET_FILE_MAGIC);
        return false;
    }
    int version = (int)get(bytes, &at, 2), hidden = (int)get(bytes, &at, 2), l2 = (int)get(bytes, &at, 2);
    if (version < 1 || version > NET_FILE_VERSION) {
        snprintf(why, why_size, "network file version %d, not 1 to %d", version, NET_FILE_VERSION);
        return false;
    }
    int buckets = version >= 2 ? (int)get(bytes, &at, 2) : 1;
    int activation = version >= 3 ? (int)get(bytes, &at, 2) : NET_FILE_CRELU;
    int base = version >= 4 ? (int)get(bytes, &at, 2) : NET_FILE_BASE_NONE;
    uint32_t base_crc = version >= 4 ? (uint32_t)get(bytes, &at, 4) : 0;
    int inputs = (int)get(bytes, &at, 2);
    if (activation != NET_FILE_CRELU && activation != NET_FILE_PAIRWISE) {
        snprintf(why, why_size, "activation %d: this engine knows %d (clipped) and %d (pairwise)", activation,
                 NET_FILE_CRELU, NET_FILE_PAIRWISE);
        return false;
    }
    if (base != NET_FILE_BASE_NONE && base != NET_FILE_BASE_PATTERNS) {
        snprintf(why, why_size, "base %d: this engine knows %d (none) and %d (the patterns)", base,
                 NET_FILE_BASE_NONE, NET_FILE_BASE_PATTERNS);
        return false;
    }
    size_t note = (size_t)get(bytes, &at, 2);
    if (inputs != NET_INPUTS || note > NET_NOTE_MAX) {
        snprintf(why, why_size, "a network of %d inputs and a note of %zu bytes: this engine reads %d inputs and "
                 "notes up to %d bytes", inputs, note, NET_INPUTS, NET_NOTE_MAX);
        return false;
    }
    if (!net_alloc(m, hidden, l2, buckets, activation == NET_FILE_PAIRWISE)) {
        snprintf(why, why_size, "layer sizes %d and %d in %d buckets are not valid%s (or memory is short)", hidden,
                 l2, buckets, activation == NET_FILE_PAIRWISE ? " for a pairwise network" : "");
        return false;
    }
    size_t want = file_size(version, m, note);
    if (len != want) {
        snprintf(why, why_size, "%zu bytes, not the %zu of a %dx%dx%d network: the file is cut or padded", len,
                 want, hidden, l2, buckets);
        net_free(m);
        return false;
    }
    size_t body = len - 4, crc_at = body;
    if ((uint32_t)get(bytes, &crc_at, 4) != eval_file_crc32(bytes, body)) {
        snprintf(why, why_size, "the checksum does not match: the file is damaged");
        net_free(m);
        return false;
    }
    m->residual = base == NET_FILE_BASE_PATTERNS;
    m->base_crc = m->residual ? base_crc : 0;
    memcpy(m->note, bytes + at, note);
    m->note[note] = '\0';
    at += note;
    for (size_t k = 0; k < (size_t)NET_INPUTS * (size_t)hidden; k++)
        m->w1[k] = (int16_t)(uint16_t)get(bytes, &at, 2);
    for (int i = 0; i < hidden; i++)
        m->b1[i] = (int16_t)(uint16_t)get(bytes, &at, 2);
    size_t units = (size_t)l2, width = (size_t)net_width(m);
    for (int b = 0; b < buckets; b++) {
        for (int j = 0; j < l2; j++)
            for (int i = 0; i < (int)width; i++)
                m->w2[net_w2_at(m, b, j, i)] = (int8_t)(uint8_t)get(bytes, &at, 1);
        for (size_t j = 0; j < units; j++)
            m->b2[b * units + j] = (int32_t)(uint32_t)get(bytes, &at, 4);
        for (size_t j = 0; j < units; j++)
            m->w3[b * units + j] = (int16_t)(uint16_t)get(bytes, &at, 2);
        m->b3[b] = (int32_t)(uint32_t)get(bytes, &at, 4);
    }
    if (!net_check_range(m)) {
        snprintf(why, why_size, "a first-layer sum could leave int16: the file was not written by the trainer");
        net_free(m);
        return false;
    }
    return true;
}

bool net_file_save(const NetModel *m, const char *path, char *why, size_t why_size)
{
    size_t len;
    uint8_t *bytes = net_file_encode(m, &len);
    FILE *f = bytes ? fopen(path, "wb") : NULL;
    bool ok = f && fwrite(bytes, 1, len, f) == len;
    if (f && fclose(f) != 0)
        ok = false;
    if (!ok)
        snprintf(why, why_size, "cannot write %s: %s", path, bytes ? strerror(errno) : "out of memory");
    free(bytes);
    return ok;
}

bool net_file_load(const char *path, NetModel *m, char *why, size_t why_size)
{
    memset(m, 0, sizeof *m);
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(why, why_size, "cannot read %s: %s", path, strerror(errno));
        return false;
    }
    uint8_t *bytes = malloc(FILE_MAX);
    size_t len = bytes ? fread(bytes, 1, FILE_MAX, f) : 0;
    bool ok = bytes && !ferror(f) && len < FILE_MAX;
    fclose(f);
    if (!ok)
        snprintf(why, why_size, "cannot read %s%s", path, len >= FILE_MAX ? ": larger than any network" : "");
    else {
        char inner[256];
        ok = net_file_decode(bytes, len, m, inner, sizeof inner);
        if (!ok)
            snprintf(why, why_size, "%s: %s", path, inner);
    }
    free(bytes);
    return ok;
}
