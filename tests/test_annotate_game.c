/* annotate_game on a game whose scores are known: a self-play game where Black's 25... 8-13 walks
 * into the shot 27-21, 38-32, 39-33 and 34x3 (White wins two men). At 20,000 nodes a position
 * (one thread, so the same every run) the blunder gets ??, the shot's quiet moves "!" (when no
 * shallow search is asked to find them first), and the other moves no glyph. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "annotate/annotate_game.h"
#include "endgame/bitbase.h"
#include "eval/eval.h"
#include "pdn/pdn_move.h"
#include "pdn/pdn_read.h"
#include "rules/rules.h"

#define BLUNDER_PDN "tests/data/annotate/blunder.pdn"

static PdnGame game;
static Search *search;

static int setup(void **state)
{
    (void)state;
    rules_init();
    eval_init();
    bitbase_init();
    FILE *f = fopen(BLUNDER_PDN, "rb");
    assert_non_null(f);
    PdnReader *r = pdn_reader_new(f, BLUNDER_PDN);
    pdn_game_init(&game);
    assert_int_equal(pdn_reader_next(r, &game), PDN_READ_OK);
    pdn_reader_free(r);
    fclose(f);
    search = search_new(16);
    return search ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    pdn_game_free(&game);
    search_free(search);
    return 0;
}

/* The index of the move written text (PDN form) played by side, the first such; -1 when none. */
static int find_move(const char *text, Color side)
{
    for (int i = 0; i < game.move_count; i++) {
        char buf[PDN_MOVE_TEXT_MAX];
        pdn_move_format(&game.moves[i].before, game.moves[i].move, buf);
        if (game.moves[i].before.turn == side && strcmp(buf, text) == 0)
            return i;
    }
    return -1;
}

static void analyse(bool backward, bool white, bool black, int find_depth, AnnotateAnalysis *a)
{
    AnnotateConfig cfg = {.limits = {.nodes = 20000}, .backward = backward, .judge = {white, black},
                          .find_depth = find_depth};
    assert_true(annotate_game_analyse(search, &game, &cfg, NULL, NULL, a));
    assert_int_equal(a->count, game.move_count);
}

static void test_blunder_into_shot(void **state)
{
    (void)state;
    AnnotateAnalysis a;
    analyse(true, true, true, 0, &a);
    int blunder = find_move("8-13", BLACK), shot = find_move("27-21", WHITE), quiet = find_move("43-39", WHITE);
    assert_true(blunder > 0 && shot == blunder + 1 && quiet == blunder - 1);
    const AnnotateMove *m = &a.moves[blunder];
    assert_int_equal(m->cls, ANNOTATE_BLUNDER);
    assert_true(m->after > 150 && m->best < 60);          /* White's view: equal, then two men up */
    assert_true(m->best_move != game.moves[blunder].move);
    assert_true(m->line[0] != '\0' && strncmp(m->line, "25... ", 6) == 0);
    assert_true(m->notes & ANNOTATE_NOTE_NOW_WINNING);
    assert_true(a.moves[shot].only && a.moves[shot].cls == ANNOTATE_GOOD);
    /* every move but the blunder is without a glyph: the quiet 25. 43-39 among them */
    for (int i = 0; i < a.count; i++)
        if (i != blunder)
            assert_int_equal(a.moves[i].cls, ANNOTATE_GOOD);
    assert_false(a.moves[quiet].only);
    assert_true(a.moves[quiet].judged && a.moves[quiet].loss < ANNOTATE_THRESHOLDS[0].min_loss);
    /* the scores chain: after one move is before the next */
    for (int i = 0; i + 1 < a.count; i++)
        assert_true(a.moves[i].after == a.moves[i + 1].best);
    assert_true(a.start == a.moves[0].best && a.end == a.moves[a.count - 1].after);
    annotate_analysis_free(&a);
}

static void test_forward_and_side(void **state)
{
    (void)state;
    AnnotateAnalysis a;
    /* searched forward, Black's moves alone judged: the blunder still ??, White's moves unjudged */
    analyse(false, false, true, 0, &a);
    int blunder = find_move("8-13", BLACK), shot = find_move("27-21", WHITE);
    assert_int_equal(a.moves[blunder].cls, ANNOTATE_BLUNDER);
    assert_false(a.moves[shot].judged);
    assert_false(a.moves[shot].only);
    assert_true(a.moves[shot].after > 150);   /* still scored */
    annotate_analysis_free(&a);
}

/* "!" is for a find: a search of two plies plays the shot's second quiet move (26... 16x27 27.
 * 38-32), not its first (26. 27-21), and one of four plies sees the whole shot; the deep searches'
 * scores and glyphs stay as they were. */
static void test_find_depth(void **state)
{
    (void)state;
    AnnotateAnalysis every, two, four;
    analyse(true, true, true, 0, &every);
    analyse(true, true, true, 2, &two);
    analyse(true, true, true, 4, &four);
    int shot = find_move("27-21", WHITE), second = find_move("38-32", WHITE);
    assert_true(every.moves[shot].only && every.moves[second].only);
    assert_true(two.moves[shot].only);
    assert_false(two.moves[second].only);
    for (int i = 0; i < every.count; i++) {
        assert_false(four.moves[i].only);
        assert_true(two.moves[i].only <= every.moves[i].only);
        assert_true(four.moves[i].best == every.moves[i].best && four.moves[i].after == every.moves[i].after);
        assert_int_equal(four.moves[i].cls, every.moves[i].cls);
    }
    annotate_analysis_free(&every);
    annotate_analysis_free(&two);
    annotate_analysis_free(&four);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_blunder_into_shot),
        cmocka_unit_test(test_forward_and_side),
        cmocka_unit_test(test_find_depth),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
