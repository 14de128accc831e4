/* The bit-gather of the pattern tables: the gather by runs of two bits (the path of builds without
 * BMI2 pext, WebAssembly among them) gathers what the bit-by-bit reference does on every pattern and
 * region mask, for random boards, and masks not made of such runs are refused. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdint.h>

#include "eval/eval_gather.h"
#include "eval/eval_pattern.h"
#include "eval/eval_region.h"
#include "rules/rules.h"

static uint64_t next_random(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* The mask of the squares of one table. */
static Bitboard mask_of(const int *squares, int n)
{
    Bitboard m = 0;
    for (int i = 0; i < n; i++)
        m |= bb_square(squares[i]);
    return m;
}

/* Gathering by pairs (and by eval_gather, pext or pairs) equals the reference for 5000 random x. */
static void check_mask(Bitboard m, int pairs, uint64_t *seed)
{
    uint8_t shift[8];
    assert_true(eval_gather_pairs_of(m, shift, pairs));
    for (int i = 0; i < 5000; i++) {
        Bitboard x = next_random(seed) & BB_ALL;
        assert_int_equal(eval_gather_pairs(x, shift, pairs), eval_gather_portable(x, m));
        assert_int_equal(eval_gather(x, m, shift, pairs), eval_gather_portable(x, m));
    }
}

static void test_table_masks(void **state)
{
    (void)state;
    uint64_t seed = 12345;
    rules_init();
    for (int t = 0; t < EVAL_PATTERN_TABLES; t++)
        check_mask(mask_of(eval_pattern_block[t], EVAL_PATTERN_SQUARES), EVAL_PATTERN_SQUARES / 2, &seed);
    for (int t = 0; t < EVAL_REGION_TABLES; t++)
        check_mask(mask_of(eval_region_block[t], EVAL_REGION_SQUARES), EVAL_REGION_SQUARES / 2, &seed);
}

/* Masks with a lone bit, a run of three, too few or too many runs are refused. */
static void test_other_masks_refused(void **state)
{
    (void)state;
    uint8_t shift[8];
    rules_init();
    assert_false(eval_gather_pairs_of(0x1, shift, 1));
    assert_false(eval_gather_pairs_of(0x7, shift, 1));
    assert_false(eval_gather_pairs_of(0x3 | 0x30, shift, 1));
    assert_false(eval_gather_pairs_of(0x3, shift, 2));
    assert_false(eval_gather_pairs_of((Bitboard)1 << 63, shift, 1));
    assert_true(eval_gather_pairs_of(0x3 | 0x30, shift, 2));
    assert_int_equal(eval_gather_pairs(0x21, shift, 2), 0x9);   /* bits 0 and 5 of mask bits 0, 1, 4, 5 */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table_masks),
        cmocka_unit_test(test_other_masks_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
