#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "rules/rules.h"
#include "search/search.h"
#include "search/tactics.h"
#include "rules/make.h"
#include "rules/notation.h"

#define SUITE "tests/data/tactics.txt"
#define EXACT_DEPTH 7      /* every line of every suite position is compared at this depth */
#define EXACT_LINES 5      /* (the tactics suite has 14 positions: 70 lines) */
#define ORDER_DEPTH 5
#define ORDER_LINES 10

static Game game;

/* A search of pos under limits, from an empty table and history. */
static SearchResult search_fresh(Search *s, const Position *pos, SearchLimits limits, GoMode mode, FILE *out)
{
    SearchResult r;
    game_reset(&game, pos);
    search_clear(s);
    search_run(s, &game, &limits, mode, NULL, NULL, out, &r);
    return r;
}

/* A fixed-depth analysis of pos with `lines` lines, from an empty table and history. */
static SearchResult analyse(Search *s, const Position *pos, int depth, int lines, FILE *out)
{
    search_set_lines(s, lines);
    return search_fresh(s, pos, (SearchLimits){.depth = depth}, GO_ANALYZE, out);
}

static int load_suite(TacticsEntry **list)
{
    int n = tactics_load(SUITE, list, stderr);
    assert_true(n >= 10);
    return n;
}

/* Line i's score is what a single-line search of the same depth gives with the moves of lines
 * 0..i-1 excluded from the root: the lines are exact, not bounds. Late-move reductions, ProbCut,
 * futility and late-move pruning are off in both: they depend on the history and killer tables or
 * on the windows, which the two searches set differently, so with them the scores agree only roughly
 * (like any two searches of a position with different histories). Even without them the
 * transposition table's deeper entries can part two searches (1 line of the 70 at depth 6, none at
 * depths 4, 5 and 7). */
static void test_lines_are_exact(void **state)
{
    (void)state;
    TacticsEntry *list;
    int n = load_suite(&list);
    Search *multi = search_new(TACTICS_TT_MIB), *single = search_new(TACTICS_TT_MIB);
    assert_non_null(multi);
    assert_non_null(single);
    for (Search **s = (Search *[]){multi, single, NULL}; *s; s++) {
        assert_true(search_params_set(search_params(*s), "lmr", 0));
        assert_true(search_params_set(search_params(*s), "prune", 0));
        assert_true(search_params_set(search_params(*s), "futility", 0));
        assert_true(search_params_set(search_params(*s), "lmp", 0));
    }
    for (int p = 0; p < n; p++) {
        SearchResult r = analyse(multi, &list[p].pos, EXACT_DEPTH, EXACT_LINES, NULL);
        assert_int_equal(r.line_count, EXACT_LINES);
        for (int i = 0; i < r.line_count; i++) {
            search_set_excluded(single, r.line_move, i);
            SearchResult one = analyse(single, &list[p].pos, EXACT_DEPTH, 1, NULL);
            if (one.score != r.line_score[i])
                fail_msg("%s line %d, multi-PV line %d: score %d, alone %d", SUITE, list[p].line, i + 1,
                         r.line_score[i], one.score);
            for (int j = 0; j < i; j++)   /* never one of the moves excluded */
                assert_true(one.best != r.line_move[j]);
        }
    }
    free(list);
    search_free(multi);
    search_free(single);
}

/* With the default search: as many lines as asked (or as there are legal moves), distinct legal
 * root moves, scores non-increasing, the first line the result's move and score. */
static void test_lines_are_ordered_and_distinct(void **state)
{
    (void)state;
    TacticsEntry *list;
    int n = load_suite(&list);
    Search *s = search_new(TACTICS_TT_MIB);
    assert_non_null(s);
    for (int p = 0; p < n; p++) {
        MoveList legal;
        movegen_generate(&list[p].pos, &legal);
        SearchResult r = analyse(s, &list[p].pos, ORDER_DEPTH, ORDER_LINES, NULL);
        assert_int_equal(r.depth, ORDER_DEPTH);
        assert_int_equal(r.line_count, legal.count < ORDER_LINES ? legal.count : ORDER_LINES);
        assert_true(r.line_move[0] == r.best);
        assert_int_equal(r.line_score[0], r.score);
        for (int i = 0; i < r.line_count; i++) {
            assert_true(movegen_is_legal(&list[p].pos, r.line_move[i]));
            if (i > 0)
                assert_true(r.line_score[i] <= r.line_score[i - 1]);
            for (int j = 0; j < i; j++)
                assert_true(r.line_move[i] != r.line_move[j]);
        }
    }
    free(list);
    search_free(s);
}

/* Fewer legal moves than lines: one line per move. Every move excluded: no move at all. One line
 * (the default) is the plain search: the same move, score and node count as before. */
static void test_few_moves_and_exclusions(void **state)
{
    (void)state;
    Search *s = search_new(1);
    Position pos;
    assert_null(notation_parse_position("W:W28,45:B5", &pos));
    MoveList legal;
    movegen_generate(&pos, &legal);
    assert_int_equal(legal.count, 3);
    SearchResult r = analyse(s, &pos, 4, 5, NULL);
    assert_int_equal(r.line_count, 3);
    search_set_excluded(s, legal.moves, legal.count);
    r = analyse(s, &pos, 4, 1, NULL);
    assert_true(r.best == MOVE_NONE);
    assert_int_equal(r.line_count, 0);
    search_set_excluded(s, legal.moves, 2);
    r = analyse(s, &pos, 4, 5, NULL);
    assert_int_equal(r.line_count, 1);
    assert_true(r.best == legal.moves[2]);
    search_set_excluded(s, NULL, 0);
    SearchResult one = analyse(s, &pos, 4, 1, NULL), again = analyse(s, &pos, 4, 0, NULL);
    assert_int_equal(one.line_count, 1);
    assert_true(one.best == again.best && one.score == again.score && one.nodes == again.nodes);
    search_free(s);
}

/* The info lines: each depth's complete set once, ranks 1..k in order, after the deeper ones
 * nothing of a shallower depth; one line prints no rank. */
static void test_info_lines_by_depth_and_rank(void **state)
{
    (void)state;
    Search *s = search_new(1);
    Position pos;
    position_start(&pos);
    char *buf = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&buf, &size);
    SearchResult r = analyse(s, &pos, 5, 3, out);
    fclose(out);
    int count = 0, expect_depth = 1, expect_rank = 1;
    for (char *line = strtok(buf, "\n"); line; line = strtok(NULL, "\n"), count++) {
        int rank, depth;
        assert_int_equal(sscanf(line, "info multipv=%d depth=%d ", &rank, &depth), 2);
        assert_int_equal(rank, expect_rank);
        assert_int_equal(depth, expect_depth);
        assert_non_null(strstr(line, " pv=\""));
        expect_rank = rank % 3 + 1;
        expect_depth += rank == 3;
    }
    assert_int_equal(count, 5 * 3);
    assert_int_equal(r.depth, 5);
    free(buf);
    buf = NULL;
    out = open_memstream(&buf, &size);
    analyse(s, &pos, 3, 1, out);
    fclose(out);
    assert_null(strstr(buf, "multipv"));
    assert_non_null(strstr(buf, "info depth=3 "));
    free(buf);
    search_free(s);
}

/* The first move of the last info line's pv, or "" when nothing was printed. */
static void last_shown_move(char *buf, char *move, size_t size)
{
    move[0] = '\0';
    for (char *line = strtok(buf, "\n"); line; line = strtok(NULL, "\n")) {
        const char *pv = strstr(line, " pv=\"");
        if (pv)
            snprintf(move, size, "%.*s", (int)strcspn(pv + 5, " \""), pv + 5);
    }
}

/* Whether a search of pos cut short after `nodes` nodes plays the move its last info line shows. */
static bool plays_last_shown(Search *s, const Position *pos, uint64_t nodes)
{
    char *buf = NULL, shown[MOVE_TEXT_MAX], played[MOVE_TEXT_MAX];
    size_t size = 0;
    FILE *out = open_memstream(&buf, &size);
    SearchResult r = search_fresh(s, pos, (SearchLimits){.nodes = nodes}, GO_THINK, out);
    fclose(out);
    last_shown_move(buf, shown, sizeof shown);
    notation_format_move(pos, r.best, played);
    free(buf);
    return strcmp(shown, played) == 0;
}

/* A search cut short by its node limit plays the line it showed last, also when that line came
 * from the unfinished iteration (a later root move beat the first one there). Without the
 * parameter partial it plays the last complete iteration's move, which some cuts contradict (about
 * 4% in middlegames, none in the tactics suite, whose shots are found early). The positions are
 * those of a game the search plays against itself from the start. */
static int cuts_played_differently(bool partial)
{
    Search *s = search_new(TACTICS_TT_MIB);
    assert_non_null(s);
    Position pos;
    position_start(&pos);
    int differ = 0;
    for (int ply = 0; ply < 60; ply++) {
        search_params(s)->partial = partial;
        if (ply >= 20 && ply % 4 == 0)
            for (uint64_t nodes = 10000; nodes <= 100000; nodes += 10000)
                differ += !plays_last_shown(s, &pos, nodes);
        search_params(s)->partial = false;   /* the same game either way */
        SearchResult r = search_fresh(s, &pos, (SearchLimits){.nodes = 20000}, GO_THINK, NULL);
        assert_true(r.best != MOVE_NONE);
        Position next;
        make_move(&pos, r.best, &next, true);
        pos = next;
    }
    search_free(s);
    return differ;
}

static void test_cut_search_plays_last_shown_line(void **state)
{
    (void)state;
    assert_int_equal(cuts_played_differently(true), 0);
    assert_true(cuts_played_differently(false) > 0);
}

int main(void)
{
    rules_init();
    eval_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lines_are_exact),
        cmocka_unit_test(test_lines_are_ordered_and_distinct),
        cmocka_unit_test(test_few_moves_and_exclusions),
        cmocka_unit_test(test_info_lines_by_depth_and_rank),
        cmocka_unit_test(test_cut_search_plays_last_shown_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
