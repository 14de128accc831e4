/* The parallel search: with helper threads sharing the table, every best move, ponder move and
 * line is legal in every variant, whatever the thread count and however often it changes; one
 * thread searches exactly as before; node totals count the helpers; root exclusions and multi-PV
 * hold; a search stops promptly when told. Run under ThreadSanitizer by `make tsan`. */
#define _GNU_SOURCE   /* open_memstream */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "rules/hash.h"
#include "rules/make.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "rules/rules.h"
#include "search/search.h"
#include "util/clock.h"

/* A game of plies random moves from the start of variant v (fewer when it ends first). */
static void random_game(Game *game, Variant v, int plies, uint64_t *rng)
{
    Position start;
    position_start(&start);
    assert_null(position_set_variant(&start, v));
    game_reset(game, &start);
    for (int i = 0; i < plies && game_status(game) == GAME_ONGOING; i++) {
        MoveList list;
        movegen_generate(game_position(game), &list);
        if (list.count == 0)
            break;
        assert_true(game_play(game, list.moves[hash_splitmix(rng) % (uint64_t)list.count]));
    }
}

/* Fails unless text is a line of legal moves from pos. */
static void assert_legal_line(const Position *from, const char *text)
{
    Position pos = *from;
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", text);
    for (char *word = strtok(buf, " "); word; word = strtok(NULL, " ")) {
        Move m;
        char err[128];
        if (notation_parse_move(&pos, word, &m, err, sizeof err) != PARSE_OK)
            fail_msg("line \"%s\": %s is no legal move (%s)", text, word, err);
        Position next;
        make_move(&pos, m, &next, true);
        pos = next;
    }
}

/* Searches game under limits on s and checks the move, the ponder move and every line. */
static void check_search(Search *s, const Game *game, const SearchLimits *limits)
{
    SearchResult r;
    search_run(s, game, limits, GO_ANALYZE, NULL, NULL, NULL, &r);
    const Position *pos = game_position(game);
    MoveList list;
    movegen_generate(pos, &list);
    if (list.count == 0) {
        assert_int_equal(r.best, MOVE_NONE);
        return;
    }
    assert_true(movegen_is_legal(pos, r.best));
    if (r.ponder) {
        Position next;
        make_move(pos, r.best, &next, true);
        assert_true(movegen_is_legal(&next, r.ponder));
    }
    char text[4096];
    for (int i = 0; i < r.line_count; i++) {
        assert_true(search_line_text(s, i, text, sizeof text));
        assert_legal_line(pos, text);
    }
}

static void test_thousands_of_positions_stay_legal(void **state)
{
    (void)state;
    Search *s = search_new(4);
    assert_non_null(s);
    assert_true(search_set_threads(s, 2));
    assert_int_equal(search_threads(s), 2);
    uint64_t rng = 12345;
    Game *game = malloc(sizeof *game);
    assert_non_null(game);
    SearchLimits limits = {.nodes = 1500};
    for (int i = 0; i < 2000; i++) {
        Variant v = (Variant)(i % VARIANT_COUNT);
        random_game(game, v, (int)(hash_splitmix(&rng) % 120), &rng);
        check_search(s, game, &limits);
    }
    free(game);
    search_free(s);
}

static void test_one_thread_searches_as_before(void **state)
{
    (void)state;
    Game *game = malloc(sizeof *game);
    assert_non_null(game);
    uint64_t rng = 99;
    random_game(game, VARIANT_NORMAL, 12, &rng);
    SearchLimits limits = {.depth = 9};
    Search *plain = search_new(4), *switched = search_new(4);
    assert_non_null(plain);
    assert_non_null(switched);
    assert_true(search_set_threads(switched, 3));
    assert_true(search_set_threads(switched, 1));
    assert_int_equal(search_threads(switched), 1);
    SearchResult a, b;
    search_run(plain, game, &limits, GO_ANALYZE, NULL, NULL, NULL, &a);
    search_run(switched, game, &limits, GO_ANALYZE, NULL, NULL, NULL, &b);
    assert_int_equal(a.nodes, b.nodes);
    assert_int_equal(a.best, b.best);
    assert_int_equal(a.score, b.score);
    search_free(plain);
    search_free(switched);
    free(game);
}

static void test_thread_counts_change_between_searches(void **state)
{
    (void)state;
    Search *s = search_new(4);
    assert_non_null(s);
    Game *game = malloc(sizeof *game);
    assert_non_null(game);
    uint64_t rng = 7;
    static const int COUNTS[] = {4, 2, 8, 1, 3, 1, 2};
    SearchLimits limits = {.depth = 7};
    for (size_t i = 0; i < sizeof COUNTS / sizeof COUNTS[0]; i++) {
        assert_true(search_set_threads(s, COUNTS[i]));
        assert_int_equal(search_threads(s), COUNTS[i]);
        random_game(game, VARIANT_NORMAL, 20, &rng);
        check_search(s, game, &limits);
    }
    free(game);
    search_free(s);
}

/* A node limit counts every thread's nodes: the search stops once the total reaches it (by how
 * much the helpers overshoot depends on the machine's load, so it is not asserted), and the
 * total never falls short of it. */
static void test_node_limit_counts_every_thread(void **state)
{
    (void)state;
    Search *s = search_new(4);
    assert_non_null(s);
    assert_true(search_set_threads(s, 4));
    Game *game = malloc(sizeof *game);
    assert_non_null(game);
    uint64_t rng = 5;
    random_game(game, VARIANT_NORMAL, 10, &rng);
    SearchLimits limits = {.nodes = 200000};
    SearchResult r;
    search_run(s, game, &limits, GO_ANALYZE, NULL, NULL, NULL, &r);
    assert_true(r.nodes >= 200000);
    free(game);
    search_free(s);
}

static void test_exclusions_and_lines_hold(void **state)
{
    (void)state;
    Search *s = search_new(4);
    assert_non_null(s);
    assert_true(search_set_threads(s, 3));
    Game *game = malloc(sizeof *game);
    assert_non_null(game);
    Position start;
    position_start(&start);
    game_reset(game, &start);
    MoveList list;
    movegen_generate(&start, &list);
    search_set_excluded(s, list.moves, list.count - 2);   /* only the last two moves remain */
    search_set_lines(s, 2);
    SearchLimits limits = {.depth = 8};
    SearchResult r;
    search_run(s, game, &limits, GO_ANALYZE, NULL, NULL, NULL, &r);
    assert_int_equal(r.line_count, 2);
    for (int i = 0; i < 2; i++)
        assert_true(r.line_move[i] == list.moves[list.count - 1] || r.line_move[i] == list.moves[list.count - 2]);
    assert_int_not_equal(r.line_move[0], r.line_move[1]);
    free(game);
    search_free(s);
}

/* The last line of text that starts with prefix (NULL: none). */
static const char *last_line(const char *text, const char *prefix)
{
    const char *last = NULL;
    for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
        if (strncmp(p, prefix, strlen(prefix)) == 0)
            last = p;
    return last;
}

/* A helper's deeper line is played often enough to matter, and the last info line shows it (its
 * depth, its first move); never an excluded move; with the switch off never a helper's line. */
static void test_deeper_helper_lines_are_played(void **state)
{
    (void)state;
    Search *s = search_new(4);
    assert_non_null(s);
    assert_true(search_set_threads(s, 2));
    Game *game = malloc(sizeof *game);
    assert_non_null(game);
    for (int on = 1; on >= 0; on--) {
        search_params(s)->deeper_helper = on;
        uint64_t rng = 4242;
        int adopted = 0;
        for (int i = 0; i < 300; i++) {
            random_game(game, VARIANT_NORMAL, (int)(hash_splitmix(&rng) % 60), &rng);
            MoveList list;
            movegen_generate(game_position(game), &list);
            if (list.count < 3 || game_status(game) != GAME_ONGOING)
                continue;
            search_set_excluded(s, list.moves, 1);
            char *text = NULL;
            size_t len = 0;
            FILE *out = open_memstream(&text, &len);
            assert_non_null(out);
            SearchLimits limits = {.nodes = 4000};
            SearchResult r;
            search_run(s, game, &limits, GO_ANALYZE, NULL, NULL, out, &r);
            fclose(out);
            assert_int_not_equal(r.best, list.moves[0]);
            assert_true(movegen_is_legal(game_position(game), r.best));
            if (r.from_helper) {
                const char *info = last_line(text, "info ");
                char best[MOVE_TEXT_MAX], expect[64];
                notation_format_move(game_position(game), r.best, best);
                snprintf(expect, sizeof expect, "info depth=%d ", r.depth);
                assert_non_null(info);
                assert_true(strncmp(info, expect, strlen(expect)) == 0);
                const char *pv = strstr(info, "pv=\"");
                assert_non_null(pv);
                assert_true(strncmp(pv + 4, best, strlen(best)) == 0);
            }
            adopted += r.from_helper;
            free(text);
        }
        if (on)
            assert_true(adopted > 0);
        else
            assert_int_equal(adopted, 0);
    }
    search_set_excluded(s, NULL, 0);
    free(game);
    search_free(s);
}

/* A poll hook that stops the search after a fixed time. */
static PollResult stop_after(void *ctx)
{
    const double *deadline = ctx;
    return clock_now() >= *deadline ? POLL_STOP : POLL_CONTINUE;
}

static void test_stop_ends_every_thread(void **state)
{
    (void)state;
    Search *s = search_new(8);
    assert_non_null(s);
    assert_true(search_set_threads(s, 4));
    Game *game = malloc(sizeof *game);
    assert_non_null(game);
    uint64_t rng = 3;
    for (int i = 0; i < 50; i++) {
        random_game(game, (Variant)(i % VARIANT_COUNT), 30, &rng);
        SearchLimits limits = {.infinite = true};
        double deadline = clock_now() + 0.01;
        SearchResult r;
        search_run(s, game, &limits, GO_ANALYZE, stop_after, &deadline, NULL, &r);
        MoveList list;
        movegen_generate(game_position(game), &list);
        if (list.count)
            assert_true(movegen_is_legal(game_position(game), r.best));
    }
    free(game);
    search_free(s);
}

int main(void)
{
    rules_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_thousands_of_positions_stay_legal),
        cmocka_unit_test(test_one_thread_searches_as_before),
        cmocka_unit_test(test_thread_counts_change_between_searches),
        cmocka_unit_test(test_node_limit_counts_every_thread),
        cmocka_unit_test(test_exclusions_and_lines_hold),
        cmocka_unit_test(test_deeper_helper_lines_are_played),
        cmocka_unit_test(test_stop_ends_every_thread),
    };
    return cmocka_run_group_tests_name("search_pool", tests, NULL, NULL);
}
