/* Network files (eval/net_file.h): a model comes back from its file exactly and scores the same;
 * a damaged, cut or foreign file is refused with why; so is a model whose sums could overflow. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "eval/eval_file.h"
#include "eval/net_file.h"
#include "rules/notation.h"
#include "rules/rules.h"

static void test_round_trip(void **state)
{
    (void)state;
    NetModel m, back;
    assert_true(net_alloc(&m, 64, 16, 3, false));
    net_randomize(&m, 3);
    snprintf(m.note, sizeof m.note, "a test model");
    size_t len;
    uint8_t *bytes = net_file_encode(&m, &len);
    assert_non_null(bytes);
    assert_true(net_file_is_net(bytes, len));
    char why[256];
    assert_true(net_file_decode(bytes, len, &back, why, sizeof why));
    assert_int_equal(back.hidden, 64);
    assert_int_equal(back.l2, 16);
    assert_int_equal(back.buckets, 3);
    assert_string_equal(back.note, "a test model");
    assert_memory_equal(back.w1, m.w1, (size_t)NET_INPUTS * 64 * sizeof m.w1[0]);
    assert_memory_equal(back.w2, m.w2, (size_t)3 * 16 * 128);
    assert_memory_equal(back.b2, m.b2, 3 * 16 * sizeof m.b2[0]);
    assert_memory_equal(back.w3, m.w3, 3 * 16 * sizeof m.w3[0]);
    assert_memory_equal(back.b3, m.b3, 3 * sizeof m.b3[0]);
    const char *fen[] = {"W:W31:B20", "W:W28-40:B1-10", "W:W31-50:B1-20"};   /* one of each bucket */
    for (int i = 0; i < 3; i++) {
        Position pos;
        assert_null(notation_parse_position(fen[i], &pos));
        assert_int_equal(net_bucket(&pos, 3), i);
        assert_int_equal(net_evaluate(&back, &pos), net_evaluate(&m, &pos));
    }
    net_free(&back);

    char path[] = "/tmp/test_net_file_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    assert_true(net_file_save(&m, path, why, sizeof why));
    assert_true(net_file_load(path, &back, why, sizeof why));
    assert_memory_equal(back.b1, m.b1, 64 * sizeof m.b1[0]);
    net_free(&back);
    unlink(path);
    assert_false(net_file_load("/nonexistent/net.bin", &back, why, sizeof why));
    free(bytes);
    net_free(&m);
}

/* Writes the checksum of bytes[0..len - 4) into its last four bytes: an edited file made whole. */
static void reseal(uint8_t *bytes, size_t len)
{
    uint32_t crc = eval_file_crc32(bytes, len - 4);
    for (int i = 0; i < 4; i++)
        bytes[len - 4 + (size_t)i] = (uint8_t)(crc >> (8 * i));
}

/* The file of m as an older engine wrote it (a new checksum): version 3 without the base field
 * (before residual networks), version 2 without the activation field either (before pairwise
 * ones). In a new buffer; its length in *len. */
static uint8_t *as_version(const NetModel *m, int version, size_t *len)
{
    size_t n, drop = version == 3 ? 6 : 8, at = version == 3 ? 14 : 12;
    uint8_t *now = net_file_encode(m, &n), *old = malloc(n - drop);
    memcpy(old, now, at);
    memcpy(old + at, now + at + drop, n - at - drop);
    old[4] = (uint8_t)version;
    *len = n - drop;
    reseal(old, *len);
    free(now);
    return old;
}

/* A pairwise model comes back pairwise and scores the same; a version-2 file reads as a clipped
 * one; an unknown activation is refused. */
static void test_activations(void **state)
{
    (void)state;
    NetModel m, back;
    assert_true(net_alloc(&m, 128, 16, 2, true));
    net_randomize(&m, 11);
    size_t len;
    uint8_t *bytes = net_file_encode(&m, &len);
    char why[256];
    assert_true(net_file_decode(bytes, len, &back, why, sizeof why));
    assert_true(back.pairwise);
    assert_memory_equal(back.w2, m.w2, (size_t)2 * 16 * 128);
    Position pos;
    position_start(&pos);
    assert_int_equal(net_evaluate(&back, &pos), net_evaluate(&m, &pos));
    net_free(&back);
    bytes[12] = 2;   /* the activation field: neither kind */
    reseal(bytes, len);
    assert_false(net_file_decode(bytes, len, &back, why, sizeof why));
    assert_non_null(strstr(why, "activation 2"));
    free(bytes);
    net_free(&m);

    assert_true(net_alloc(&m, 64, 16, 3, false));
    net_randomize(&m, 12);
    bytes = as_version(&m, 2, &len);
    assert_true(net_file_decode(bytes, len, &back, why, sizeof why));
    assert_false(back.pairwise);
    assert_memory_equal(back.w2, m.w2, (size_t)3 * 16 * 128);
    assert_int_equal(net_evaluate(&back, &pos), net_evaluate(&m, &pos));
    net_free(&back);
    free(bytes);
    net_free(&m);
}

/* A residual network comes back residual (its scores are the network's own, the same); a version-3
 * file reads as not residual; an unknown base is refused. */
static void test_residual(void **state)
{
    (void)state;
    NetModel m, back;
    assert_true(net_alloc(&m, 64, 8, 1, true));
    net_randomize(&m, 21);
    m.residual = true;
    m.base_crc = 0x12345678;
    size_t len;
    uint8_t *bytes = net_file_encode(&m, &len);
    char why[256];
    assert_true(net_file_decode(bytes, len, &back, why, sizeof why));
    assert_true(back.residual);
    assert_int_equal(back.base_crc, 0x12345678);
    assert_true(back.pairwise);
    Position pos;
    position_start(&pos);
    assert_int_equal(net_evaluate(&back, &pos), net_evaluate(&m, &pos));
    net_free(&back);
    bytes[14] = 2;   /* the base field: neither none nor the patterns */
    reseal(bytes, len);
    assert_false(net_file_decode(bytes, len, &back, why, sizeof why));
    assert_non_null(strstr(why, "base 2"));
    free(bytes);
    bytes = as_version(&m, 3, &len);
    assert_true(net_file_decode(bytes, len, &back, why, sizeof why));
    assert_false(back.residual);
    assert_int_equal(back.base_crc, 0);
    assert_true(back.pairwise);
    assert_memory_equal(back.w2, m.w2, (size_t)8 * 64);
    net_free(&back);
    free(bytes);
    net_free(&m);
}

static void test_bad_files_refused(void **state)
{
    (void)state;
    NetModel m, back;
    assert_true(net_alloc(&m, 32, 8, 1, false));
    net_randomize(&m, 5);
    size_t len;
    uint8_t *bytes = net_file_encode(&m, &len);
    char why[256];
    for (size_t at = 0; at < len; at += 97) {   /* a flipped bit anywhere */
        bytes[at] ^= 4;
        assert_false(net_file_decode(bytes, len, &back, why, sizeof why));
        bytes[at] ^= 4;
    }
    assert_false(net_file_decode(bytes, len - 1, &back, why, sizeof why));
    assert_non_null(strstr(why, "cut or padded"));
    assert_false(net_file_decode((const uint8_t *)"DEVW\1\0", 6, &back, why, sizeof why));
    assert_non_null(strstr(why, "not a network file"));
    bytes[4] = 5;
    assert_false(net_file_decode(bytes, len, &back, why, sizeof why));
    assert_non_null(strstr(why, "version 5"));
    free(bytes);
    m.b1[3] = 30000;   /* with the column's largest entries: past int16 */
    for (int f = 0; f < 40; f++)
        m.w1[(size_t)f * 32 + 3] = 100;
    bytes = net_file_encode(&m, &len);
    assert_false(net_file_decode(bytes, len, &back, why, sizeof why));
    assert_non_null(strstr(why, "int16"));
    free(bytes);
    net_free(&m);
}

int main(void)
{
    rules_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_activations),
        cmocka_unit_test(test_residual),
        cmocka_unit_test(test_bad_files_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
