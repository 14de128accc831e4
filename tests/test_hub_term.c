/* Terminal commands for people: help, board, moves, play, undo, perft, eval, bench, book. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "rules/rules.h"
#include "opening/book.h"
#include "hub_test_util.h"
#include "rules/notation.h"

static void test_help(void **state)
{
    char *out = run(*state, "help\n");
    const char *words[] = {"hub", "set-param", "init", "pos", "level", "go", "stop", "ponder-hit", "ping",
                           "new-game", "quit", "board", "moves", "play", "undo", "perft", "eval", "bench", "book"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        char key[32];
        snprintf(key, sizeof key, "  %s", words[i]);
        if (!strstr(out, key))
            fail_msg("help does not mention %s", words[i]);
    }
    assert_int_equal(count_lines(out, "error"), 0);
    free(out);
}

static void test_board(void **state)
{
    char *out = run(*state, "pos fen=B:WK3,31:B20,45\nboard\n");
    assert_int_equal(total_lines(out), 14);
    /* Row 1 holds squares 1-5 on the light-dark pattern; a white king stands on 3. */
    assert_non_null(strstr(out, "  |    .     .     W     .     . |    |    1     2     3     4     5 |\n"));
    assert_non_null(strstr(out, "  | .     .     .     .     b    |    |16    17    18    19    20    |\n"));
    assert_non_null(strstr(out, "  |    w     .     .     .     . |"));
    assert_non_null(strstr(out, "board ply=0 side=black status=ongoing fen=B:WK3,31:B20,45\n"));
    assert_non_null(strstr(out, "board pos=BeeWeeeeeeeeeeeeeeeebeeeeeeeeeeweeeeeeeeeeeeebeeeee\n"));
    free(out);
}

/* book lists the embedded book's moves, best first, as book_moves gives them; count=0 elsewhere. */
static void test_book(void **state)
{
    Position start;
    position_start(&start);
    BookMove moves[MAX_MOVES];
    int n = book_moves(book_embedded(), &start, moves);
    assert_true(n > 0);
    char want[256], text[MOVE_TEXT_MAX], score[16];
    notation_format_move(&start, moves[0].move, text);
    search_format_score(moves[0].score, score, sizeof score);
    snprintf(want, sizeof want, "book count=%d ply=0 moves=\"%s:%s ", n, text, score);
    char *out = run(*state, "book\npos fen=W:W28:B23,5\nbook\n");
    assert_int_equal(line_index(out, want, 0), 0);
    assert_int_equal(line_index(out, "book count=0", 0), 1);
    assert_int_equal(total_lines(out), 2);
    free(out);
}

static void test_moves(void **state)
{
    char *out = run(*state, "moves\npos fen=W:W28:B23,5\nmoves\npos fen=W:B1\nmoves\n");
    assert_string_equal(out, "moves count=9 list=\"31-26 31-27 32-27 32-28 33-28 33-29 34-29 34-30 35-30\"\n"
                             "moves count=1 list=28x19x23\n"
                             "moves count=0 list=\"\"\n");
    free(out);
}

static void test_play_and_undo(void **state)
{
    Hub *h = *state;
    char *out = run(h, "play 32-28 19-23\nplay moves=\"28x19x23\"\n");
    assert_int_equal(h->game.ply, 3);
    assert_int_equal(count_lines(out, "position ply="), 2);
    assert_int_equal(count_lines(out, "error"), 0);
    free(out);

    out = run(h, "play 14x23x19 31-27 zz 40-35\n");   /* stops at zz, keeping the two before it */
    assert_int_equal(h->game.ply, 5);
    assert_int_equal(line_index(out, "error message=", 0), 0);
    assert_non_null(strstr(out, "move 3: cannot read move 'zz'"));
    assert_int_equal(count_lines(out, "position ply=5"), 1);
    free(out);

    out = run(h, "play\nundo 0\nundo 6\nundo -1\nundo 2x\nundo n=-1\n");
    assert_int_equal(count_lines(out, "error message="), 6);
    assert_int_equal(h->game.ply, 5);
    free(out);

    out = run(h, "undo\nundo 2\nundo n=2\nundo\n");
    assert_int_equal(h->game.ply, 0);
    assert_int_equal(count_lines(out, "position ply="), 3);
    assert_int_equal(count_lines(out, "error message="), 1);
    Position start;
    position_start(&start);
    assert_true(game_position(&h->game)->key == start.key);
    free(out);
}

/* play keeps the history, so a repetition made at the terminal is recognised. */
static void test_play_repetition(void **state)
{
    Hub *h = *state;
    char *out = run(h, "pos fen=W:WK50:BK1\nplay 50-45 1-6 45-50 6-1 50-45 1-6 45-50 6-1\n");
    assert_non_null(strstr(out, "position ply=8 side=white status=\"threefold repetition\""));
    free(out);
    out = run(h, "set-param name=variant value=bt\npos fen=W:W7,45:B30\nplay 7-2\n");
    assert_non_null(strstr(out, "position ply=1 side=black status=\"the opponent crowned a king\" fen=B:WK2,45:B30 "
                                "variant=bt\n"));
    free(out);
}

static void test_perft(void **state)
{
    char *out = run(*state, "perft depth=3\nperft 2\nperft depth=2 divide\n"
                            "perft\nperft depth=99\nperft depth=x\n");
    assert_int_equal(line_index(out, "perft depth=3 nodes=658 ", 0), 0);
    assert_int_equal(line_index(out, "perft depth=2 nodes=81 ", 0), 1);
    assert_int_equal(line_index(out, "31-26 9", 0), 2);
    assert_int_equal(line_index(out, "perft depth=2 nodes=81 ", 1), 11);
    assert_int_equal(count_lines(out, "error message="), 3);
    free(out);
}

static void test_eval(void **state)
{
    char *out = run(*state, "pos fen=W:W31,32,K45:B1\neval\n");
    assert_true(count_lines(out, "eval ") >= 2);
    assert_non_null(strstr(out, "eval total="));
    assert_int_equal(count_lines(out, "error"), 0);
    free(out);
}

static void test_bench(void **state)
{
    char *out = run(*state, "bench depth=1\nbench depth=0\n");
    assert_int_equal(count_lines(out, "bench nodes="), 1);
    assert_true(count_lines(out, "bench position=") >= 1);
    assert_int_equal(count_lines(out, "error message="), 1);
    free(out);
}

int main(void)
{
    rules_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_help, setup, teardown),
        cmocka_unit_test_setup_teardown(test_board, setup, teardown),
        cmocka_unit_test_setup_teardown(test_moves, setup, teardown),
        cmocka_unit_test_setup_teardown(test_book, setup, teardown),
        cmocka_unit_test_setup_teardown(test_play_and_undo, setup, teardown),
        cmocka_unit_test_setup_teardown(test_play_repetition, setup, teardown),
        cmocka_unit_test_setup_teardown(test_perft, setup, teardown),
        cmocka_unit_test_setup_teardown(test_eval, setup, teardown),
        cmocka_unit_test_setup_teardown(test_bench, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
