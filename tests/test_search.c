#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "rules/rules.h"
#include "endgame/bitbase.h"
#include "rules/notation.h"
#include "search/search.h"
#include "rules/make.h"
#include "support/search_test_util.h"

static void test_finds_win_by_capture(void **state)
{
    (void)state;
    Search *s = search_new(1);
    assert_non_null(s);
    setup_game("W:W28:B23");
    SearchLimits l = {.depth = 4};
    SearchResult r = run(s, &l, GO_ANALYZE, NULL);
    char mt[MOVE_TEXT_MAX];
    notation_format_move(game_position(&game), r.best, mt);
    assert_string_equal(mt, "28x19x23");
    assert_int_equal(r.score, SCORE_WIN - 1);
    assert_int_equal(r.depth, 4);
    search_free(s);
}

static void setup_variant_game(const char *text, Variant v)
{
    setup_game(text);
    Position pos = *game_position(&game);
    assert_null(position_set_variant(&pos, v));
    game_reset(&game, &pos);
}

/* The best move of the game's position searched to depth, in Hub notation, and its score. */
static Score best_move(int depth, char *mt)
{
    Search *s = search_new(1);
    assert_non_null(s);
    SearchLimits l = {.depth = depth};
    SearchResult r = run(s, &l, GO_ANALYZE, NULL);
    notation_format_move(game_position(&game), r.best, mt);
    search_free(s);
    return r.score;
}

/* Each variant's own end of the game: in losing the compulsory capture of the last black piece
 * hands Black the win; breakthrough wins by crowning; frisian sees its capture along a row. */
static void test_variant_wins(void **state)
{
    (void)state;
    char mt[MOVE_TEXT_MAX];
    setup_variant_game("W:W28:B23", VARIANT_LOSING);
    Score score = best_move(4, mt);
    assert_string_equal(mt, "28x19x23");
    assert_int_equal(score, -(SCORE_WIN - 1));
    setup_variant_game("W:W7,45:B30,14", VARIANT_BT);
    score = best_move(3, mt);
    assert_true(strcmp(mt, "7-1") == 0 || strcmp(mt, "7-2") == 0);
    assert_int_equal(score, SCORE_WIN - 1);
    setup_variant_game("W:W7,45:B30,14", VARIANT_NORMAL);
    score = best_move(3, mt);
    assert_true(score < SCORE_WIN_MIN);
    setup_variant_game("W:W33:B34,11", VARIANT_FRISIAN);
    score = best_move(2, mt);
    assert_string_equal(mt, "33x35x34");
}

static void test_quiescence_resolves_captures(void **state)
{
    (void)state;
    Search *s = search_new(1);
    setup_game("W:W28:B17");   /* 28-22 loses the man (and the game) to 17x28 */
    SearchLimits l = {.depth = 1};
    SearchResult r = run(s, &l, GO_ANALYZE, NULL);
    char mt[MOVE_TEXT_MAX];
    notation_format_move(game_position(&game), r.best, mt);
    assert_string_equal(mt, "28-23");
    assert_true(r.score > -100 && r.score < 100);   /* no man lost (the score is positional only) */
    search_free(s);
}

static void test_endgame_rule_scores_draw(void **state)
{
    (void)state;
    Search *s = search_new(1);
    setup_game("W:WK1,K10:BK46");
    SearchLimits l = {.depth = 3};
    SearchResult r = run(s, &l, GO_ANALYZE, NULL);
    assert_true(r.score >= 200);   /* two kings against one: material counts while moves remain */
    game.draw[game.ply].endgame_plies = DRAW_5_MOVES_PLIES - 1;
    search_clear(s);
    r = run(s, &l, GO_ANALYZE, NULL);
    assert_int_equal(r.score, 0);   /* every move completes the 5-move rule */
    search_free(s);
}

static void test_repetition_scores_draw(void **state)
{
    (void)state;
    Search *s = search_new(1);
    setup_game("W:WK1,46,47:BK50,3,4,5");
    SearchLimits l = {.depth = 1};
    SearchResult r = run(s, &l, GO_ANALYZE, NULL);
    assert_true(r.score < 0);   /* a man down */
    play("1-7");
    play("50-44");
    play("7-1");
    play("44-50");
    search_clear(s);
    r = run(s, &l, GO_ANALYZE, NULL);
    char mt[MOVE_TEXT_MAX];
    notation_format_move(game_position(&game), r.best, mt);
    assert_string_equal(mt, "1-7");   /* repeats the position: a draw beats a man down */
    assert_int_equal(r.score, 0);
    search_free(s);
}

static void test_king_move_rule_scores_draw(void **state)
{
    (void)state;
    Search *s = search_new(1);
    setup_game("W:WK1,46,47:BK50,3,4,5");
    game.draw[game.ply].reversible = DRAW_KING_MOVES_PLIES - 1;
    SearchLimits l = {.depth = 2};
    SearchResult r = run(s, &l, GO_ANALYZE, NULL);
    assert_int_equal(r.score, 0);
    char mt[MOVE_TEXT_MAX];
    notation_format_move(game_position(&game), r.best, mt);
    assert_true(mt[0] == '1');   /* only a king move keeps the 25-move draw */
    search_free(s);
}

/* Contempt: a draw costs the side to move at the root, whichever colour it is, and when it
 * costs more than the man down of the other lines the repetition is no longer chosen. */
static void test_contempt_prices_draws(void **state)
{
    (void)state;
    Search *s = search_new(1);
    assert_true(search_params_set(search_params(s), "contempt", 30));
    const char *forced[] = {"W:WK1,K10:BK46", "B:WK46:BK1,K10"};
    SearchLimits l = {.depth = 3};
    for (int i = 0; i < 2; i++) {
        setup_game(forced[i]);
        game.draw[game.ply].endgame_plies = DRAW_5_MOVES_PLIES - 1;
        search_clear(s);
        assert_int_equal(run(s, &l, GO_ANALYZE, NULL).score, -30);
    }
    assert_true(search_params_set(search_params(s), "contempt", 1000));
    setup_game("W:WK1,46,47:BK50,3,4,5");
    play("1-7");
    play("50-44");
    play("7-1");
    play("44-50");
    search_clear(s);
    l.depth = 1;
    SearchResult r = run(s, &l, GO_ANALYZE, NULL);
    char mt[MOVE_TEXT_MAX];
    notation_format_move(game_position(&game), r.best, mt);
    assert_string_not_equal(mt, "1-7");
    assert_true(r.score > -1000 && r.score < 0);
    search_free(s);
}

/* Every line of buf is an info line whose PV is legal from the game's position; returns their count. */
static int check_info_lines(char *buf)
{
    int lines = 0;
    for (char *line = strtok(buf, "\n"); line; line = strtok(NULL, "\n"), lines++) {
        int depth;
        double mean, t, nps;
        char score[16];
        unsigned long long nodes;
        int pos = 0;
        assert_int_equal(sscanf(line, "info depth=%d mean-depth=%lf score=%15s nodes=%llu time=%lf nps=%lf pv=\"%n",
                                &depth, &mean, score, &nodes, &t, &nps, &pos),
                         6);
        assert_true(pos > 0);
        char *pv = line + pos, *end = strchr(pv, '"');
        assert_non_null(end);
        *end = '\0';
        Position p = *game_position(&game);
        int n = 0;
        for (char *tok = strtok_r(pv, " ", &end); tok; tok = strtok_r(NULL, " ", &end), n++) {
            Move m;
            char err[256];
            assert_int_equal(notation_parse_move(&p, tok, &m, err, sizeof err), PARSE_OK);
            Position next;
            make_move(&p, m, &next, true);
            p = next;
        }
        assert_true(n >= 1);
    }
    return lines;
}

static void test_info_lines_carry_legal_pv(void **state)
{
    (void)state;
    Search *s = search_new(4);
    setup_game("W:W22,26,28,32,33,34,36,38,39,41,47,48,49:B2,6,7,8,9,11,12,13,15,16,17,25,30");
    char *buf = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&buf, &size);
    SearchLimits l = {.depth = 7};
    SearchResult r = run(s, &l, GO_ANALYZE, out);
    fclose(out);
    assert_int_equal(r.depth, 7);
    assert_true(check_info_lines(buf) >= 7);
    assert_true(r.ponder != MOVE_NONE);
    free(buf);
    search_free(s);
}

/* A selective technique (the search parameter name at value, against 0) changes the tree, yet every
 * PV stays legal and a shot is still found. */
static void check_selective(const char *name, int value)
{
    Search *off = search_new(4), *on = search_new(4);
    assert_true(search_params_set(search_params(off), name, 0));
    assert_true(search_params_set(search_params(on), name, value));
    setup_game("W:W22,26,28,32,33,34,36,38,39,41,47,48,49:B2,6,7,8,9,11,12,13,15,16,17,25,30");
    SearchLimits l = {.depth = 12};
    char *buf = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&buf, &size);
    SearchResult r_on = run(on, &l, GO_ANALYZE, out);
    fclose(out);
    SearchResult r_off = run(off, &l, GO_ANALYZE, NULL);
    assert_int_equal(r_on.depth, 12);
    assert_true(check_info_lines(buf) >= 12);
    assert_true(r_on.nodes != r_off.nodes);
    free(buf);
    /* a shot of the tactics suite: 25-20 gives two men to win three */
    setup_game("W:W24,25,26,27,31,32,36,38,42,45,49:B7,9,11,12,13,14,15,16,17,18,22");
    search_clear(on);
    SearchResult shot = run(on, &l, GO_ANALYZE, NULL);
    char mt[MOVE_TEXT_MAX];
    notation_format_move(game_position(&game), shot.best, mt);
    assert_string_equal(mt, "25-20");
    search_free(off);
    search_free(on);
}

/* The singular extension (deep PV nodes only): its test search runs at the node's own ply. */
static void test_singular_extension_keeps_pv_legal(void **state)
{
    (void)state;
    check_selective("singular", 40);
}

/* Futility pruning near the leaves: it leaves out nodes without losing the shot. */
static void test_futility_keeps_pv_legal(void **state)
{
    (void)state;
    check_selective("futility", 40);
}

/* ProbCut restricted to nodes whose static evaluation reaches beta. */
static void test_prune_eval_keeps_pv_legal(void **state)
{
    (void)state;
    check_selective("prune_eval", 1);
}

/* Late-move pruning of quiet moves near the leaves. */
static void test_lmp_keeps_pv_legal(void **state)
{
    (void)state;
    check_selective("lmp", 3);
}

/* Late-move reductions held to at most two plies, as deeper searches may want them. */
static void test_lmr_max_keeps_pv_legal(void **state)
{
    (void)state;
    check_selective("lmr_max", 2);
}

/* A ProbCut margin that stops growing at depth 4, so that it still cuts in deep searches. */
static void test_prune_depth_keeps_pv_legal(void **state)
{
    (void)state;
    check_selective("prune_depth", 4);
}

/* The singular test at non-PV nodes too, with its multi-cut. */
static void test_singular_cut_keeps_pv_legal(void **state)
{
    (void)state;
    check_selective("singular_cut", 1);
}

static void test_searches_are_deterministic_after_clear(void **state)
{
    (void)state;
    Search *a = search_new(2), *b = search_new(2);
    setup_game("B:W16,21,22,32,33,35,38,43,50:B7,8,12,15,19,24,25,29,30");
    SearchLimits l = {.depth = 8};
    SearchResult ra = run(a, &l, GO_ANALYZE, NULL);
    SearchResult rb = run(b, &l, GO_ANALYZE, NULL);
    assert_int_equal(ra.nodes, rb.nodes);
    assert_int_equal(ra.best, rb.best);
    SearchResult again = run(a, &l, GO_ANALYZE, NULL);
    assert_true(again.nodes < ra.nodes);   /* the table remembers */
    search_clear(a);
    again = run(a, &l, GO_ANALYZE, NULL);
    assert_int_equal(again.nodes, ra.nodes);
    search_free(a);
    search_free(b);
}

static void test_node_limit_is_exact(void **state)
{
    (void)state;
    Search *s = search_new(1);
    setup_game("start");
    SearchLimits l = {.nodes = 5000};
    SearchResult r = run(s, &l, GO_THINK, NULL);
    assert_true(r.nodes <= 5000 && r.nodes >= 4990);
    assert_true(movegen_is_legal(game_position(&game), r.best));
    assert_true(r.depth >= 1);
    l.nodes = 3;   /* not even the first iteration completes: still a legal move */
    search_clear(s);
    r = run(s, &l, GO_THINK, NULL);
    assert_int_equal(r.depth, 0);
    assert_true(movegen_is_legal(game_position(&game), r.best));
    search_free(s);
}

static void test_single_move_answered_at_once_only_when_thinking(void **state)
{
    (void)state;
    Search *s = search_new(1);
    setup_game("W:W28,45:B23,3");
    SearchLimits l = {.depth = 5};
    SearchResult r = run(s, &l, GO_THINK, NULL);
    assert_int_equal(r.nodes, 0);
    assert_true(movegen_is_legal(game_position(&game), r.best));
    r = run(s, &l, GO_ANALYZE, NULL);
    assert_int_equal(r.depth, 5);
    assert_true(r.nodes > 0);
    search_free(s);
}

typedef struct {
    int calls;
    int hit_at;    /* answer POLL_PONDER_HIT on this call (0 = never) */
    int stop_at;   /* answer POLL_STOP on this call (0 = never) */
} PollScript;

static PollResult scripted_poll(void *ctx)
{
    PollScript *p = ctx;
    p->calls++;
    if (p->calls == p->stop_at)
        return POLL_STOP;
    if (p->calls == p->hit_at)
        return POLL_PONDER_HIT;
    return POLL_CONTINUE;
}

static void test_stop_aborts_infinite_search(void **state)
{
    (void)state;
    Search *s = search_new(1);
    setup_game("start");
    PollScript p = {.stop_at = 20};
    SearchLimits l = {.infinite = true};
    SearchResult r;
    search_run(s, &game, &l, GO_ANALYZE, scripted_poll, &p, NULL, &r);
    assert_int_equal(p.calls, 20);
    assert_true(movegen_is_legal(game_position(&game), r.best));
    search_free(s);
}

static void test_ponder_ignores_clock_until_ponder_hit(void **state)
{
    (void)state;
    Search *s = search_new(1);
    setup_game("start");
    SearchLimits l = {.move_time = 0.001};
    PollScript p = {.stop_at = 40};
    SearchResult r;
    search_run(s, &game, &l, GO_PONDER, scripted_poll, &p, NULL, &r);
    assert_int_equal(p.calls, 40);   /* time never ran out while pondering */

    /* After ponder-hit the clock runs: the search ends by itself, long before the script's stop.
     * It may end at the hit itself, when the pondering before it (three polls, 12 ms idle, longer
     * on a loaded machine) already used the 20 ms, so the poll count only has to reach the hit. */
    search_clear(s);
    p = (PollScript){.hit_at = 3, .stop_at = 100000};
    l.move_time = 0.02;
    search_run(s, &game, &l, GO_PONDER, scripted_poll, &p, NULL, &r);
    assert_true(p.calls >= 3 && p.calls < 100000);
    assert_true(movegen_is_legal(game_position(&game), r.best));
    search_free(s);
}

/* A move-time search ends by itself with a legal move from a completed iteration. How close it
 * keeps to the time is measured by matches (their think-time statistics), not here: the bound
 * only tells a search the clock stopped from one it never stopped. */
static void test_move_time_is_respected(void **state)
{
    (void)state;
    Search *s = search_new(1);
    setup_game("start");
    SearchLimits l = {.move_time = 0.05};
    SearchResult r = run(s, &l, GO_THINK, NULL);
    if (r.time > 30)
        fail_msg("a move-time 0.05 search took %.3f s: the clock did not stop it", r.time);
    assert_true(r.depth >= 1 && r.depth < MAX_PLY - 2);
    assert_true(movegen_is_legal(game_position(&game), r.best));
    search_free(s);
}

/* A clock search plays a legal move from a completed iteration with time_target small or large
 * and never runs past the clock; how time_target scales the target is timeman_scale's test. */
static void test_clock_search_under_any_time_target(void **state)
{
    (void)state;
    Search *s = search_new(1);
    setup_game("start");
    SearchLimits l = {.time = 10, .clock_set = true};
    static const int TARGETS[] = {10, 300};
    for (int i = 0; i < 2; i++) {
        search_clear(s);
        assert_true(search_params_set(search_params(s), "time_target", TARGETS[i]));
        assert_true(search_params_set(search_params(s), "time_drop", 50 * i));
        SearchResult r = run(s, &l, GO_THINK, NULL);
        if (r.time >= 10)
            fail_msg("time_target %d: the search took %.3f s of a 10 s clock", TARGETS[i], r.time);
        assert_true(r.depth >= 1);
        assert_true(movegen_is_legal(game_position(&game), r.best));
    }
    search_free(s);
}

static void test_resize(void **state)
{
    (void)state;
    Search *s = search_new(3);
    assert_int_equal(search_tt_mib(s), 2);
    assert_true(search_resize_tt(s, 8));
    assert_int_equal(search_tt_mib(s), 8);
    search_free(s);
}

/* At a root the tables win, the move chosen keeps the win; inside a bigger tree the tables score
 * a won ending between the evaluations and the wins found by search. */
static void test_bitbases_keep_the_win(void **state)
{
    (void)state;
    static const char *WON[] = {"W:WK9,24:B10,16", "W:WK8,K10,K26:BK2", "W:W11,36,50:B23", "W:WK30,34:B2,20"};
    Search *s = search_new(1);
    assert_non_null(s);
    for (size_t i = 0; i < sizeof WON / sizeof WON[0]; i++) {
        setup_game(WON[i]);
        int v = 0;
        assert_true(bitbase_probe(game_position(&game), 4, &v));
        assert_int_equal(v, 1);
        SearchLimits l = {.depth = 8};
        SearchResult r = run(s, &l, GO_ANALYZE, NULL);
        Position child;
        make_move(game_position(&game), r.best, &child, true);
        assert_true(bitbase_probe(&child, 4, &v));
        if (v != -1)
            fail_msg("%s: the search gave the win away", WON[i]);
        assert_true(r.score > 0);
    }
    setup_game("W:W28,32,33:B18,19");   /* 5 pieces: the captures lead into the 4-piece tables */
    SearchLimits l = {.depth = 6};
    SearchResult r = run(s, &l, GO_ANALYZE, NULL);
    assert_true(abs(r.score) < SCORE_WIN_MIN);
    search_params(s)->bb_size = 0;   /* without tables the same search still answers */
    r = run(s, &l, GO_ANALYZE, NULL);
    assert_true(r.best != MOVE_NONE);
    search_free(s);
}

int main(void)
{
    rules_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_finds_win_by_capture),
        cmocka_unit_test(test_variant_wins),
        cmocka_unit_test(test_quiescence_resolves_captures),
        cmocka_unit_test(test_endgame_rule_scores_draw),
        cmocka_unit_test(test_repetition_scores_draw),
        cmocka_unit_test(test_king_move_rule_scores_draw),
        cmocka_unit_test(test_contempt_prices_draws),
        cmocka_unit_test(test_info_lines_carry_legal_pv),
        cmocka_unit_test(test_singular_extension_keeps_pv_legal),
        cmocka_unit_test(test_futility_keeps_pv_legal),
        cmocka_unit_test(test_prune_eval_keeps_pv_legal),
        cmocka_unit_test(test_lmp_keeps_pv_legal),
        cmocka_unit_test(test_lmr_max_keeps_pv_legal),
        cmocka_unit_test(test_prune_depth_keeps_pv_legal),
        cmocka_unit_test(test_singular_cut_keeps_pv_legal),
        cmocka_unit_test(test_searches_are_deterministic_after_clear),
        cmocka_unit_test(test_node_limit_is_exact),
        cmocka_unit_test(test_single_move_answered_at_once_only_when_thinking),
        cmocka_unit_test(test_stop_aborts_infinite_search),
        cmocka_unit_test(test_ponder_ignores_clock_until_ponder_hit),
        cmocka_unit_test(test_move_time_is_respected),
        cmocka_unit_test(test_clock_search_under_any_time_target),
        cmocka_unit_test(test_resize),
        cmocka_unit_test(test_bitbases_keep_the_win),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
