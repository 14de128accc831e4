/* `engine book build` and `engine book info` (see book_cli.h). */
#include "cli/book_cli.h"

#include <stdio.h>
#include "opening/book.h"
#include "opening/book_build.h"
#include "rules/notation.h"
#include "util/jobs.h"
#include "util/opts.h"

#define BOOK_BUILD_USAGE                                                                                             \
    "usage: engine book build --out FILE [--in FILE] [--openings FILE] [--expansions N]\n"                           \
    "       [--nodes N] [--threads T] [--max-ply P] [--max-dev CP] [--ply-cost CP] [--checkpoint N] [--seconds S]\n" \
    "  --out FILE         the book written (rewritten whole every --checkpoint N expansions, default 25)\n"          \
    "  --in FILE          a book to continue from (its tree below the roots is kept)\n"                             \
    "  --openings FILE    roots besides the start position, one position a line (default: none)\n"                 \
    "  --expansions N     positions expanded, 0-100000000 (default 100)\n"                                          \
    "  --nodes N          nodes a search, 1-1000000000000 (default 1000000)\n"                                      \
    "  --threads T        searches at once (default 1; the book is the same whatever T)\n"                          \
    "  --max-ply P        no expansion deeper than P plies, 1-200 (default 40)\n"                                   \
    "  --max-dev CP       no move more than CP centi-men worse than the best, 0-10000 (default 50)\n"               \
    "  --ply-cost CP      the cost of a ply in the choice of what to expand, 0-10000 (default 8)\n"                 \
    "  --seconds S        stop after S seconds, 0-100000000 (default 0: no limit)\n"

/* The options of `engine book build` into b; false after saying why they are refused. */
static bool parse_build_options(BookBuildConfig *b, int argc, char **argv)
{
    *b = (BookBuildConfig){.expansions = 100, .nodes = 1000000, .threads = 1, .max_ply = 40, .max_dev = 50,
                           .ply_cost = 8, .checkpoint = 25};
    const OptSpec specs[] = {
        OPTS_TEXT("--out", &b->out),
        OPTS_TEXT("--in", &b->in),
        OPTS_TEXT("--openings", &b->openings),
        OPTS_INT("--expansions", &b->expansions, 0, 100000000),
        OPTS_INT("--nodes", &b->nodes, 1, OPTS_CAP(1000000000000)),
        OPTS_INT("--threads", &b->threads, 1, JOBS_MAX_THREADS),
        OPTS_INT("--max-ply", &b->max_ply, 1, 200),
        OPTS_INT("--max-dev", &b->max_dev, 0, 10000),
        OPTS_INT("--ply-cost", &b->ply_cost, 0, 10000),
        OPTS_INT("--checkpoint", &b->checkpoint, 1, 100000000),
        OPTS_INT("--seconds", &b->seconds, 0, 100000000),
        OPTS_END,
    };
    if (!opts_parse("book build", specs, argc, argv, 3, NULL, 0, 0))
        return false;
    if (!b->out)
        opts_refuse("book build", "--out FILE is required");
    return b->out != NULL;
}

int book_cli_build_main(int argc, char **argv)
{
    BookBuildConfig cfg;
    if (opts_help(argc, argv, 3, BOOK_BUILD_USAGE))
        return 0;
    if (!parse_build_options(&cfg, argc, argv))
        return OPTS_REFUSED;
    if (book_build_run(&cfg))
        return 0;
    fprintf(stderr, "engine book build: failed (out of memory, or a file could not be read or written)\n");
    return 1;
}

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
