/* Evaluation: colour symmetry on every test position and along random games, and each term
 * measuring what it claims on constructed positions. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "eval.h"
#include "movegen.h"
#include "notation.h"

static void features_of(const char *text, EvalFeatures *f)
{
    Position pos;
    assert_null(notation_parse_position(text, &pos));
    eval_extract(&pos, f);
}

static int feature(const char *text, EvalTerm term)
{
    EvalFeatures f;
    features_of(text, &f);
    return f.value[term];
}

/* Asserts eval(p) == -eval(mirror(p)) and that the features are exactly negated. */
static void check_mirror(const Position *pos)
{
    Position m;
    position_mirror(pos, &m);
    EvalFeatures a, b;
    eval_extract(pos, &a);
    eval_extract(&m, &b);
    for (int i = 0; i < EVAL_TERM_COUNT; i++)
        assert_int_equal(a.value[i], -b.value[i]);
    assert_int_equal(a.phase, b.phase);
    assert_int_equal(a.scale, b.scale);
    /* Both are from the side to move's view, and mirroring swaps the side to move. */
    assert_int_equal(eval_position(pos), eval_position(&m));
    assert_int_equal(eval_score_white(&a, eval_weights), -eval_score_white(&b, eval_weights));
    Score s = eval_position(pos);
    assert_true(s > -SCORE_EVAL_MAX && s < SCORE_EVAL_MAX);
}

/* Plays random legal moves from pos, checking symmetry at each position; returns positions checked. */
static int random_walk(const Position *start, unsigned *seed, int plies)
{
    Position pos = *start;
    int checked = 0;
    for (int i = 0; i < plies; i++) {
        check_mirror(&pos);
        checked++;
        MoveList list;
        movegen_generate(&pos, &list);
        if (list.count == 0)
            break;
        *seed = *seed * 1103515245u + 12345u;
        Position next;
        position_make(&pos, list.moves[(*seed >> 16) % (unsigned)list.count], &next);
        pos = next;
    }
    return checked;
}

/* Every parseable position field of every line of a tests/data file. */
static int check_file(const char *path, unsigned *seed)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char line[4096];
    int checked = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#')
            continue;
        line[strcspn(line, "\r\n")] = 0;
        for (char *field = strtok(line, "|"); field; field = strtok(NULL, "|")) {
            Position pos;
            if (notation_parse_position(field, &pos) == NULL)
                checked += random_walk(&pos, seed, 12);
        }
    }
    fclose(f);
    return checked;
}

static void test_symmetry_data_and_random_play(void **state)
{
    (void)state;
    unsigned seed = 12345;
    int checked = check_file("tests/data/ballots-3move.fen", &seed);
    checked += check_file("tests/data/perft.txt", &seed);
    checked += check_file("tests/data/rules-cases.txt", &seed);
    Position start;
    position_start(&start);
    for (int g = 0; g < 200; g++)
        checked += random_walk(&start, &seed, 200);
    assert_true(checked > 10000);
}

static void test_start_is_balanced(void **state)
{
    (void)state;
    Position pos;
    position_start(&pos);
    assert_int_equal(eval_position(&pos), 0);
    EvalFeatures f;
    eval_extract(&pos, &f);
    assert_int_equal(f.phase, 0);
    assert_int_equal(f.scale, EVAL_SCALE_ONE);
}

static void test_material_and_kings(void **state)
{
    (void)state;
    assert_int_equal(feature("W:W31,32,33:B1,2", EVAL_MAN), 1);
    assert_int_equal(feature("W:WK31,K32:BK1,K20", EVAL_KING), 0);
    assert_int_equal(feature("W:WK31,K32:BK1,K20", EVAL_KING_FIRST), 0);
    assert_int_equal(feature("W:WK31,K32:B1,20", EVAL_KING_FIRST), 1);
    /* Crowning a man is worth clearly more than a man, in the middlegame and in the endgame. */
    const char *pairs[][2] = {{"B:WK28,31,32,33,34,35,36,37:B1,2,3,4,6,7,8,9", "B:W28,31,32,33,34,35,36,37:B1,2,3,4,6,7,8,9"},
                              {"B:WK28,40:B6,7", "B:W28,40:B6,7"}};
    Position pos;
    for (int i = 0; i < 2; i++) {
        Position man;
        assert_null(notation_parse_position(pairs[i][0], &pos));
        assert_null(notation_parse_position(pairs[i][1], &man));
        assert_true(eval_position(&man) - eval_position(&pos) > 100);
    }
    assert_null(notation_parse_position("W:WK28,40,45:B6,7,8", &pos));
    assert_true(eval_position(&pos) > 100);
    assert_null(notation_parse_position("B:WK28,40,45:B6,7,8", &pos));
    assert_true(eval_position(&pos) < -100);
}

static void test_runaway_man(void **state)
{
    (void)state;
    /* White 17 has no black piece in its forward triangle; 45 is stopped by 4 and 5. */
    assert_int_equal(feature("W:W17,45:B4,5", EVAL_RUNAWAY), 1);
    assert_int_equal(feature("W:W17,45:B4,5", EVAL_RUNAWAY_ROWS), 6);
    /* Black 7 stands in front of it. */
    assert_int_equal(feature("W:W17,45:B4,5,7", EVAL_RUNAWAY), 0);
    /* A piece beside the path can still capture it. */
    assert_int_equal(feature("W:W28:B29", EVAL_RUNAWAY), 0);
    /* An enemy king catches every man. */
    assert_int_equal(feature("W:W17,45:BK4,5", EVAL_RUNAWAY), 0);
    /* Black's runaway seen from its side: 34 runs to 46-50 with White far behind it,
     * while White 6 is stopped by Black 1. */
    assert_int_equal(feature("B:W6:B1,34", EVAL_RUNAWAY), -1);
    Position pos;
    assert_null(notation_parse_position("W:W17,45:B4,5", &pos));
    Score with = eval_position(&pos);
    assert_null(notation_parse_position("W:W17,45:B4,5,7", &pos));
    assert_true(with > eval_position(&pos) + 100);   /* better by more than the extra black man */
}

static void test_drawish_scaling(void **state)
{
    (void)state;
    EvalFeatures f;
    features_of("W:WK10:BK40,K45", &f);      /* two kings cannot beat a lone king */
    assert_int_equal(f.scale, EVAL_SCALE_ONE / 8);
    features_of("W:WK10,30:BK40,20", &f);     /* equal kings, equal men */
    assert_int_equal(f.scale, EVAL_SCALE_ONE / 2);
    features_of("W:WK10,30,35:BK40,20", &f);  /* king + 2 men against king + man */
    assert_int_equal(f.scale, EVAL_SCALE_ONE / 8);
    features_of("W:WK10,30,35,36:BK40,20,19", &f);  /* a man up with equal kings: still drawish */
    assert_int_equal(f.scale, EVAL_SCALE_ONE / 2);
    features_of("W:W30,31,32,33:B10", &f);
    assert_int_equal(f.scale, EVAL_SCALE_ONE);
    features_of("W:WK10,K20,K30,K40,15:BK50", &f);
    assert_int_equal(f.scale, EVAL_SCALE_ONE);
    /* The damping brings the score towards 0 compared with the undamped score. */
    features_of("W:WK10:BK40,K45", &f);
    Score damped = eval_score_white(&f, eval_weights);
    f.scale = EVAL_SCALE_ONE;
    Score full = eval_score_white(&f, eval_weights);
    assert_true(full < 0 && damped < 0 && -damped * 4 <= -full);
}

static void test_formations(void **state)
{
    (void)state;
    assert_int_equal(feature("W:W24,29,30:B1", EVAL_OUTPOST), 1);
    assert_int_equal(feature("W:W24,29,30:B1", EVAL_OUTPOST_WEAK), 0);
    assert_int_equal(feature("W:W24,29:B1", EVAL_OUTPOST_WEAK), 1);
    assert_int_equal(feature("W:W48:B27,21,22", EVAL_OUTPOST), -1);   /* Black's outpost 27 */
    assert_int_equal(feature("W:W48:B27,21,22", EVAL_OUTPOST_WEAK), 0);
    assert_int_equal(feature("W:W33:B28,29", EVAL_LOCKED), 1);
    assert_int_equal(feature("W:W28,33:B3", EVAL_TAIL), 1);
    assert_int_equal(feature("W:W28,32,33:B3", EVAL_TAIL), 2);
    assert_int_equal(feature("W:W36:B3", EVAL_HOOK), 1);
    assert_int_equal(feature("W:W36,41:B3", EVAL_HOOK), 0);
    assert_int_equal(feature("W:W47,48,49:B2", EVAL_BACK_GUARD), 2);
    assert_int_equal(feature("W:W47,48,49:B2", EVAL_BACK_RANK), 2);
    assert_int_equal(feature("W:W23,28:B1", EVAL_CENTRE), 2);
    assert_int_equal(feature("W:W26,31,36,37:B2,3", EVAL_BALANCE), 4);
    assert_int_equal(feature("W:W28:B3", EVAL_TEMPO), 4);   /* 28 is 4 rows up, 3 is on Black's back row */
}

static void test_king_terms(void **state)
{
    (void)state;
    assert_int_equal(feature("W:WK46:B3", EVAL_KING_MOBILITY), 9);
    assert_int_equal(feature("W:WK46:B3", EVAL_KING_DIAGONAL), 1);
    assert_int_equal(feature("W:WK46:B23", EVAL_KING_MOBILITY), 4);
    assert_int_equal(feature("W:WK46:BK5", EVAL_KING_MOBILITY), 0);
}

static void test_breakdown_lists_terms(void **state)
{
    (void)state;
    Position pos;
    assert_null(notation_parse_position("B:W17,45,33:B4,5,20", &pos));
    FILE *f = tmpfile();
    assert_non_null(f);
    eval_print_breakdown(&pos, f);
    rewind(f);
    char text[8192];
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = 0;
    fclose(f);
    for (int i = 0; i < EVAL_TERM_COUNT; i++) {
        char key[64];
        snprintf(key, sizeof key, "term=%s ", eval_term_name((EvalTerm)i));
        assert_non_null(strstr(text, key));
        assert_int_equal(eval_term_by_name(eval_term_name((EvalTerm)i)), i);
    }
    char total[64];
    snprintf(total, sizeof total, "eval total=%d side=black\n", eval_position(&pos));
    assert_non_null(strstr(text, total));
    assert_int_equal(eval_term_by_name("nonsense"), EVAL_TERM_COUNT);
}

static void test_score_bounded(void **state)
{
    (void)state;
    Position pos;
    assert_null(notation_parse_position("W:WK1-20:B45", &pos));
    Score s = eval_position(&pos);
    assert_true(s > 0 && s < SCORE_EVAL_MAX);
    EvalWeight heavy[EVAL_TERM_COUNT];
    memcpy(heavy, eval_weights, sizeof heavy);
    heavy[EVAL_KING].mg = heavy[EVAL_KING].eg = 2000;
    EvalFeatures f;
    eval_extract(&pos, &f);
    assert_int_equal(eval_score_white(&f, heavy), SCORE_EVAL_MAX - 1);
    Position m;
    position_mirror(&pos, &m);
    eval_extract(&m, &f);
    assert_int_equal(eval_score_white(&f, heavy), -(SCORE_EVAL_MAX - 1));
}

int main(void)
{
    board_init();
    eval_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_symmetry_data_and_random_play),
        cmocka_unit_test(test_start_is_balanced),
        cmocka_unit_test(test_material_and_kings),
        cmocka_unit_test(test_runaway_man),
        cmocka_unit_test(test_drawish_scaling),
        cmocka_unit_test(test_formations),
        cmocka_unit_test(test_king_terms),
        cmocka_unit_test(test_breakdown_lists_terms),
        cmocka_unit_test(test_score_bounded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
