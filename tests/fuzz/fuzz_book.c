/* libFuzzer harness: the opening book reader (`book info FILE` and `book build --in FILE` read
 * files from anywhere). Invariants: an accepted book has exactly the entries its size says, sorted
 * by key without repeats and with flags 0 or 1, and probing it never fails on any position. */
#include <stdint.h>
#include <stdlib.h>

#include "rules/rules.h"
#include "opening/book.h"
#include "rules/make.h"

#define CHECK(cond) ((cond) ? (void)0 : abort())

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    rules_init();
    Book book;
    const char *why = NULL;
    if (!book_parse(data, size, &book, &why)) {
        CHECK(why != NULL && book.count == 0);
        return 0;
    }
    CHECK(size == BOOK_HEADER_BYTES + book.count * BOOK_ENTRY_BYTES);
    for (size_t i = 0; i < book.count; i++)
        CHECK(book.entries[i].inner <= 1 && (i == 0 || book.entries[i - 1].key < book.entries[i].key));
    Position pos;
    position_start(&pos);
    for (int ply = 0; ply < 8; ply++) {
        BookMove moves[MAX_MOVES], pick;
        int n = book_moves(&book, &pos, moves);
        for (int i = 1; i < n; i++)
            CHECK(moves[i - 1].score >= moves[i].score);
        uint64_t rng = (uint64_t)ply;
        if (!book_pick(&book, &pos, 100, 50, &rng, &pick))
            break;
        CHECK(movegen_is_legal(&pos, pick.move));
        Position next;
        make_move(&pos, pick.move, &next, true);
        pos = next;
    }
    book_free(&book);
    return 0;
}
