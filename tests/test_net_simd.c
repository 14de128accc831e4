/* The network's vector loops (eval/net_simd.h): the build's path gives the plain C sums on random
 * and extreme activations and weights, for every length a network can have, one row or four. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "eval/net.h"
#include "eval/net_simd.h"
#include "rules/hash.h"

static void test_paths_agree(void **state)
{
    (void)state;
    static uint8_t x[2 * NET_HIDDEN_MAX];
    static int8_t w[2 * NET_HIDDEN_MAX];
    uint64_t r = 17;
    for (int round = 0; round < 200; round++) {
        for (int i = 0; i < 2 * NET_HIDDEN_MAX; i++) {
            uint64_t v = hash_splitmix(&r);
            x[i] = (uint8_t)(round % 3 == 0 ? 127 : v % 128);                       /* all saturated, or random */
            w[i] = (int8_t)(round % 5 == 0 ? (v >> 8 & 1 ? NET_W2_MAX : -NET_W2_MAX) :
                            (int)((v >> 8) % (2 * NET_W2_MAX + 1)) - NET_W2_MAX);
        }
        int n = 2 * NET_HIDDEN_STEP * (1 + round % (NET_HIDDEN_MAX / NET_HIDDEN_STEP));
        assert_int_equal(net_simd_dot(x, w, n), net_simd_dot_plain(x, w, n));
    }
    memset(x, 127, sizeof x);   /* the largest sums the bound allows, of both signs */
    memset(w, NET_W2_MAX, sizeof w);
    assert_int_equal(net_simd_dot(x, w, 2 * NET_HIDDEN_MAX), 127 * NET_W2_MAX * 2 * NET_HIDDEN_MAX);
    memset(w, -NET_W2_MAX, sizeof w);
    assert_int_equal(net_simd_dot(x, w, 2 * NET_HIDDEN_MAX), -127 * NET_W2_MAX * 2 * NET_HIDDEN_MAX);
    const char *path = net_simd_path();
    assert_true(strcmp(path, "avx512vnni") == 0 || strcmp(path, "avx2") == 0 || strcmp(path, "ssse3") == 0 ||
                strcmp(path, "simd128") == 0 || strcmp(path, "plain") == 0);
    print_message("net_simd path: %s\n", path);
}

static void test_four_rows_agree(void **state)
{
    (void)state;
    static uint8_t x[2 * NET_HIDDEN_MAX];
    static int8_t w[4 * 2 * NET_HIDDEN_MAX];
    uint64_t r = 29;
    for (int round = 0; round < 100; round++) {
        int n = 2 * NET_HIDDEN_STEP * (1 + round % (NET_HIDDEN_MAX / NET_HIDDEN_STEP));
        for (int i = 0; i < n; i++)
            x[i] = (uint8_t)(round % 4 == 0 ? 127 : hash_splitmix(&r) % 128);
        for (int i = 0; i < 4 * n; i++) {
            uint64_t v = hash_splitmix(&r);
            w[i] = (int8_t)(round % 6 == 0 ? (v & 1 ? NET_W2_MAX : -NET_W2_MAX) : (int)(v % (2 * NET_W2_MAX + 1)) - NET_W2_MAX);
        }
        int32_t out[4];
        net_simd_dot4(x, w, n, out);
        for (int k = 0; k < 4; k++)   /* each row its own sum, in its own slot */
            assert_int_equal(out[k], net_simd_dot_plain(x, w + k * n, n));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_paths_agree), cmocka_unit_test(test_four_rows_agree)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
