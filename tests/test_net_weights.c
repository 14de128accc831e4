/* The process's network (eval/net_weights.h): the embedded one decodes, knows material and is
 * what net_weights gives until a good file takes its place; a bad file changes nothing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "eval/eval_weights.h"
#include "eval/net_file.h"
#include "eval/net_weights.h"
#include "rules/notation.h"
#include "rules/rules.h"

static Score score_of(const NetModel *m, const char *fen)
{
    Position pos;
    assert_null(notation_parse_fen(fen, &pos));
    return net_evaluate(m, &pos);
}

/* A trained network, unlike a random one, sees that the start is about level and that two men
 * up, the side to move's, is far ahead (for either colour: the mirrored position). */
static void test_embedded_is_trained(void **state)
{
    (void)state;
    const NetModel *m = net_weights_embedded();
    assert_non_null(m);
    assert_true(m == net_weights_embedded());
    assert_true(m->hidden >= NET_HIDDEN_STEP && m->hidden % NET_HIDDEN_STEP == 0);
    assert_true(m->l2 >= NET_L2_STEP && m->l2 % NET_L2_STEP == 0);
    assert_true(strlen(m->note) > 0);
    Position pos;
    position_start(&pos);
    Score start = net_evaluate(m, &pos);
    assert_true(start > -30 && start < 30);
    /* The start without Black's men on 16 and 20, and its mirror image. */
    Score up = score_of(m, "W:W31-50:B1-15,17,18,19");
    assert_true(up > 100);
    assert_int_equal(score_of(m, "B:W32-34,36-50:B1-20"), up);
}

static void test_file_takes_its_place(void **state)
{
    (void)state;
    char why[256];
    assert_true(net_weights() == net_weights_embedded());
    assert_false(net_weights_use_file("/nonexistent/net.bin", why, sizeof why));
    assert_true(strlen(why) > 0);
    assert_true(net_weights() == net_weights_embedded());

    NetModel m;
    assert_true(net_alloc(&m, 32, 8, 2, false));
    net_randomize(&m, 7);
    char path[] = "/tmp/test_net_weights_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    assert_true(net_file_save(&m, path, why, sizeof why));
    assert_true(net_weights_use_file(path, why, sizeof why));
    const NetModel *w = net_weights();
    assert_true(w != net_weights_embedded());
    assert_int_equal(w->hidden, 32);
    Position pos;
    position_start(&pos);
    assert_int_equal(net_evaluate(w, &pos), net_evaluate(&m, &pos));

    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs("not a network", f);
    fclose(f);
    assert_false(net_weights_use_file(path, why, sizeof why));
    assert_true(net_weights() == w);
    unlink(path);
    net_free(&m);
}

/* The weights in use name their file by its checksum (the embedded file's last four bytes); a
 * residual network fits the patterns whose checksum it carries, or an unknown one, and no other;
 * a plain network fits any. */
static void test_residual_fits_its_patterns(void **state)
{
    (void)state;
    const unsigned char *bytes;
    size_t len;
    eval_weights_embedded_file(VARIANT_NORMAL, &bytes, &len);
    uint32_t crc = (uint32_t)bytes[len - 4] | (uint32_t)bytes[len - 3] << 8 | (uint32_t)bytes[len - 2] << 16 |
                   (uint32_t)bytes[len - 1] << 24;
    assert_int_equal(eval_weights_crc(VARIANT_NORMAL), crc);
    assert_int_equal(eval_weights_crc(VARIANT_KILLER), crc);   /* killer plays with normal's weights */
    assert_int_not_equal(eval_weights_crc(VARIANT_FRISIAN), crc);
    NetModel m = {.residual = true, .base_crc = crc};
    char why[256] = "";
    assert_true(net_weights_fit(&m, why, sizeof why));
    m.base_crc = 0;
    assert_true(net_weights_fit(&m, why, sizeof why));
    m.base_crc = crc + 1;
    assert_false(net_weights_fit(&m, why, sizeof why));
    assert_non_null(strstr(why, "corrects the patterns"));
    m.residual = false;
    assert_true(net_weights_fit(&m, why, sizeof why));
}

int main(void)
{
    rules_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_embedded_is_trained),
        cmocka_unit_test(test_file_takes_its_place),
        cmocka_unit_test(test_residual_fits_its_patterns),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
