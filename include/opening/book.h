#pragma once
/* The opening book: positions scored by the engine's own searches (`engine book build`), embedded
 * in the binary. An inner entry has an entry for every legal move and scores the negamax of them;
 * a leaf scores what a search found. Keys come from the squares, not from the Zobrist tables, so a
 * book survives changes to the board layout or the hash seed. */
#include <stddef.h>
#include <stdint.h>
#include "eval/score.h"
#include "rules/movegen.h"

#define BOOK_MAGIC "DBK1"
#define BOOK_HEADER_BYTES 8      /* magic, then the entry count (32 bits, little-endian) */
#define BOOK_ENTRY_BYTES 12      /* key 64, score 16 (signed), ply 8, inner 8; little-endian */

typedef struct {
    uint64_t key;
    int16_t score;   /* centi-men for the side to move */
    uint8_t ply;     /* fewest plies from the start position */
    uint8_t inner;   /* 1: every legal move leads to an entry */
} BookEntry;

typedef struct {
    BookEntry *entries;   /* sorted by key, keys unique */
    size_t count;
} Book;

typedef struct {
    Move move;
    Score score;     /* for the side to move in the probed position */
} BookMove;

/* The book key of pos: the squares of each piece set and the side to move, mixed. */
uint64_t book_key(const Position *pos);

/* Reads a serialised book into book (allocated; book_free releases it). False, with *why set,
 * when the bytes are not a well-formed book. */
bool book_parse(const unsigned char *bytes, size_t len, Book *book, const char **why);

/* Reads a book file; false after printing why to stderr. */
bool book_load(const char *path, Book *book);

/* Writes count entries (any order, keys unique) as a book file; false after printing why. */
bool book_save(const char *path, const BookEntry *entries, size_t count);

void book_free(Book *book);

/* The book embedded in the binary (empty when there is none); loaded at the first call. */
const Book *book_embedded(void);

/* The entry of pos, or NULL. Books hold international positions, which killer shares (its rule
 * matters only once kings capture kings); the other variants have none. */
const BookEntry *book_find(const Book *book, const Position *pos);

/* The legal moves of pos with their book scores, best first (ties in move-generation order);
 * 0 unless pos is an inner entry whose every move leads to an entry. out holds MAX_MOVES. */
int book_moves(const Book *book, const Position *pos, BookMove *out);

/* Picks a book move for pos when its entry is inner and lies fewer than max_ply plies from the
 * start: uniformly among the moves scoring within margin centi-men of the best (the best alone
 * when rng is NULL). False when the book has no move for pos. */
bool book_pick(const Book *book, const Position *pos, int max_ply, int margin, uint64_t *rng, BookMove *pick);
