/* Hub protocol commands and bad input, driven through in-memory streams. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "rules/rules.h"
#include "endgame/bitbase.h"
#include "eval/score.h"
#include "opening/book.h"
#include "support/hub_test_util.h"
#include "rules/notation.h"
#include "eval/eval_weights.h"
#include "eval/net_file.h"
#include "eval/net_weights.h"
#include <stdio.h>
#include <unistd.h>

/* The position string of the hub's current position. */
static void current_hub_string(Hub *h, char *buf)
{
    notation_format_hub(game_position(&h->game), buf);
}

static void test_handshake(void **state)
{
    char *out = run(*state, "hub\n");
    char want[1024];
    snprintf(want, sizeof want,
             "id name=Zwaluw version=1.0 author=\"The Zwaluw authors\" country=unknown\n"
             "param name=tt-size value=64 type=int min=1 max=16384\n"
             "param name=ponder value=false type=bool\n"
             "param name=variant value=normal type=enum values=\"normal killer bt frisian losing\"\n"
             "param name=bb-size value=%d type=int min=0 max=%d\n"
             "param name=book value=true type=bool\n"
             "param name=book-ply value=40 type=int min=0 max=100\n"
             "param name=book-margin value=4 type=int min=0 max=100\n"
             "param name=multipv value=1 type=int min=1 max=10\n"
             "param name=skill value=20 type=int min=1 max=20\n"
             "param name=seed value=0 type=int min=0 max=2147483647\n"
             "param name=threads value=1 type=int min=1 max=256\n"
             "param name=eval value=patterns type=enum values=\"patterns net\"\n"
             "wait\n",
             bitbase_pieces(), bitbase_pieces());
    assert_true(bitbase_pieces() >= 4);
    assert_string_equal(out, want);
    assert_all_lines_parse(out);
    free(out);
}

static void test_set_param_valid(void **state)
{
    Hub *h = *state;
    char *out = run(h, "set-param name=tt-size value=128\nset-param name=ponder value=true\n"
                       "set-param name=variant value=normal\nhub\n");
    assert_int_equal(h->tt_mib, 128);
    assert_true(h->ponder);
    assert_int_equal(count_lines(out, "error"), 0);
    assert_int_equal(line_index(out, "param name=tt-size value=128 ", 0), 1);
    assert_int_equal(line_index(out, "param name=ponder value=true ", 0), 2);
    free(out);
    out = run(h, "set-param name=bb-size value=2\nhub\n");
    assert_int_equal(h->params.bb_size, 2);
    assert_int_equal(count_lines(out, "error"), 0);
    assert_int_equal(line_index(out, "param name=bb-size value=2 ", 0), 4);
    free(out);
    out = run(h, "set-param name=book value=false\nset-param name=book-ply value=0\n"
                 "set-param name=book-margin value=100\nhub\n");
    assert_false(h->book);
    assert_int_equal(h->book_ply, 0);
    assert_int_equal(h->book_margin, 100);
    assert_int_equal(count_lines(out, "error"), 0);
    assert_int_equal(line_index(out, "param name=book value=false ", 0), 5);
    assert_int_equal(line_index(out, "param name=book-ply value=0 ", 0), 6);
    assert_int_equal(line_index(out, "param name=book-margin value=100 ", 0), 7);
    free(out);
    out = run(h, "set-param name=multipv value=10\nset-param name=multipv value=1\nset-param name=multipv value=3\nhub\n");
    assert_int_equal(h->multipv, 3);
    assert_int_equal(count_lines(out, "error"), 0);
    assert_int_equal(line_index(out, "param name=multipv value=3 ", 0), 8);
    free(out);
    out = run(h, "set-param name=multipv value=11\n");
    assert_non_null(strstr(out, "multipv '11' is not an integer from 1 to 10 (lines); keeping 3"));
    assert_int_equal(h->multipv, 3);
    free(out);
}

/* The table is allocated by init with the size set before it; later sizes resize it at once. */
static void test_set_param_and_init(void **state)
{
    Hub *h = *state;
    char *out = run(h, "set-param name=tt-size value=8\n");
    assert_string_equal(out, "");
    assert_null(h->search);
    free(out);
    out = run(h, "init\n");
    assert_string_equal(out, "ready\n");
    assert_non_null(h->search);
    free(out);
    out = run(h, "set-param name=tt-size value=4\nset-param name=tt-size value=0\nnew-game\n");
    assert_int_equal(count_lines(out, "error message="), 1);
    assert_int_equal(total_lines(out), 1);
    assert_int_equal(h->tt_mib, 4);
    free(out);
}

static void test_set_param_invalid(void **state)
{
    Hub *h = *state;
    const char *bad[] = {
        "set-param name=tt-size value=abc", "set-param name=tt-size value=0",
        "set-param name=tt-size value=16385", "set-param name=tt-size value=-64",
        "set-param name=tt-size value=", "set-param name=tt-size value=1e3",
        "set-param name=ponder value=yes", "set-param name=ponder value=TRUE",
        "set-param name=threads value=0", "set-param name=threads value=257", "set-param name=threads value=two",
        "set-param name=variant value=brazilian", "set-param name=bogus value=true",
        "set-param name=tt-size", "set-param value=3", "set-param",
        "set-param name=bb-size value=7", "set-param name=bb-size value=-1", "set-param name=bb-size value=x",
        "set-param name=book value=1", "set-param name=book value=", "set-param name=book-ply value=101",
        "set-param name=book-ply value=-1", "set-param name=book-margin value=x", "set-param name=book-margin value=1000",
        "set-param name=multipv value=0", "set-param name=multipv value=11", "set-param name=multipv value=abc",
        "set-param name=multipv value=", "set-param name=multipv value=2.5",
    };
    assert_each_one_error(h, bad, sizeof bad / sizeof bad[0]);
    assert_int_equal(h->tt_mib, HUB_TT_DEFAULT_MIB);
    assert_false(h->ponder);
    assert_true(h->book);
    assert_int_equal(h->book_ply, HUB_BOOK_PLY_DEFAULT);
    assert_int_equal(h->book_margin, HUB_BOOK_MARGIN_DEFAULT);
    assert_int_equal(h->multipv, 1);
    char *out = run(h, "set-param name=bogus value=true\n");
    assert_non_null(strstr(out, "unknown parameter 'bogus'"));
    /* the message names every parameter the handshake announces, and the search-NAME family */
    char *hello = run(h, "hub\n"), line[512], name[64], word[80];
    int n = 0;
    for (; get_line(hello, "param name=", n, line, sizeof line); n++) {
        assert_int_equal(sscanf(line, "param name=%63s", name), 1);
        snprintf(word, sizeof word, " %s ", name);
        if (!strstr(out, word))
            fail_msg("the unknown-parameter message does not name %s: %s", name, out);
    }
    assert_int_equal(n, 12);
    assert_non_null(strstr(out, " search-NAME)"));
    free(hello);
    free(out);
}

/* The eval parameter: net searches with the process's network (the embedded one unless a file
 * took its place: another best line than the patterns' at the same depth), and patterns comes
 * back. */
/* A residual network fitted on other patterns than those in use is refused with one error, and
 * the evaluation stays the patterns; fitted on these, it is taken. */
static void test_eval_net_of_other_patterns(void **state)
{
    Hub *h = *state;
    NetModel m;
    assert_true(net_alloc(&m, 32, 8, 1, false));
    m.residual = true;
    m.base_crc = eval_weights_crc(VARIANT_NORMAL) ^ 1;
    char path[] = "/tmp/test_hub_net_XXXXXX", why[256];
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    assert_true(net_file_save(&m, path, why, sizeof why));
    assert_true(net_weights_use_file(path, why, sizeof why));
    char *out = run(h, "set-param name=eval value=net\n");
    assert_int_equal(count_lines(out, "error"), 1);
    assert_non_null(strstr(out, "corrects the patterns of weight file"));
    assert_null(h->params.net);
    free(out);
    m.base_crc ^= 1;
    assert_true(net_file_save(&m, path, why, sizeof why));
    assert_true(net_weights_use_file(path, why, sizeof why));
    out = run(h, "set-param name=eval value=net\n");
    assert_int_equal(count_lines(out, "error"), 0);
    assert_ptr_equal(h->params.net, net_weights());
    free(out);
    unlink(path);
    net_free(&m);
}

static void test_eval_param(void **state)
{
    Hub *h = *state;
    const char *go = "pos fen=W:W27,28,31,32,33,36,37,38,42:B8,12,13,17,18,19,22,23,24\nlevel depth=6\ngo analyze\n";
    char *out = run(h, "set-param name=eval value=foo\n");
    assert_non_null(strstr(out, "is not patterns or net"));
    assert_null(h->params.net);
    free(out);
    char *patterns = run(h, go);
    out = run(h, "set-param name=eval value=net\nhub\n");
    assert_int_equal(count_lines(out, "error"), 0);
    assert_true(line_index(out, "param name=eval value=net type=enum values=\"patterns net\"", 0) >= 0);
    assert_ptr_equal(h->params.net, net_weights());
    free(out);
    char *net = run(h, go);
    assert_true(line_index(net, "done move=", 0) >= 0);
    /* the first depth: an end of input may stop a slow build's search after it */
    char a[512], b[512];
    assert_true(get_line(patterns, "info depth=1 ", 0, a, sizeof a));
    assert_true(get_line(net, "info depth=1 ", 0, b, sizeof b));
    assert_string_not_equal(a, b);   /* another evaluation, another score */
    free(run(h, "set-param name=eval value=patterns\n"));
    assert_null(h->params.net);
    free(patterns);
    free(net);
}

/* The variant parameter: positions, moves and answers follow the rules set; a change of rules
 * starts over from the start position; a position impossible under the rules is refused. */
static void test_variants(void **state)
{
    Hub *h = *state;
    char *out = run(h, "set-param name=variant value=frisian\nhub\npos fen=W:W33:B34\ngo think\n");
    assert_int_equal(h->variant, VARIANT_FRISIAN);
    assert_int_equal(count_lines(out, "error"), 0);
    assert_true(line_index(out, "param name=variant value=frisian ", 0) >= 0);
    assert_true(line_index(out, "done move=33x35x34", 0) >= 0);   /* a capture along the row */
    free(out);
    out = run(h, "pos fen=W:W33:B34 moves=33-28\n");   /* legal in normal, not in frisian */
    assert_int_equal(count_lines(out, "error"), 1);
    free(out);
    out = run(h, "set-param name=variant value=bt\npos fen=W:WK33:B34\n");
    assert_int_equal(count_lines(out, "error"), 1);
    assert_non_null(strstr(out, "breakthrough"));
    free(out);
    out = run(h, "pos fen=W:W7,45:B30 moves=7-2\ngo think\n");
    assert_int_equal(count_lines(out, "error"), 1);
    assert_non_null(strstr(out, "White crowned a king"));
    free(out);
    out = run(h, "set-param name=variant value=losing\npos fen=W:W28:B23\ngo think\n");
    assert_true(line_index(out, "done move=28x19x23", 0) >= 0);
    assert_int_equal(position_variant(game_position(&h->game)), VARIANT_LOSING);
    free(out);
    out = run(h, "set-param name=variant value=normal\n");
    assert_int_equal(position_variant(game_position(&h->game)), VARIANT_NORMAL);
    assert_int_equal(h->game.ply, 0);
    free(out);
}

/* Undeclared search-NAME parameters set SearchParams fields, before init and after it. */
static void test_set_param_search_params(void **state)
{
    Hub *h = *state;
    char *out = run(h, "set-param name=search-lmr value=0\n");
    assert_string_equal(out, "");
    assert_int_equal(h->params.lmr, 0);
    free(out);
    out = run(h, "init\nset-param name=search-spare_offers value=0\n");
    assert_string_equal(out, "ready\n");
    assert_int_equal(search_params(h->search)->lmr, 0);
    assert_int_equal(search_params(h->search)->spare_offers, 0);
    free(out);
    const char *bad[] = {"set-param name=search-bogus value=1", "set-param name=search-lmr value=-1",
                         "set-param name=search-prune value=x", "set-param name=search- value=1"};
    assert_each_one_error(h, bad, sizeof bad / sizeof bad[0]);
    assert_int_equal(search_params(h->search)->lmr, 0);
}

static void test_init_ping_quit(void **state)
{
    char *out = run(*state, "init\nping\nquit\nping\n");
    assert_string_equal(out, "ready\npong\n");
    free(out);
}

static void test_pos_and_moves(void **state)
{
    Hub *h = *state;
    char *out = run(h, "pos pos=" START_HUB " moves=\"32-28 19-23 28x19x23 14x23x19\"\n");
    assert_string_equal(out, "");
    assert_int_equal(h->game.ply, 4);
    char buf[HUB_POS_LEN + 1];
    current_hub_string(h, buf);
    assert_string_equal(buf, "Wbbbbbbbbbbbbbebbbbebeebeeeeeeewewwwwwwwwwwwwwwwwww");
    free(out);

    out = run(h, "pos fen=W:W31,32:B1,2\n");
    assert_string_equal(out, "");
    assert_int_equal(h->game.ply, 0);
    assert_int_equal(bb_popcount(game_position(&h->game)->pieces[WHITE]), 2);
    free(out);

    out = run(h, "pos start moves=32-28\n");
    assert_int_equal(h->game.ply, 1);
    assert_int_equal(game_position(&h->game)->turn, BLACK);
    free(out);

    /* a capture as the PDN path of its landing squares: the king's route over 40, not over 34 */
    out = run(h, "pos fen=W:W14,K16:B8,12,19,21,34,40 moves=16x49x35x13x2\n");
    assert_string_equal(out, "");
    assert_true(game_position(&h->game)->pieces[BLACK] == (bb_square(12) | bb_square(34)));
    free(out);
}

/* Moves sent with pos are kept as history, so a repetition inside them is seen. */
static void test_pos_moves_keep_history(void **state)
{
    Hub *h = *state;
    char *out = run(h, "pos fen=W:WK50:BK1 moves=\"50-45 1-6 45-50 6-1 50-45 1-6 45-50 6-1\"\n");
    assert_string_equal(out, "");
    assert_int_equal(h->game.ply, 8);
    assert_int_equal(game_repetitions(&h->game), 3);
    assert_int_equal(game_status(&h->game), GAME_DRAW_REPETITION);
    free(out);
}

static void test_pos_bad_moves(void **state)
{
    Hub *h = *state;
    char *out = run(h, "pos pos=" START_HUB " moves=\"32-28 19-23 28-22 14x23x19\"\n");
    assert_int_equal(total_lines(out), 1);
    assert_non_null(strstr(out, "move 3"));
    assert_non_null(strstr(out, "28-22"));
    assert_int_equal(h->game.ply, 2);
    free(out);

    out = run(h, "pos start moves=\"32-28 bogus\"\n");
    assert_int_equal(total_lines(out), 1);
    assert_non_null(strstr(out, "bogus"));
    assert_int_equal(h->game.ply, 1);
    free(out);

    out = run(h, "pos start moves=\"99-98\"\n");
    assert_int_equal(count_lines(out, "error message="), 1);
    assert_int_equal(h->game.ply, 0);
    free(out);
}

/* An empty moves list is no move; a list longer than the game can hold stops with an error. */
static void test_pos_moves_limits(void **state)
{
    Hub *h = *state;
    char *out = run(h, "pos start moves=\"\"\n");
    assert_string_equal(out, "");
    assert_int_equal(h->game.ply, 0);
    free(out);
    size_t size = 8 * GAME_MAX_PLIES + 64;
    char *line = malloc(size);
    strcpy(line, "pos fen=W:WK50:BK1 moves=\"");
    for (int i = 0; i < GAME_MAX_PLIES / 4 + 1; i++)
        strcat(line, "50-45 1-6 45-50 6-1 ");
    strcat(line, "\"\n");
    out = run(h, line);
    assert_int_equal(count_lines(out, "error message="), 1);
    assert_non_null(strstr(out, "no room for move"));
    assert_int_equal(h->game.ply, GAME_MAX_PLIES - 1);
    free(out);
    free(line);
}

static void test_pos_bad_position_keeps_previous(void **state)
{
    Hub *h = *state;
    const char *bad[] = {
        "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwww",     /* 50 characters */
        "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwwww",   /* 52 characters */
        "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeexwwwwwwwwwwwwwwwwwww",    /* x */
        "pos pos=Xbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww",    /* side X */
        "pos pos=Wwbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww",    /* white man on 1 */
        "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwwb",    /* black man on 50 */
        "pos fen=W:W3:B20", "pos fen=W:W31:B31", "pos fen=nonsense", "pos pos=", "pos",
        "pos moves=32-28",
    };
    free(run(h, "pos start moves=\"32-28 19-23\"\nlevel depth=3\n"));
    assert_each_one_error(h, bad, sizeof bad / sizeof bad[0]);
    assert_int_equal(h->game.ply, 2);
    assert_int_equal(h->limits.depth, 3);
    char *out = run(h, "pos pos=Wwbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww\n");
    assert_non_null(strstr(out, "squares 1-5"));
    free(out);
}

static void test_level_forms(void **state)
{
    Hub *h = *state;
    char *out = run(h, "level depth=7\n");
    assert_int_equal(h->limits.depth, 7);
    free(out);
    out = run(h, "pos start\nlevel nodes=123456\n");
    assert_int_equal(h->limits.depth, 0);
    assert_int_equal(h->limits.nodes, 123456);
    free(out);
    out = run(h, "pos start\nlevel move-time=1.5\n");
    assert_true(h->limits.move_time == 1.5);
    free(out);
    out = run(h, "pos start\nlevel time=291.587\n");
    assert_true(h->limits.time == 291.587 && h->limits.moves == 0 && h->limits.inc == 0);
    free(out);
    out = run(h, "pos start\nlevel moves=9 time=3.5\n");
    assert_true(h->limits.time == 3.5 && h->limits.moves == 9);
    free(out);
    out = run(h, "pos start\nlevel time=30 inc=0.5\n");
    assert_true(h->limits.time == 30 && h->limits.inc == 0.5);
    free(out);
    out = run(h, "pos start\nlevel infinite\n");
    assert_true(h->limits.infinite);
    assert_true(h->limits.time == 0);
    free(out);
    out = run(h, "pos start\nlevel depth=3 future-option=1 flag\n");
    assert_string_equal(out, "");
    assert_int_equal(h->limits.depth, 3);
    free(out);
}

static void test_level_bad_values(void **state)
{
    Hub *h = *state;
    const char *bad[] = {
        "level depth=abc", "level depth=", "level depth", "level depth=-1", "level depth=0",
        "level depth=1000000", "level depth=99999999999999999999999", "level depth=2.5",
        "level nodes=-5", "level nodes=nan", "level nodes=1e20", "level nodes=0",
        "level move-time=nan", "level move-time=inf", "level move-time=-1", "level move-time=0",
        "level move-time=1e300", "level move-time=0x10", "level move-time=1.2.3", "level move-time=.",
        "level time=NaN", "level time=infinity", "level time=1e7",
        "level moves=-3 time=10", "level moves=abc time=10", "level time=10 inc=-1", "level time=10 inc=",
        "level",
    };
    free(run(h, "pos start\nlevel depth=5 time=10\n"));
    assert_each_one_error(h, bad, sizeof bad / sizeof bad[0]);
    assert_int_equal(h->limits.depth, 5);
    assert_true(h->limits.time == 10 && h->limits.moves == 0 && h->limits.inc == 0);
    char *out = run(h, "level depth=abc\n");
    assert_non_null(strstr(out, "depth='abc': not an integer"));
    free(out);
}

/* A negative clock (time minus inc, as some clients send it) is one error line, counts as an
 * empty clock, and the next go still answers at once with a legal move. */
static void test_level_negative_time(void **state)
{
    Hub *h = *state;
    free(run(h, "pos start\n"));
    char *out = run(h, "level time=-0.2\n");
    assert_int_equal(count_lines(out, "error message="), 1);
    assert_int_equal(total_lines(out), 1);
    assert_non_null(strstr(out, "negative"));
    free(out);
    assert_true(h->limits.time == 0 && h->limits.clock_set);
    out = run(h, "go think\n");
    assert_int_equal(count_lines(out, "done move="), 1);
    free(out);
}

/* The move of a `done` line, checked to be legal in pos. */
static void assert_done_legal(const char *out, const Position *pos)
{
    char line[256], text[MOVE_TEXT_MAX], err[256];
    assert_true(get_line(out, "done move=", 0, line, sizeof line));
    sscanf(line, "done move=%95s", text);
    Move m;
    if (notation_parse_move(pos, text, &m, err, sizeof err) != PARSE_OK)
        fail_msg("done move %s: %s", text, err);
}

static void test_go_modes(void **state)
{
    Hub *h = *state;
    const char *modes[] = {"think", "ponder", "analyze"};
    for (int i = 0; i < 3; i++) {
        char cmd[128];
        snprintf(cmd, sizeof cmd, "pos start\nlevel depth=3\ngo %s\n", modes[i]);
        char *out = run_searching(h, cmd);
        assert_int_equal(count_lines(out, "done move="), 1);
        assert_int_equal(count_lines(out, "error"), 0);
        assert_true(count_lines(out, "info ") >= 1);
        assert_int_equal(line_index(out, "done", 0), total_lines(out) - 1);
        assert_done_legal(out, game_position(&h->game));
        assert_all_lines_parse(out);
        assert_int_equal(h->limits.depth, 0);   /* go clears the limits */
        free(out);
    }
}

static void test_go_bad_mode_and_no_move(void **state)
{
    Hub *h = *state;
    char *out = run(h, "go fly\ngo\n");
    assert_int_equal(count_lines(out, "error message="), 2);
    assert_int_equal(total_lines(out), 2);
    free(out);
    out = run(h, "pos fen=W:W46:B41,37\nlevel depth=2\ngo think\n");
    assert_int_equal(count_lines(out, "error message="), 1);
    assert_non_null(strstr(out, "no legal move"));
    assert_int_equal(total_lines(out), 1);
    free(out);
    out = run(h, "pos fen=W:B1\ngo analyze\n");
    assert_int_equal(count_lines(out, "error message="), 1);
    free(out);
}

/* One legal move under go think: answered at once, without searching, but with the info line a
 * GUI shows for it. */
static void test_go_single_move(void **state)
{
    Hub *h = *state;
    char *out = run(h, "pos fen=W:W28:B23,5\nlevel infinite\ngo think\n");
    static const char HEAD[] = "info depth=0 mean-depth=0.0 score=0.00 nodes=0 ";
    assert_true(strncmp(out, HEAD, sizeof HEAD - 1) == 0);
    const char *pv = strstr(out, " pv=");
    assert_non_null(pv);
    assert_string_equal(pv, " pv=\"28x19x23\"\ndone move=28x19x23\n");
    free(out);
}

/* The move of the done line in out, read against pos. */
static Move done_move(const char *out, const Position *pos)
{
    char line[256], text[MOVE_TEXT_MAX], err[256];
    Move m = MOVE_NONE;
    assert_true(get_line(out, "done move=", 0, line, sizeof line));
    sscanf(line, "done move=%95s", text);
    assert_int_equal(notation_parse_move(pos, text, &m, err, sizeof err), PARSE_OK);
    return m;
}

/* go think in a book position answers at once (info with the book score, then done) with a move
 * within book-margin of the best; book=false, book-ply below the position's ply and go analyze
 * search instead. */
static void test_go_book(void **state)
{
    Hub *h = *state;
    Position start;
    position_start(&start);
    BookMove moves[MAX_MOVES];
    int n = book_moves(book_embedded(), &start, moves);
    assert_true(n >= 2);
    for (int margin = 0; margin <= 30; margin += 30) {
        char cmd[128];
        snprintf(cmd, sizeof cmd, "set-param name=book-margin value=%d\n", margin);
        free(run(h, cmd));
        for (int rep = 0; rep < 8; rep++) {
            char *out = run(h, "pos start\nlevel depth=30\ngo think\n");
            assert_int_equal(total_lines(out), 2);
            assert_int_equal(line_index(out, "info score=", 0), 0);
            assert_all_lines_parse(out);
            Move m = done_move(out, &start);
            int k = 0;
            while (k < n && moves[k].move != m)
                k++;
            assert_true(k < n && moves[k].score >= moves[0].score - margin);
            char info[64], score[16];
            score_format(moves[k].score, score, sizeof score);
            snprintf(info, sizeof info, "info score=%s pv=", score);
            assert_int_equal(line_index(out, info, 0), 0);
            free(out);
        }
    }
    const char *searching[] = {"set-param name=book value=false\npos start\nlevel depth=2\ngo think\n",
                               ("set-param name=book value=true\nset-param name=book-ply value=0\npos start\n"
                                "level depth=2\ngo think\n"),
                               "set-param name=book-ply value=40\npos start\nlevel depth=2\ngo analyze\n"};
    for (int i = 0; i < 3; i++) {
        char *out = run_searching(h, searching[i]);
        assert_true(count_lines(out, "info depth=") >= 1);
        assert_int_equal(count_lines(out, "done move="), 1);
        free(out);
    }
}

/* A go after a refused pos searches the previous position. */
static void test_go_after_bad_pos(void **state)
{
    Hub *h = *state;
    char *out = run_searching(h, "pos fen=W:W28,33:B23,19,5\npos pos=garbage\nlevel depth=2\ngo think\n");
    char fen[FEN_TEXT_MAX];
    notation_format_fen(game_position(&h->game), fen);
    assert_string_equal(fen, "W:W28,33:B5,19,23");
    assert_int_equal(count_lines(out, "error message="), 1);
    assert_int_equal(count_lines(out, "done move="), 1);
    assert_done_legal(out, game_position(&h->game));
    free(out);
}

static void test_new_game_and_strays(void **state)
{
    Hub *h = *state;
    char *out = run_searching(h, "new-game\nstop\nponder-hit\npos start\nlevel depth=2\ngo think\n");
    assert_int_equal(count_lines(out, "error"), 0);
    assert_int_equal(count_lines(out, "done move="), 1);
    free(out);
}

int main(void)
{
    rules_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_handshake, setup, teardown),
        cmocka_unit_test_setup_teardown(test_set_param_valid, setup, teardown),
        cmocka_unit_test_setup_teardown(test_set_param_and_init, setup, teardown),
        cmocka_unit_test_setup_teardown(test_variants, setup, teardown),
        cmocka_unit_test_setup_teardown(test_eval_param, setup, teardown),
        cmocka_unit_test_setup_teardown(test_set_param_invalid, setup, teardown),
        cmocka_unit_test_setup_teardown(test_set_param_search_params, setup, teardown),
        cmocka_unit_test_setup_teardown(test_init_ping_quit, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pos_and_moves, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pos_moves_keep_history, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pos_bad_moves, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pos_moves_limits, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pos_bad_position_keeps_previous, setup, teardown),
        cmocka_unit_test_setup_teardown(test_level_forms, setup, teardown),
        cmocka_unit_test_setup_teardown(test_level_negative_time, setup, teardown),
        cmocka_unit_test_setup_teardown(test_level_bad_values, setup, teardown),
        cmocka_unit_test_setup_teardown(test_go_modes, setup, teardown),
        cmocka_unit_test_setup_teardown(test_go_bad_mode_and_no_move, setup, teardown),
        cmocka_unit_test_setup_teardown(test_go_single_move, setup, teardown),
        cmocka_unit_test_setup_teardown(test_go_book, setup, teardown),
        cmocka_unit_test_setup_teardown(test_go_after_bad_pos, setup, teardown),
        cmocka_unit_test_setup_teardown(test_new_game_and_strays, setup, teardown),
        /* last: it replaces the process's network */
        cmocka_unit_test_setup_teardown(test_eval_net_of_other_patterns, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
