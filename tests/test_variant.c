/* The variants' names and their capability table: what each variant shares with the others. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "rules/variant.h"

/* One expected row per variant, written out independently of the table in variant.c. */
static const struct {
    const char *name;
    Variant eval_data;
    bool book, bitbases, endgame_draws, crowning_wins, king_rule, is_default;
    int no_move;
} ROWS[VARIANT_COUNT] = {
    [VARIANT_NORMAL] = {"normal", VARIANT_NORMAL, true, true, true, false, true, true, -1},
    [VARIANT_KILLER] = {"killer", VARIANT_NORMAL, true, false, true, false, true, false, -1},
    [VARIANT_BT] = {"bt", VARIANT_BT, false, false, false, true, true, false, -1},
    [VARIANT_FRISIAN] = {"frisian", VARIANT_FRISIAN, false, false, false, false, false, false, -1},
    [VARIANT_LOSING] = {"losing", VARIANT_LOSING, false, false, false, false, true, false, +1},
};

static void test_capability_rows(void **state)
{
    (void)state;
    for (int i = 0; i < VARIANT_COUNT; i++) {
        Variant v = (Variant)i;
        assert_string_equal(variant_name(v), ROWS[i].name);
        assert_int_equal(variant_eval_data(v), ROWS[i].eval_data);
        assert_int_equal(variant_has_book(v), ROWS[i].book);
        assert_int_equal(variant_has_bitbases(v), ROWS[i].bitbases);
        assert_int_equal(variant_endgame_draws(v), ROWS[i].endgame_draws);
        assert_int_equal(variant_crowning_wins(v), ROWS[i].crowning_wins);
        assert_int_equal(variant_king_rule(v), ROWS[i].king_rule);
        assert_int_equal(variant_is_default(v), ROWS[i].is_default);
        assert_int_equal(variant_no_move_outcome(v), ROWS[i].no_move);
        const VariantTraits *t = variant_traits(v);
        assert_int_equal(t->eval_data, ROWS[i].eval_data);
        assert_int_equal(t->no_move, ROWS[i].no_move);
    }
}

/* A variant's evaluation data is a variant that uses its own. */
static void test_eval_data_is_own(void **state)
{
    (void)state;
    for (int i = 0; i < VARIANT_COUNT; i++) {
        Variant data = variant_eval_data((Variant)i);
        assert_int_equal(variant_eval_data(data), data);
    }
}

/* An out-of-range value reads as normal instead of reading outside the table. */
static void test_out_of_range(void **state)
{
    (void)state;
    assert_ptr_equal(variant_traits(VARIANT_COUNT), variant_traits(VARIANT_NORMAL));
    assert_ptr_equal(variant_traits((Variant)-1), variant_traits(VARIANT_NORMAL));
    assert_string_equal(variant_name(VARIANT_COUNT), "?");
}

static void test_names(void **state)
{
    (void)state;
    Variant v;
    assert_true(variant_parse("Antidraughts", &v));
    assert_int_equal(v, VARIANT_LOSING);
    assert_true(variant_parse("FRISIAN", &v));
    assert_int_equal(v, VARIANT_FRISIAN);
    assert_false(variant_parse("chess", &v));
    assert_string_equal(variant_names(), "normal killer bt frisian losing");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_capability_rows),
        cmocka_unit_test(test_eval_data_is_own),
        cmocka_unit_test(test_out_of_range),
        cmocka_unit_test(test_names),
    };
    return cmocka_run_group_tests_name("variant", tests, NULL, NULL);
}
