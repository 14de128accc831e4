/* The opening book (see book.h): its file format, lookups and move choice. */
#include "opening/book.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "blobs.h"
#include "util/embed.h"
#include "rules/hash.h"
#include "rules/make.h"

/* Bit s-1 set for every square s of b: independent of the bitboard layout. */
static uint64_t square_mask(Bitboard b)
{
    uint64_t m = 0;
    for (; b; b &= b - 1)
        m |= (uint64_t)1 << (bb_square_of_bit[bb_lsb(b)] - 1);
    return m;
}

uint64_t book_key(const Position *pos)
{
    uint64_t parts[4] = {square_mask(pos->pieces[WHITE]), square_mask(pos->pieces[BLACK]),
                         square_mask(pos->kings), (uint64_t)pos->turn};
    uint64_t state = 0xB00C0F1DA4A11E5ULL, key = 0;
    for (int i = 0; i < 4; i++) {
        state ^= parts[i];
        key = (key << 7 | key >> 57) ^ hash_splitmix(&state);
    }
    return key;
}

static uint64_t get_le(const unsigned char *p, int bytes)
{
    uint64_t v = 0;
    for (int i = bytes - 1; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

static void put_le(unsigned char *p, uint64_t v, int bytes)
{
    for (int i = 0; i < bytes; i++, v >>= 8)
        p[i] = (unsigned char)v;
}

bool book_parse(const unsigned char *bytes, size_t len, Book *book, const char **why)
{
    book->entries = NULL;
    book->count = 0;
    if (len < BOOK_HEADER_BYTES || memcmp(bytes, BOOK_MAGIC, 4) != 0) {
        *why = "not a book (no " BOOK_MAGIC " header)";
        return false;
    }
    size_t count = (size_t)get_le(bytes + 4, 4);
    if (len != BOOK_HEADER_BYTES + count * BOOK_ENTRY_BYTES) {
        *why = "the size does not match the entry count";
        return false;
    }
    BookEntry *e = malloc((count ? count : 1) * sizeof *e);
    if (!e) {
        *why = "out of memory";
        return false;
    }
    for (size_t i = 0; i < count; i++) {
        const unsigned char *p = bytes + BOOK_HEADER_BYTES + i * BOOK_ENTRY_BYTES;
        e[i] = (BookEntry){.key = get_le(p, 8), .score = (int16_t)get_le(p + 8, 2), .ply = p[10], .inner = p[11]};
        if (e[i].inner > 1 || (i > 0 && e[i].key <= e[i - 1].key)) {
            *why = e[i].inner > 1 ? "an entry has a bad flag" : "the keys are not sorted and unique";
            free(e);
            return false;
        }
    }
    book->entries = e;
    book->count = count;
    return true;
}

bool book_load(const char *path, Book *book)
{
    size_t len;
    unsigned char *bytes = embed_read_file(path, &len);
    const char *why = NULL;
    bool ok = bytes && book_parse(bytes, len, book, &why);
    if (bytes && !ok)
        fprintf(stderr, "engine: book %s: %s\n", path, why);
    free(bytes);
    return ok;
}

static int entry_cmp(const void *a, const void *b)
{
    uint64_t x = ((const BookEntry *)a)->key, y = ((const BookEntry *)b)->key;
    return x < y ? -1 : x > y;
}

bool book_save(const char *path, const BookEntry *entries, size_t count)
{
    BookEntry *sorted = malloc((count ? count : 1) * sizeof *sorted);
    unsigned char *bytes = malloc(BOOK_HEADER_BYTES + count * BOOK_ENTRY_BYTES);
    FILE *f = sorted && bytes ? fopen(path, "wb") : NULL;
    bool ok = f != NULL;
    if (ok) {
        memcpy(sorted, entries, count * sizeof *sorted);
        qsort(sorted, count, sizeof *sorted, entry_cmp);
        memcpy(bytes, BOOK_MAGIC, 4);
        put_le(bytes + 4, count, 4);
        for (size_t i = 0; i < count; i++) {
            unsigned char *p = bytes + BOOK_HEADER_BYTES + i * BOOK_ENTRY_BYTES;
            put_le(p, sorted[i].key, 8);
            put_le(p + 8, (uint16_t)sorted[i].score, 2);
            p[10] = sorted[i].ply;
            p[11] = sorted[i].inner;
        }
        ok = fwrite(bytes, 1, BOOK_HEADER_BYTES + count * BOOK_ENTRY_BYTES, f) ==
             BOOK_HEADER_BYTES + count * BOOK_ENTRY_BYTES;
        ok &= fclose(f) == 0;
    }
    if (!ok)
        fprintf(stderr, "engine: cannot write book %s: %s\n", path, strerror(errno));
    free(sorted);
    free(bytes);
    return ok;
}

void book_free(Book *book)
{
    free(book->entries);
    book->entries = NULL;
    book->count = 0;
}

const Book *book_embedded(void)
{
    static Book embedded;
    static bool loaded;
    if (!loaded) {
        loaded = true;
        const char *why;
        if (book_blob_size && !book_parse(book_blob, book_blob_size, &embedded, &why))
            fprintf(stderr, "engine: the embedded book is damaged (%s); playing without it\n", why);
    }
    return &embedded;
}

const BookEntry *book_find(const Book *book, const Position *pos)
{
    BookEntry probe = {.key = book_key(pos)};
    if (!book->count || !variant_has_book(position_variant(pos)))
        return NULL;
    return bsearch(&probe, book->entries, book->count, sizeof probe, entry_cmp);
}

/* book_moves for pos, whose entry is e (or NULL). */
static int entry_moves(const Book *book, const BookEntry *e, const Position *pos, BookMove *out)
{
    if (!e || !e->inner)
        return 0;
    MoveList list;
    movegen_generate(pos, &list);
    for (int i = 0; i < list.count; i++) {
        Position next;
        make_move(pos, list.moves[i], &next, true);
        const BookEntry *child = book_find(book, &next);
        if (!child)
            return 0;
        BookMove bm = {list.moves[i], -child->score};
        int j = i;
        for (; j > 0 && out[j - 1].score < bm.score; j--)
            out[j] = out[j - 1];
        out[j] = bm;
    }
    return list.count;
}

int book_moves(const Book *book, const Position *pos, BookMove *out)
{
    return entry_moves(book, book_find(book, pos), pos, out);
}

bool book_pick(const Book *book, const Position *pos, int max_ply, int margin, uint64_t *rng, BookMove *pick)
{
    const BookEntry *e = book_find(book, pos);
    BookMove moves[MAX_MOVES];
    int n = e && e->ply < max_ply ? entry_moves(book, e, pos, moves) : 0;
    if (n == 0)
        return false;
    int close = 1;
    while (close < n && moves[close].score >= moves[0].score - margin)
        close++;
    *pick = moves[rng ? hash_splitmix(rng) % (uint64_t)close : 0];
    return true;
}
