/* The weight vector's catalogue of terms and tables: the tables tile the vector after the terms, in
 * order, each under a name of its own, and each family's table sits where its feature function
 * points; each term's name finds it again. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <string.h>

#include "eval/eval_layout.h"

static void test_tables_tile_the_vector(void **state)
{
    (void)state;
    int next = EVAL_PATTERN_BASE;
    for (int t = 0; t < EVAL_TABLE_COUNT; t++) {
        assert_int_equal(eval_table_base(t), next);
        assert_true(eval_table_size(t) > 0);
        next += (int)eval_table_size(t);
    }
    assert_int_equal(next, EVAL_FEATURE_COUNT);
}

static void test_names_are_distinct(void **state)
{
    (void)state;
    for (int t = 0; t < EVAL_TABLE_COUNT; t++) {
        assert_string_not_equal(eval_table_name(t), "?");
        for (int u = 0; u < t; u++)
            assert_string_not_equal(eval_table_name(t), eval_table_name(u));
    }
    assert_string_equal(eval_table_name(-1), "?");
    assert_string_equal(eval_table_name(EVAL_TABLE_COUNT), "?");
}

static void test_families_where_their_features_point(void **state)
{
    (void)state;
    assert_string_equal(eval_table_name(EVAL_KING_TABLE), "king_square");
    assert_int_equal(eval_table_base(EVAL_KING_TABLE), eval_king_feature(1));
    assert_int_equal(eval_table_size(EVAL_KING_TABLE), SQUARE_COUNT);
    assert_int_equal(eval_table_base(EVAL_PATTERN_TABLES - 1) + EVAL_PATTERN_SIZE - 1,
                     eval_pattern_feature(EVAL_PATTERN_TABLES - 1, EVAL_PATTERN_SIZE - 1));
    assert_int_equal(eval_table_base(EVAL_REGION_TABLE + 2), eval_region_feature(2, 0));
    static const char *const side[EVAL_SIDE_TABLES] = {"material", "tempo", "moves", "wings"};
    static const int size[EVAL_SIDE_TABLES] = {EVAL_MATERIAL_SIZE, EVAL_TEMPO_SIZE, EVAL_MOVES_SIZE, EVAL_WINGS_SIZE};
    for (int t = 0; t < EVAL_SIDE_TABLES; t++) {
        assert_string_equal(eval_table_name(EVAL_SIDE_TABLE + t), side[t]);
        assert_int_equal(eval_table_base(EVAL_SIDE_TABLE + t), eval_side_feature(t, 0));
        assert_int_equal(eval_table_size(EVAL_SIDE_TABLE + t), size[t]);
    }
    assert_int_equal(EVAL_MATERIAL_TABLE, EVAL_SIDE_TABLE + EVAL_SIDE_MATERIAL);
}

/* Every term has a name of its own that looks it up again; an unknown name finds none. */
static void test_term_names(void **state)
{
    (void)state;
    for (int i = 0; i < EVAL_TERM_COUNT; i++) {
        assert_string_not_equal(eval_term_name((EvalTerm)i), "?");
        assert_int_equal(eval_term_by_name(eval_term_name((EvalTerm)i)), i);
    }
    assert_string_equal(eval_term_name(EVAL_TERM_COUNT), "?");
    assert_int_equal(eval_term_by_name("nonsense"), EVAL_TERM_COUNT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tables_tile_the_vector),
        cmocka_unit_test(test_names_are_distinct),
        cmocka_unit_test(test_families_where_their_features_point),
        cmocka_unit_test(test_term_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
