/* The network's vector loop (eval/net_simd.h): the build's path gives the plain C sums on random
 * and extreme activations and weights, for every width and number of units a network can have,
 * and both read the packed layout as net.h places each weight. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "eval/net.h"
#include "eval/net_simd.h"
#include "rules/hash.h"

#define WIDTH_MAX (2 * NET_HIDDEN_MAX)

static uint8_t x[WIDTH_MAX];
static int8_t w[NET_L2_MAX * WIDTH_MAX];

static void test_paths_agree(void **state)
{
    (void)state;
    uint64_t r = 17;
    for (int round = 0; round < 200; round++) {
        int n = 2 * NET_HIDDEN_STEP * (1 + round % (NET_HIDDEN_MAX / NET_HIDDEN_STEP));
        int l2 = NET_L2_STEP * (1 + round % (NET_L2_MAX / NET_L2_STEP));
        for (int i = 0; i < n; i++)
            x[i] = (uint8_t)(round % 3 == 0 ? 127 : hash_splitmix(&r) % 128);   /* all saturated, or random */
        for (int k = 0; k < n * l2; k++) {
            uint64_t v = hash_splitmix(&r);
            w[k] = (int8_t)(round % 5 == 0 ? (v & 1 ? NET_W2_MAX : -NET_W2_MAX) :
                            (int)(v % (2 * NET_W2_MAX + 1)) - NET_W2_MAX);
        }
        int32_t fast[NET_L2_MAX], plain[NET_L2_MAX];
        net_simd_layer2(x, w, n, l2, fast);
        net_simd_layer2_plain(x, w, n, l2, plain);
        assert_memory_equal(fast, plain, (size_t)l2 * sizeof fast[0]);
    }
    memset(x, 127, sizeof x);   /* the largest sums the bound allows, of both signs */
    memset(w, NET_W2_MAX, sizeof w);
    int32_t z[NET_L2_MAX];
    net_simd_layer2(x, w, WIDTH_MAX, NET_L2_MAX, z);
    for (int j = 0; j < NET_L2_MAX; j++)
        assert_int_equal(z[j], 127 * NET_W2_MAX * WIDTH_MAX);
    memset(w, -NET_W2_MAX, sizeof w);
    net_simd_layer2(x, w, WIDTH_MAX, NET_L2_MAX, z);
    for (int j = 0; j < NET_L2_MAX; j++)
        assert_int_equal(z[j], -127 * NET_W2_MAX * WIDTH_MAX);
    const char *path = net_simd_path();
    assert_true(strcmp(path, "avx512vnni") == 0 || strcmp(path, "avx2") == 0 || strcmp(path, "ssse3") == 0 ||
                strcmp(path, "simd128") == 0 || strcmp(path, "plain") == 0);
    print_message("net_simd path: %s\n", path);
}

/* A single weight placed by net_w2_at reaches its unit's sum alone, times its input, on every
 * path: the layout the loops read is the one the model's accessor writes. */
static void test_layout_is_the_models(void **state)
{
    (void)state;
    NetModel m;
    assert_true(net_alloc(&m, 128, 24, 2, false));   /* width 256, 24 units: a set of 16 and one of 8 */
    int width = net_width(&m);
    for (int i = 0; i < width; i++)
        x[i] = (uint8_t)(i % 127 + 1);
    uint64_t r = 5;
    for (int round = 0; round < 100; round++) {
        int b = round % 2, j = (int)(hash_splitmix(&r) % 24), i = (int)(hash_splitmix(&r) % (uint64_t)width);
        memset(m.w2, 0, (size_t)2 * 24 * (size_t)width);
        m.w2[net_w2_at(&m, b, j, i)] = -3;
        int32_t z[NET_L2_MAX], plain[NET_L2_MAX];
        net_simd_layer2(x, m.w2 + net_w2_at(&m, b, 0, 0), width, m.l2, z);
        net_simd_layer2_plain(x, m.w2 + net_w2_at(&m, b, 0, 0), width, m.l2, plain);
        for (int u = 0; u < m.l2; u++) {
            assert_int_equal(z[u], u == j ? -3 * x[i] : 0);
            assert_int_equal(plain[u], z[u]);
        }
    }
    net_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_paths_agree), cmocka_unit_test(test_layout_is_the_models)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
