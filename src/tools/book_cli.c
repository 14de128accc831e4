/* `engine book info` (see book_cli.h). */
#include "tools/book_cli.h"

#include <stdio.h>
#include "opening/book.h"
#include "rules/notation.h"
#include "util/opts.h"

#define INFO_USAGE                                                                                                   \
    "usage: engine book info [FILE]\n"                                                                               \
    "  size, depth and the start position's moves of the book in FILE (default: the embedded one)\n"

int book_cli_info_main(int argc, char **argv)
{
    const OptSpec specs[] = {OPTS_END};
    const char *words[1] = {NULL};
    Book file = {0};
    if (opts_help(argc, argv, 3, INFO_USAGE))
        return 0;
    if (!opts_parse("book info", specs, argc, argv, 3, words, 0, 1) || (words[0] && !book_load(words[0], &file)))
        return OPTS_REFUSED;
    const Book *book = words[0] ? &file : book_embedded();
    size_t inner = 0, by_ply[256] = {0};
    int deepest = 0;
    for (size_t i = 0; i < book->count; i++) {
        inner += book->entries[i].inner;
        by_ply[book->entries[i].ply] += book->entries[i].inner;
        if (book->entries[i].inner && book->entries[i].ply > deepest)
            deepest = book->entries[i].ply;
    }
    printf("book: %zu positions, %zu inner (with a move), %zu bytes, inner positions up to ply %d\n",
           book->count, inner, BOOK_HEADER_BYTES + book->count * BOOK_ENTRY_BYTES, deepest);
    printf("inner positions by ply:");
    for (int p = 0; p <= deepest; p++)
        printf(" %zu", by_ply[p]);
    Position start;
    position_start(&start);
    BookMove moves[MAX_MOVES];
    int n = book_moves(book, &start, moves);
    printf("\nstart position:%s", n ? "" : " not in the book");
    for (int i = 0; i < n; i++) {
        char text[MOVE_TEXT_MAX], score[16];
        notation_format_move(&start, moves[i].move, text);
        snprintf(score, sizeof score, "%+.2f", moves[i].score / 100.0);
        printf(" %s %s", text, score);
    }
    printf("\n");
    book_free(&file);
    return 0;
}
