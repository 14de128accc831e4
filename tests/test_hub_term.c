/* Terminal commands for people: help, board, moves, play, think, lines, auto, undo, back, perft, eval,
 * bench, book. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "eval/score.h"
#include "rules/rules.h"
#include "opening/book.h"
#include "support/hub_test_util.h"
#include "rules/notation.h"

static void test_help(void **state)
{
    char *out = run(*state, "help\n");
    const char *words[] = {"hub", "set-param", "init", "pos", "level", "go", "stop", "ponder-hit", "ping",
                           "new-game", "quit", "board", "moves", "play", "think", "auto", "undo", "back", "perft",
                           "eval", "bench", "book", "lines"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        char key[32];
        snprintf(key, sizeof key, "  %s", words[i]);
        if (!strstr(out, key))
            fail_msg("help does not mention %s", words[i]);
    }
    assert_int_equal(count_lines(out, "error"), 0);
    free(out);
}

/* Whether help's text names the parameter name as its parameter list does: "name (...)". */
static bool names_param(const char *text, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = strstr(text, name); p; p = strstr(p + 1, name))
        if (p > text && p[-1] == ' ' && strncmp(p + n, " (", 2) == 0)
            return true;
    return false;
}

/* help names every parameter the loop takes: each one the handshake announces (set to its
 * announced value without an error, so set-param accepts it), and the search-NAME family. */
static void test_help_names_every_parameter(void **state)
{
    Hub *h = *state;
    char *hello = run(h, "hub\n");
    char *help = run(h, "help\n");
    char *params = strstr(help, "  set-param"), *end = params ? strstr(params, "\n  init") : NULL;
    assert_non_null(end);
    *end = '\0';   /* help's part on set-param */
    char line[512], name[64], value[64], cmd[160];
    int n = 0;
    for (; get_line(hello, "param name=", n, line, sizeof line); n++) {
        assert_int_equal(sscanf(line, "param name=%63s value=%63s", name, value), 2);
        snprintf(cmd, sizeof cmd, "set-param name=%s value=%s\n", name, value);
        char *out = run(h, cmd);
        if (count_lines(out, "error") != 0)
            fail_msg("set-param name=%s value=%s is refused: %s", name, value, out);
        free(out);
        if (!names_param(params, name))
            fail_msg("help does not name the parameter %s", name);
    }
    assert_true(n > 0);
    char *out = run(h, "set-param name=search-lmr value=125\n");
    assert_int_equal(count_lines(out, "error"), 0);
    assert_true(names_param(params, "search-NAME"));
    free(out);
    free(help);
    free(hello);
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
    score_format(moves[0].score, score, sizeof score);
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

    out = run(h, "play\nback 0\nback 6\nback -1\nback 2x\nback n=-1\n");
    assert_int_equal(count_lines(out, "error message="), 6);
    assert_int_equal(h->game.ply, 5);
    free(out);

    out = run(h, "back\nback 2\nback n=2\nback\n");
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

/* The first line of out starting with prefix (which must exist), into buf. */
static void first_line(const char *out, const char *prefix, char *buf, size_t size)
{
    if (!get_line(out, prefix, 0, buf, size))
        fail_msg("no line starting with \"%s\" in:\n%s", prefix, out);
}

/* The move m is one of the legal moves of pos. */
static void assert_legal(const Position *pos, Move m)
{
    MoveList list;
    movegen_generate(pos, &list);
    bool found = false;
    for (int i = 0; i < list.count; i++)
        found |= list.moves[i] == m;
    assert_true(found);
}

/* think searches, plays a legal move and shows it: the side to move changes, the board follows. */
static void test_think_plays_a_move(void **state)
{
    Hub *h = *state;
    char *out = run(h, "set-param name=book value=false\nlevel depth=3\nplay 32-28\nthink\n");
    assert_int_equal(count_lines(out, "error"), 0);
    assert_int_equal(h->game.ply, 2);
    assert_int_equal(game_position(&h->game)->turn, WHITE);
    assert_legal(&h->game.pos[1], h->game.moves[1]);
    char line[512], text[MOVE_TEXT_MAX], want[MOVE_TEXT_MAX + 64];
    notation_format_move(&h->game.pos[1], h->game.moves[1], text);
    snprintf(want, sizeof want, "think move=%s source=search score=", text);
    first_line(out, "think ", line, sizeof line);
    assert_non_null(strstr(line, want));
    assert_non_null(strstr(line, " depth="));
    assert_int_equal(line_index(out, "think ", 0) + 13, line_index(out, "board ply=2 side=white", 0));
    assert_int_equal(count_lines(out, "game-over"), 0);
    free(out);
}

/* At the start, with the book on, think plays one of the book's moves. */
static void test_think_from_book(void **state)
{
    Hub *h = *state;
    char *out = run(h, "think\n");
    assert_int_equal(h->game.ply, 1);
    BookMove moves[MAX_MOVES];
    int n = book_moves(book_embedded(), &h->game.pos[0], moves), found = 0;
    for (int i = 0; i < n; i++)
        found += moves[i].move == h->game.moves[0];
    assert_int_equal(found, 1);
    assert_int_equal(count_lines(out, "think move="), 1);
    char line[512];
    first_line(out, "think ", line, sizeof line);
    assert_non_null(strstr(line, " source=book score="));
    free(out);
}

/* think makes the only move at once and says when it ended the game. */
static void test_think_ends_the_game(void **state)
{
    Hub *h = *state;
    char *out = run(h, "pos fen=W:W28:B23\nthink\n");
    assert_int_equal(h->game.ply, 1);
    assert_non_null(strstr(out, "think move=28x19x23 source=only\n"));
    assert_non_null(strstr(out, "game-over status=\"no legal move\" result=\"White wins\"\n"));
    free(out);
}

/* On a finished game (no legal move, a draw by the rules) think refuses and plays nothing. */
static void test_think_refuses_finished_game(void **state)
{
    Hub *h = *state;
    char *out = run(h, "pos fen=W:W46:B37,41\nthink\n");
    assert_int_equal(h->game.ply, 0);
    assert_int_equal(count_lines(out, "error message="), 1);
    assert_non_null(strstr(out, "think: the game is over (no legal move: Black wins)"));
    assert_int_equal(count_lines(out, "think "), 0);
    free(out);
    out = run(h, "pos fen=W:WK50:BK1\nplay 50-45 1-6 45-50 6-1 50-45 1-6 45-50 6-1\nthink\n");
    assert_int_equal(h->game.ply, 8);
    assert_non_null(strstr(out, "think: the game is over (threefold repetition: draw)"));
    free(out);
    out = run(h, "set-param name=variant value=losing\npos fen=W:W46:B37,41\nthink\nthink x\n");
    assert_non_null(strstr(out, "think: the game is over (no legal move, which wins: White wins)"));
    assert_non_null(strstr(out, "think takes no arguments"));
    assert_int_equal(h->game.ply, 0);
    free(out);
}

/* undo after think takes back the engine's reply and the person's move; a lone ply goes alone;
 * an empty history has nothing to undo; back takes back single plies. */
static void test_undo_pairs(void **state)
{
    Hub *h = *state;
    char *out = run(h, "undo\n");
    assert_non_null(strstr(out, "error message=\"undo: nothing to undo, no move has been played\"\n"));
    free(out);

    out = run(h, "set-param name=book value=false\nlevel depth=2\nplay 32-28\nthink\nundo\n");
    assert_int_equal(h->game.ply, 0);
    Position start;
    position_start(&start);
    assert_true(game_position(&h->game)->key == start.key);
    assert_int_equal(line_index(out, "position ply=0 side=white", 0), total_lines(out) - 1);
    free(out);

    out = run(h, "play 32-28\nundo\nplay 31-26 19-23 37-31 14-19 41-37\nundo 2\nundo 3\nundo n=0\n");
    assert_int_equal(count_lines(out, "position ply=0 "), 1);
    assert_int_equal(line_index(out, "position ply=1 ", 1), 3);   /* 5 plies less 2 pairs */
    assert_int_equal(count_lines(out, "error message=\"undo count: "), 2);
    assert_int_equal(h->game.ply, 1);
    free(out);

    out = run(h, "play 19-23\nback\n");
    assert_int_equal(h->game.ply, 1);
    assert_int_equal(game_position(&h->game)->turn, BLACK);
    free(out);
}

/* auto on: every play is answered by the engine; auto off: not any more. */
static void test_auto_reply(void **state)
{
    Hub *h = *state;
    char *out = run(h, "set-param name=book value=false\nlevel depth=2\nauto on\nplay 32-28\n");
    assert_int_equal(h->game.ply, 2);
    assert_int_equal(count_lines(out, "think move="), 1);
    assert_true(line_index(out, "position ply=1", 0) < line_index(out, "think move=", 0));
    assert_legal(&h->game.pos[1], h->game.moves[1]);
    free(out);
    out = run(h, "auto off\npos start\nplay 32-28\nauto maybe\n");
    assert_int_equal(h->game.ply, 1);
    assert_int_equal(count_lines(out, "think move="), 0);
    assert_non_null(strstr(out, "error message=\"auto needs on or off (now off)\""));
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
    out = run(*state, "set-param name=eval value=net\neval\n");   /* and the network's verdict */
    assert_int_equal(count_lines(out, "eval net total="), 1);
    assert_int_equal(count_lines(out, "error"), 0);
    free(out);
}

/* bench: a parseable line a position with its time, the note on nps, then the total (its nodes
 * the positions' sum) last; a bad depth is refused. */
static void test_bench(void **state)
{
    char *out = run(*state, "bench depth=1\nbench depth=0\n");
    int positions = count_lines(out, "bench position=");
    assert_true(positions >= 1);
    char line[256], move[MOVE_TEXT_MAX];
    unsigned long long nodes, sum = 0;
    int index, depth;
    double time, nps;
    for (int i = 0; i < positions; i++) {
        assert_true(get_line(out, "bench position=", i, line, sizeof line));
        assert_int_equal(sscanf(line, "bench position=%d depth=%d nodes=%llu time=%lf move=%95s", &index, &depth,
                                &nodes, &time, move), 5);
        assert_int_equal(index, i + 1);
        assert_int_equal(depth, 1);
        assert_true(time >= 0);
        sum += nodes;
    }
    assert_int_equal(line_index(out, "bench note=", 0), positions);
    assert_int_equal(line_index(out, "bench nodes=", 0), positions + 1);
    assert_true(get_line(out, "bench nodes=", 0, line, sizeof line));
    assert_int_equal(sscanf(line, "bench nodes=%llu time=%lf nps=%lf depth=%d", &nodes, &time, &nps, &depth), 4);
    assert_true(nodes == sum);
    assert_int_equal(depth, 1);
    assert_int_equal(count_lines(out, "bench nodes="), 1);
    assert_int_equal(count_lines(out, "error message="), 1);
    free(out);
}

/* lines N: a header with the count and depth, then N ranked lines, scores non-increasing, each
 * starting with a distinct legal move; the game is not changed. Bad counts are refused. */
static void test_lines(void **state)
{
    Hub *h = *state;
    char *out = run_searching(h, "level depth=4\nlines 4\n");
    assert_int_equal(count_lines(out, "error"), 0);
    assert_int_equal(h->game.ply, 0);
    assert_int_equal(line_index(out, "lines count=4 depth=4 ", 0), 0);
    assert_int_equal(total_lines(out), 5);
    char *line = strtok(out, "\n");
    double prev = 1e9;
    Move seen[4];
    for (int i = 0; i < 4; i++) {
        line = strtok(NULL, "\n");
        int rank, pos = 0;
        double score;
        char move[MOVE_TEXT_MAX], err[256];
        assert_int_equal(sscanf(line, "%d. %lf %95s%n", &rank, &score, move, &pos), 3);
        assert_int_equal(rank, i + 1);
        assert_true(score <= prev);
        prev = score;
        assert_int_equal(notation_parse_move(game_position(&h->game), move, &seen[i], err, sizeof err), PARSE_OK);
        for (int j = 0; j < i; j++)
            assert_true(seen[j] != seen[i]);
    }
    free(out);
    out = run_searching(h, "lines\n");
    assert_int_equal(line_index(out, "lines count=3 ", 0), 0);
    free(out);
    const char *bad[] = {"lines 0", "lines 11", "lines n=-2"};
    assert_each_one_error(h, bad, sizeof bad / sizeof bad[0]);
}

int main(void)
{
    rules_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_help, setup, teardown),
        cmocka_unit_test_setup_teardown(test_help_names_every_parameter, setup, teardown),
        cmocka_unit_test_setup_teardown(test_board, setup, teardown),
        cmocka_unit_test_setup_teardown(test_moves, setup, teardown),
        cmocka_unit_test_setup_teardown(test_book, setup, teardown),
        cmocka_unit_test_setup_teardown(test_play_and_undo, setup, teardown),
        cmocka_unit_test_setup_teardown(test_play_repetition, setup, teardown),
        cmocka_unit_test_setup_teardown(test_think_plays_a_move, setup, teardown),
        cmocka_unit_test_setup_teardown(test_think_from_book, setup, teardown),
        cmocka_unit_test_setup_teardown(test_lines, setup, teardown),
        cmocka_unit_test_setup_teardown(test_think_ends_the_game, setup, teardown),
        cmocka_unit_test_setup_teardown(test_think_refuses_finished_game, setup, teardown),
        cmocka_unit_test_setup_teardown(test_undo_pairs, setup, teardown),
        cmocka_unit_test_setup_teardown(test_auto_reply, setup, teardown),
        cmocka_unit_test_setup_teardown(test_perft, setup, teardown),
        cmocka_unit_test_setup_teardown(test_eval, setup, teardown),
        cmocka_unit_test_setup_teardown(test_bench, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
