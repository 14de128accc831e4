/* The evaluation cache: it returns exactly what it caches, whatever else shares an entry's slot. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdlib.h>

#include "rules/rules.h"
#include "eval/eval_cache.h"

#include "support/eval_test_util.h"

/* The cache returns exactly eval_position, from a zeroed cache, on repeated lookups and on other
 * positions forced into the same slot (their keys' low bits made equal, the lock bits left apart). */
static void test_cache_matches_eval(void **state)
{
    (void)state;
    EvalCache *cache = calloc(1, sizeof *cache);
    assert_non_null(cache);
    Position empty;
    position_set(&empty, 0, 0, 0, 0, WHITE);
    assert_int_equal(eval_cache_position(cache, &empty, normal_weights()), eval_position(&empty));
    unsigned seed = 777;
    const Key slot = EVAL_CACHE_ENTRIES - 1;
    Position start, pos;
    position_start(&start);
    for (int g = 0; g < 100; g++) {
        pos = start;
        for (int ply = 0; ply < 120; ply++) {
            for (int again = 0; again < 2; again++)
                assert_int_equal(eval_cache_position(cache, &pos, normal_weights()), eval_position(&pos));
            Position other = pos;   /* same slot, other side to move or piece sets */
            other.turn = (Color)!pos.turn;
            other.key = (position_compute_key(&other) & ~slot) | (pos.key & slot);
            assert_int_equal(eval_cache_position(cache, &other, normal_weights()), eval_position(&other));
            other.kings ^= pos.pieces[WHITE] & -pos.pieces[WHITE];
            other.key = (position_compute_key(&other) & ~slot) | (pos.key & slot);
            assert_int_equal(eval_cache_position(cache, &other, normal_weights()), eval_position(&other));
            assert_int_equal(eval_cache_position(cache, &pos, normal_weights()), eval_position(&pos));
            if (!play_random(&pos, &seed))
                break;
        }
    }
    free(cache);
}

int main(void)
{
    rules_init();
    eval_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cache_matches_eval),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
