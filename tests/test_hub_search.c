/* The loop while a search runs: ping, stop, ponder-hit and other commands arriving mid-search
 * (scripted sources release them only after the search has polled a few times), partial lines,
 * end of input and a dead output. */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>
#include <cmocka.h>

#include "rules/rules.h"
#include "support/hub_test_util.h"
#include "rules/notation.h"

/* ping mid-search is answered while the search goes on; stop then ends it with done. */
static void test_ping_and_stop_during_search(void **state)
{
    Script s;
    Chunk chunks[] = {{"level infinite\ngo analyze\n", 0}, {"ping\n", 3}, {"ping\n", 3}, {"stop\n", 3},
                      {"ping\n", 0}, {NULL, 0}};
    char *out = run_script(*state, &s, chunks, 10.0);
    assert_false(s.eof_in_search);
    assert_int_equal(count_lines(out, "done move="), 1);
    assert_int_equal(count_lines(out, "pong"), 3);
    int done = line_index(out, "done", 0);
    assert_true(line_index(out, "pong", 1) < done);
    assert_true(line_index(out, "pong", 2) > done);
    assert_int_equal(count_lines(out, "error"), 0);
    free(out);
}

/* stop ends go think and go ponder searches too, each with one done. */
static void test_stop_each_mode(void **state)
{
    const char *modes[] = {"set-param name=book value=false\nlevel infinite\ngo think\n", "level infinite\ngo ponder\n",
                           "level move-time=1000\ngo ponder\n", "go analyze\n"};
    for (int i = 0; i < 4; i++) {
        Script s;
        Chunk chunks[] = {{"pos start\n", 0}, {modes[i], 0}, {"stop\n", 5}, {NULL, 0}};
        char *out = run_script(*state, &s, chunks, 10.0);
        assert_false(s.eof_in_search);
        assert_int_equal(count_lines(out, "done move="), 1);
        assert_int_equal(line_index(out, "done", 0), total_lines(out) - 1);
        free(out);
    }
}

/* Lines arriving in pieces during a search are answered once complete, exactly once. */
static void test_partial_lines(void **state)
{
    Script s;
    Chunk chunks[] = {{"level infinite\ngo analyze\n", 0}, {"pi", 2}, {"n", 2}, {"g\r", 2}, {"\n", 2},
                      {"st", 2}, {"op\n", 2}, {NULL, 0}};
    char *out = run_script(*state, &s, chunks, 10.0);
    assert_false(s.eof_in_search);
    assert_int_equal(count_lines(out, "pong"), 1);
    assert_int_equal(count_lines(out, "done move="), 1);
    assert_true(line_index(out, "pong", 0) < line_index(out, "done", 0));
    free(out);
}

/* Any other command ends the search and is then executed, in order, by the main loop. */
static void test_other_command_stays_queued(void **state)
{
    Hub *h = *state;
    Script s;
    Chunk chunks[] = {{"level infinite\ngo analyze\n", 0},
                      {"ping\npos start moves=32-28\nping\nlevel depth=2\ngo think\nping\n", 3}, {NULL, 0}};
    char *out = run_script(h, &s, chunks, 10.0);
    assert_false(s.eof_in_search);
    int pong0 = line_index(out, "pong", 0), done0 = line_index(out, "done", 0);
    int pong1 = line_index(out, "pong", 1), done1 = line_index(out, "done", 1);
    int pong2 = line_index(out, "pong", 2);
    assert_true(pong0 >= 0 && pong0 < done0 && done0 < pong1 && pong1 < done1 && done1 < pong2);
    assert_int_equal(count_lines(out, "error"), 0);
    assert_int_equal(h->game.ply, 1);
    char line[128], text[MOVE_TEXT_MAX], err[128];
    Move m;
    assert_true(get_line(out, "done", 1, line, sizeof line));
    sscanf(line, "done move=%95s", text);
    assert_int_equal(notation_parse_move(game_position(&h->game), text, &m, err, sizeof err), PARSE_OK);
    free(out);
}

/* ponder-hit switches a ponder search to normal timing: it then ends by itself after its
 * move time, without needing stop or the end of input. The hit comes a few polls in, far before
 * the move time (pondering past it would end the search at the hit: a loaded machine must not
 * get there). */
static void test_ponder_hit(void **state)
{
    Script s;
    Chunk chunks[] = {{"level move-time=0.5\ngo ponder\n", 0}, {"ponder-hit\n", 3}, {NULL, 0}};
    double start = test_now();
    char *out = run_script(*state, &s, chunks, 5.0);
    double after_hit = test_now() - s.released_at[1];
    assert_false(s.eof_in_search);
    assert_int_equal(count_lines(out, "done move="), 1);
    assert_int_equal(count_lines(out, "error"), 0);
    if (s.released_at[1] - start < 0.2)   /* else the machine stalled: the hit's timing says nothing */
        assert_true(after_hit >= 0.25);
    free(out);
}

/* End of input during a search (memory stream) ends it with done and ends the loop. */
static void test_eof_during_search_memory(void **state)
{
    Hub *h = *state;
    char *out = run(h, "level infinite\ngo analyze\nping\n");
    assert_true(h->quit);
    assert_int_equal(count_lines(out, "done move="), 1);
    assert_int_equal(count_lines(out, "pong"), 1);
    assert_int_equal(line_index(out, "done", 0), total_lines(out) - 1);
    free(out);
}

/* End of input seen by a search poll (scripted, at once) stops it promptly. */
static void test_eof_during_search_scripted(void **state)
{
    Hub *h = *state;
    Script s;
    Chunk chunks[] = {{"set-param name=book value=false\nlevel infinite\ngo think\n", 0}, {NULL, 0}};
    double start = test_now();
    char *out = run_script(h, &s, chunks, 0.0);
    assert_true(s.eof_in_search);
    assert_true(h->quit);
    assert_true(test_now() - start < 5.0);
    assert_int_equal(count_lines(out, "done move="), 1);
    free(out);
}

/* A reader that went away (closed pipe) ends the loop, even mid-search. */
static void test_dead_output(void **state)
{
    Hub *h = *state;
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    close(fds[0]);
    FILE *out = fdopen(fds[1], "w");
    assert_non_null(out);
    Script s;
    memset(&s, 0, sizeof s);
    s.base.read = script_read;
    s.grace = 10.0;
    s.idle_since = test_now();
    s.chunks[0] = (Chunk){"level infinite\ngo analyze\n", 0};
    s.count = 1;
    hub_loop_run_source(h, &s.base, out);
    assert_false(s.eof_in_search);
    assert_true(h->quit);
    fclose(out);
}

/* The info lines of out, parsed as a client does: each depth's lines once, ranks 1..lines in
 * order, distinct first moves; the done move is the last depth's first line. */
static void assert_multipv_lines(const char *out, int lines, int depth)
{
    char *copy = strdup(out), last_best[MOVE_TEXT_MAX] = "", first[SEARCH_MAX_LINES][MOVE_TEXT_MAX];
    HubCommand *cmd = malloc(sizeof *cmd);
    int count = 0;
    for (char *line = strtok(copy, "\n"); line; line = strtok(NULL, "\n")) {
        assert_null(hub_parse_line(line, cmd));
        if (strcmp(cmd->command, "done") == 0) {
            assert_string_equal(hub_find_arg(cmd, "move")->value, last_best);
            continue;
        }
        assert_string_equal(cmd->command, "info");
        const HubArg *rank = hub_find_arg(cmd, "multipv"), *d = hub_find_arg(cmd, "depth");
        const HubArg *pv = hub_find_arg(cmd, "pv");
        assert_non_null(rank);
        assert_non_null(d);
        assert_non_null(pv);
        assert_non_null(hub_find_arg(cmd, "score"));
        int r = atoi(rank->value);
        assert_int_equal(r, count % lines + 1);
        assert_int_equal(atoi(d->value), count / lines + 1);
        size_t len = strcspn(pv->value, " ");
        snprintf(first[r - 1], MOVE_TEXT_MAX, "%.*s", (int)len, pv->value);
        for (int i = 0; i < r - 1; i++)
            assert_string_not_equal(first[i], first[r - 1]);
        if (r == 1)
            strcpy(last_best, first[0]);
        count++;
    }
    assert_int_equal(count, lines * depth);
    free(cmd);
    free(copy);
}

/* multipv=3: go analyze and go think print the 3 best lines at every depth, best first; with
 * fewer legal moves, one line per move (still ranked, even a single one). */
static void test_multipv(void **state)
{
    Hub *h = *state;
    char *out = run_searching(h, "set-param name=multipv value=3\npos start\nlevel depth=4\ngo analyze\n");
    assert_multipv_lines(out, 3, 4);
    free(out);
    out = run_searching(h, "set-param name=book value=false\nlevel depth=3\ngo think\n");
    assert_multipv_lines(out, 3, 3);
    free(out);
    out = run_searching(h, "pos fen=W:W28,45:B5\nlevel depth=4\ngo analyze\n");
    assert_multipv_lines(out, 3, 4);
    free(out);
    out = run_searching(h, "pos fen=W:W28:B5\nlevel depth=4\ngo analyze\n");
    assert_multipv_lines(out, 2, 4);
    free(out);
    out = run_searching(h, "pos fen=W:W45:B5\nlevel depth=4\ngo analyze\n");
    assert_multipv_lines(out, 1, 4);
    free(out);
}

/* threads: the parameter changes between searches, and 1,000 go/stop cycles on 4 threads each
 * end with one legal done (the sanitizer builds check that nothing leaks or races). */
static void test_threads_go_stop_cycles(void **state)
{
    Hub *h = *state;
    char *out = run(h, "set-param name=threads value=4\ninit\nset-param name=threads value=2\n"
                       "set-param name=threads value=4\nhub\n");
    assert_int_equal(count_lines(out, "error"), 0);
    assert_int_equal(h->threads, 4);
    assert_true(line_index(out, "param name=threads value=4 ", 0) >= 0);
    free(out);
    for (int i = 0; i < 1000; i++) {
        Script s;
        Chunk chunks[] = {{i % 2 ? "pos start\nlevel infinite\ngo analyze\n" : "level infinite\ngo ponder\n", 0},
                          {"stop\n", 1 + i % 3}, {NULL, 0}};
        out = run_script(h, &s, chunks, 10.0);
        assert_false(s.eof_in_search);
        char line[256], text[MOVE_TEXT_MAX], err[128];
        Move m;
        assert_true(get_line(out, "done move=", 0, line, sizeof line));
        assert_int_equal(sscanf(line, "done move=%31s", text), 1);
        assert_int_equal(notation_parse_move(game_position(&h->game), text, &m, err, sizeof err), PARSE_OK);
        free(out);
    }
}

/* Under several threads the searches of every kind keep their contract: multi-PV lines, levels,
 * variants and pondering answer legal moves, each line parsing back. */
static void test_threads_every_kind_of_search(void **state)
{
    Hub *h = *state;
    static const char *const RUNS[] = {
        "set-param name=threads value=3\nset-param name=multipv value=3\ninit\npos start\nlevel depth=8\ngo analyze\n",
        "set-param name=multipv value=1\nset-param name=skill value=6\npos start moves=\"32-28\"\nlevel depth=6\ngo think\n",
        "set-param name=skill value=20\nset-param name=variant value=frisian\nlevel depth=7\ngo think\n",
        "set-param name=variant value=losing\nlevel nodes=20000\ngo think\n",
        "set-param name=variant value=normal\npos fen=W:WK46,K50:BK5\nlevel depth=10\ngo analyze\n",
    };
    for (size_t i = 0; i < sizeof RUNS / sizeof RUNS[0]; i++) {
        char *out = run_searching(h, RUNS[i]);
        assert_int_equal(count_lines(out, "error"), 0);
        assert_int_equal(count_lines(out, "done move="), 1);
        assert_all_lines_parse(out);
        free(out);
    }
}

int main(void)
{
    rules_init();
    signal(SIGPIPE, SIG_IGN);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_ping_and_stop_during_search, setup, teardown),
        cmocka_unit_test_setup_teardown(test_stop_each_mode, setup, teardown),
        cmocka_unit_test_setup_teardown(test_partial_lines, setup, teardown),
        cmocka_unit_test_setup_teardown(test_other_command_stays_queued, setup, teardown),
        cmocka_unit_test_setup_teardown(test_ponder_hit, setup, teardown),
        cmocka_unit_test_setup_teardown(test_eof_during_search_memory, setup, teardown),
        cmocka_unit_test_setup_teardown(test_eof_during_search_scripted, setup, teardown),
        cmocka_unit_test_setup_teardown(test_dead_output, setup, teardown),
        cmocka_unit_test_setup_teardown(test_multipv, setup, teardown),
        cmocka_unit_test_setup_teardown(test_threads_go_stop_cycles, setup, teardown),
        cmocka_unit_test_setup_teardown(test_threads_every_kind_of_search, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
