#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "util/game_list.h"

static void test_numbers_and_ranges(void **state)
{
    (void)state;
    GameList g;
    assert_null(game_list_parse("3,7-9", &g));
    assert_int_equal(g.count, 2);
    assert_true(game_list_has(&g, 3) && game_list_has(&g, 7) && game_list_has(&g, 9));
    assert_false(game_list_has(&g, 4) || game_list_has(&g, 10) || game_list_has(&g, 0));
    assert_null(game_list_parse("12", &g));
    assert_true(game_list_has(&g, 12) && !game_list_has(&g, 1));
    assert_null(game_list_parse("1-106", &g));
    assert_true(game_list_has(&g, 1) && game_list_has(&g, 106) && !game_list_has(&g, 107));
}

static void test_empty_list_has_every_game(void **state)
{
    (void)state;
    GameList g = {0};
    assert_true(game_list_has(&g, 1) && game_list_has(&g, 1000000));
}

static void test_refuses_what_is_not_a_list(void **state)
{
    (void)state;
    GameList g;
    const char *bad[] = {"", "0", "9-7", "3,", ",3", "3-", "a", "3;4", "1-2-3", "-4", "99999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_non_null(game_list_parse(bad[i], &g));
    char many[4 * (GAME_LIST_RANGES_MAX + 1) + 1] = "";
    for (int i = 0; i <= GAME_LIST_RANGES_MAX; i++)
        strcat(many, i ? ",1" : "1");
    assert_string_equal(game_list_parse(many, &g), "too many ranges");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_numbers_and_ranges),
        cmocka_unit_test(test_empty_list_has_every_game),
        cmocka_unit_test(test_refuses_what_is_not_a_list),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
