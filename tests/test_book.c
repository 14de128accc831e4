/* The opening book: keys, the file format, the embedded book's consistency (every inner entry is
 * the negamax of its moves), move choice, and small builds (deterministic, resumable). */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "rules/rules.h"
#include "endgame/bitbase.h"
#include "opening/book.h"
#include "cli/book_cli.h"
#include "util/embed.h"
#include "eval/eval.h"
#include "rules/notation.h"
#include "opening/openings.h"
#include "learn/sample.h"
#include "rules/make.h"

static void pos_of(const char *text, Position *pos)
{
    assert_null(notation_parse_position(text, pos));
}

/* The key follows the position, not how it was reached; side to move and kings change it. */
static void test_key(void **state)
{
    (void)state;
    Position a, b, c, t;
    position_start(&a);
    Move m;
    char err[128];
    assert_int_equal(notation_parse_move(&a, "32-28", &m, err, sizeof err), PARSE_OK);
    make_move(&a, m, &t, true);
    pos_of("B:W28,31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:"
           "B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20", &b);
    assert_true(book_key(&t) == book_key(&b));
    pos_of("W:W28,31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:"
           "B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20", &c);
    assert_true(book_key(&c) != book_key(&b));
    pos_of("W:WK28:B1", &b);
    pos_of("W:W28:B1", &c);
    assert_true(book_key(&c) != book_key(&b));
}

static char *temp_path(const char *tag)
{
    static char path[8][64];
    static int next;
    char *p = path[next++ % 8];
    snprintf(p, 64, "/tmp/test_book_%s_%d.bin", tag, (int)getpid());
    return p;
}

/* Saved entries come back sorted; damaged files are refused with a reason. */
static void test_file_round_trip_and_damage(void **state)
{
    (void)state;
    BookEntry e[3] = {{.key = 30, .score = -250, .ply = 7, .inner = 1},
                      {.key = 10, .score = 12, .ply = 0, .inner = 0},
                      {.key = 20, .score = 32767, .ply = 255, .inner = 1}};
    const char *path = temp_path("rt");
    assert_true(book_save(path, e, 3));
    Book book;
    assert_true(book_load(path, &book));
    assert_int_equal(book.count, 3);
    assert_true(book.entries[0].key == 10 && book.entries[0].score == 12 && !book.entries[0].inner);
    assert_true(book.entries[1].key == 20 && book.entries[1].score == 32767 && book.entries[1].ply == 255);
    assert_true(book.entries[2].key == 30 && book.entries[2].score == -250 && book.entries[2].ply == 7);
    book_free(&book);
    size_t len;
    unsigned char *bytes = embed_read_file(path, &len);
    assert_non_null(bytes);
    assert_int_equal(len, BOOK_HEADER_BYTES + 3 * BOOK_ENTRY_BYTES);
    const char *why = NULL;
    assert_false(book_parse(bytes, len - 1, &book, &why));
    assert_non_null(why);
    bytes[BOOK_HEADER_BYTES + BOOK_ENTRY_BYTES + 11] = 2;   /* a bad flag */
    assert_false(book_parse(bytes, len, &book, &why));
    bytes[BOOK_HEADER_BYTES + BOOK_ENTRY_BYTES + 11] = 1;
    bytes[BOOK_HEADER_BYTES] = 25;   /* first key 25 > second key 20 */
    assert_false(book_parse(bytes, len, &book, &why));
    bytes[0] = 'X';
    assert_false(book_parse(bytes, len, &book, &why));
    free(bytes);
    unlink(path);
}

/* Every inner entry of a book reached from the start position and the roots has an entry per legal
 * move and scores their negamax; plies never skip (a child lies at most one ply deeper); the start
 * position is inner at ply 0. Returns the inner entries checked. */
static size_t assert_consistent(const Book *book, const Position *roots, int root_count)
{
    size_t inner = 0;
    Position start;
    position_start(&start);
    const BookEntry *root = book_find(book, &start);
    assert_true(root && root->inner && root->ply == 0);
    Position *queue = malloc((book->count + 1) * sizeof *queue);
    uint64_t *seen = calloc(book->count, sizeof *seen);
    assert_true(queue && seen);
    size_t head = 0, tail = 0;
    queue[tail++] = start;
    seen[root - book->entries] = 1;
    for (int i = 0; i < root_count; i++) {
        const BookEntry *e = book_find(book, &roots[i]);
        if (e && e->inner && !seen[e - book->entries]) {
            seen[e - book->entries] = 1;
            queue[tail++] = roots[i];
        }
    }
    while (head < tail) {
        Position pos = queue[head++];
        const BookEntry *e = book_find(book, &pos);
        BookMove moves[MAX_MOVES];
        int n = book_moves(book, &pos, moves);
        assert_true(n > 0);
        inner++;
        assert_int_equal(e->score, moves[0].score);
        for (int i = 0; i < n; i++) {
            Position next;
            make_move(&pos, moves[i].move, &next, true);
            const BookEntry *c = book_find(book, &next);
            assert_true(c->ply <= e->ply + 1);
            size_t k = (size_t)(c - book->entries);
            if (c->inner && !seen[k]) {
                seen[k] = 1;
                queue[tail++] = next;
            }
        }
    }
    free(queue);
    free(seen);
    return inner;
}

/* The embedded book grew from the start and the 3-move ballots: all of it is consistent, and
 * every ballot is an inner entry at ply 3 or less (each ballot is played in 3 plies or fewer). */
static void test_embedded_book(void **state)
{
    (void)state;
    const Book *book = book_embedded();
    Position *ballots;
    char err[256];
    int n = openings_load(NULL, VARIANT_NORMAL, &ballots, err, sizeof err);
    assert_true(n > 300);
    for (int i = 0; i < n; i++) {
        const BookEntry *e = book_find(book, &ballots[i]);
        assert_true(e && e->inner && e->ply >= 1 && e->ply <= 3);
    }
    size_t inner = 0;
    for (size_t i = 0; i < book->count; i++)
        inner += book->entries[i].inner;
    assert_int_equal(assert_consistent(book, ballots, n), inner);
    free(ballots);
}

/* book_pick: the best move with margin 0 or no generator, moves within the margin otherwise, none
 * at or beyond book-ply or outside the book. */
static void test_pick(void **state)
{
    (void)state;
    const Book *book = book_embedded();
    Position start, far;
    position_start(&start);
    BookMove moves[MAX_MOVES], pick;
    int n = book_moves(book, &start, moves);
    assert_true(n >= 2);
    assert_true(book_pick(book, &start, 40, 0, NULL, &pick));
    assert_true(pick.move == moves[0].move && pick.score == moves[0].score);
    uint64_t rng = 7;
    int seen_other = 0;
    for (int i = 0; i < 200; i++) {
        assert_true(book_pick(book, &start, 40, 100, &rng, &pick));
        int k = 0;
        while (moves[k].move != pick.move)
            k++;
        assert_true(pick.score >= moves[0].score - 100);
        seen_other |= k > 0;
    }
    assert_true(seen_other || moves[1].score < moves[0].score - 100);
    assert_false(book_pick(book, &start, 0, 0, NULL, &pick));
    pos_of("W:W28,33:B5,19,23", &far);
    assert_false(book_pick(book, &far, 40, 0, NULL, &pick));
}

static int build(const char *extra[], int extra_count)
{
    char *argv[32] = {"engine", "book", "build"};
    int argc = 3;
    for (int i = 0; i < extra_count; i++)
        argv[argc++] = (char *)extra[i];
    return book_cli_build_main(argc, argv);
}

static bool same_file(const char *a, const char *b)
{
    size_t la, lb;
    unsigned char *x = embed_read_file(a, &la), *y = embed_read_file(b, &lb);
    bool same = x && y && la == lb && memcmp(x, y, la) == 0;
    free(x);
    free(y);
    return same;
}

/* A small build from the start and two ballots: consistent, the ballots at their ply (3), the
 * same bytes on one thread or two, and 6 expansions then 4 more equal 10 straight. */
static void test_build_small(void **state)
{
    (void)state;
    const char *openings = temp_path("open");
    FILE *f = fopen(openings, "w");
    assert_non_null(f);
    fputs("B:W17,31,32,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,"
          "15,16,18,19,20\n# a comment\nB:W26,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:"
          "B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20\n", f);
    fclose(f);
    const char *one = temp_path("one"), *two = temp_path("two"), *part = temp_path("part");
    const char *a1[] = {"--out", one, "--openings", openings, "--expansions", "10", "--nodes", "3000"};
    const char *a2[] = {"--out", two, "--openings", openings, "--expansions", "10", "--nodes", "3000",
                        "--threads", "2", "--checkpoint", "3"};
    const char *a3[] = {"--out", part, "--openings", openings, "--expansions", "6", "--nodes", "3000"};
    const char *a4[] = {"--out", part, "--in", part, "--openings", openings, "--expansions", "4", "--nodes", "3000"};
    assert_int_equal(build(a1, 8), 0);
    assert_int_equal(build(a2, 12), 0);
    assert_int_equal(build(a3, 8), 0);
    assert_int_equal(build(a4, 10), 0);
    assert_true(same_file(one, two));
    assert_true(same_file(one, part));
    Book book;
    assert_true(book_load(one, &book));
    Position *roots;
    char err[256];
    assert_int_equal(openings_load(openings, VARIANT_NORMAL, &roots, err, sizeof err), 2);
    assert_int_equal(assert_consistent(&book, roots, 2), 10);
    free(roots);
    size_t inner = 0;
    for (size_t i = 0; i < book.count; i++)
        inner += book.entries[i].inner;
    assert_int_equal(inner, 10);
    Position ballot;
    pos_of("B:W26,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,"
           "16,17,18,19,20", &ballot);
    const BookEntry *e = book_find(&book, &ballot);
    assert_true(e && e->inner && e->ply == 1);
    book_free(&book);
    const char *bad[][4] = {{"--out", one, "--nodes", "0"}, {"--out", one, "--threads", "x"},
                            {"--expansions", "3", "--nodes", "10"}, {"--out", one, "--bogus", "1"}};
    for (int i = 0; i < 4; i++)
        assert_int_equal(build(bad[i], 4), 2);
    const char *missing[] = {"--out", one, "--in", "/nonexistent/book.bin"};
    assert_int_equal(build(missing, 4), 1);
    unlink(one);
    unlink(two);
    unlink(part);
    unlink(openings);
}

int main(void)
{
    rules_init();
    eval_init();
    bitbase_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_key),
        cmocka_unit_test(test_file_round_trip_and_damage),
        cmocka_unit_test(test_embedded_book),
        cmocka_unit_test(test_pick),
        cmocka_unit_test(test_build_small),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
