/* The network in floating point (learn/net_grad.h): its gradient against finite differences of its
 * loss, and its rounding into the integer network, which scores within a few centi-men of it and
 * whose weights as reals round back to it. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "learn/net_grad.h"
#include "rules/hash.h"
#include "rules/make.h"
#include "rules/movegen.h"
#include "rules/rules.h"

/* The position after plies random moves from the start (seeded), or the last one with a move. */
static void random_position(uint64_t *r, int plies, Position *pos)
{
    position_start(pos);
    for (int i = 0; i < plies; i++) {
        MoveList list;
        movegen_generate(pos, &list);
        if (list.count == 0)
            return;
        Position next;
        make_move(pos, list.moves[hash_splitmix(r) % (uint64_t)list.count], &next, true);
        MoveList after;
        movegen_generate(&next, &after);
        if (after.count == 0)
            return;
        *pos = next;
    }
}

/* The gradient of one parameter of each kind against the loss's finite differences, the network's
 * score added to base (a residual network's patterns score); a pairwise network needs twice the
 * units. */
static void gradient_matches_differences(bool pairwise, double base)
{
    int hid = pairwise ? 64 : 32;
    NetShape s;
    net_grad_shape(&s, hid, 8, 3, pairwise);
    float *p = malloc(s.count * sizeof *p), *g = calloc(s.count, sizeof *g);
    net_grad_init(&s, p, 4);
    static NetPass pass;
    uint64_t r = 5;
    Position pos;
    random_position(&r, 30, &pos);
    double score, k = 0.008747, target = 0.8;
    net_grad_loss(&s, p, &pos, base, target, k, &pass, g, &score);
    assert_true(fabs(score - base - net_grad_score(&s, p, &pos, &pass)) < 1e-6);
    /* one parameter of each kind that the position uses: an active input's row, biases, layers 2, 3 */
    int in[40];
    int n = net_inputs(&pos, pos.turn, in);
    assert_true(n > 10);
    size_t u = (size_t)net_bucket(&pos, 3) * 8;   /* the first unit of the position's bucket */
    size_t probe[] = {s.w1 + (size_t)in[3] * (size_t)hid + 5, s.b1 + 7, s.b1 + (size_t)hid / 2 + 7,
                      s.w2 + (u + 3) * (size_t)s.width + 10, s.b2 + u + 2, s.w3 + u + 1, s.b3 + u / 8};
    int checked = 0;
    for (size_t i = 0; i < sizeof probe / sizeof probe[0]; i++) {
        float keep = p[probe[i]], h = 1e-3f;
        double up, down, sc;
        p[probe[i]] = keep + h;
        up = net_grad_loss(&s, p, &pos, base, target, k, &pass, NULL, &sc);
        p[probe[i]] = keep - h;
        down = net_grad_loss(&s, p, &pos, base, target, k, &pass, NULL, &sc);
        p[probe[i]] = keep;
        double numeric = (up - down) / (2 * h);
        if (fabs(numeric) < 1e-6 && fabs(g[probe[i]]) < 1e-6)
            continue;   /* a clipped unit: nothing flows, which both agree on */
        assert_true(fabs(numeric - g[probe[i]]) <= 0.02 * fabs(numeric) + 1e-5);
        checked++;
    }
    assert_true(checked >= 4);
    free(p);
    free(g);
}

static void test_gradient_matches_differences(void **state)
{
    (void)state;
    gradient_matches_differences(false, 0);
    gradient_matches_differences(true, 0);
    gradient_matches_differences(false, -180);   /* the patterns give the side to move 1.8 men less */
    gradient_matches_differences(true, 140);
}

/* The integer network scores within a few centi-men of the real one it rounds, and its weights as
 * reals round back to it. */
static void quantized_scores_follow(bool pairwise)
{
    NetShape s;
    net_grad_shape(&s, 64, 16, 2, pairwise);
    float *p = malloc(s.count * sizeof *p);
    net_grad_init(&s, p, 9);
    NetModel m;
    assert_true(net_grad_quantize(&s, p, &m));
    assert_true(net_check_range(&m));
    static NetPass pass;
    uint64_t r = 11;
    double worst = 0, spread = 0;
    for (int i = 0; i < 200; i++) {
        Position pos;
        random_position(&r, i % 60, &pos);
        double f = net_grad_score(&s, p, &pos, &pass);
        Score q = net_evaluate(&m, &pos);
        worst = fmax(worst, fabs(f - q));
        spread = fmax(spread, fabs(f));
    }
    print_message("worst %.2f spread %.2f\n", worst, spread);
    assert_true(spread > 20);     /* the scores are not all alike */
    assert_true(worst < 12);      /* rounding costs a few centi-men at most */
    /* a network file's weights as reals round back to themselves: a fit can start from a file */
    float *again = malloc(s.count * sizeof *again);
    net_grad_from_model(&s, &m, again);
    NetModel back;
    assert_true(net_grad_quantize(&s, again, &back));
    assert_memory_equal(back.w1, m.w1, (size_t)NET_INPUTS * 64 * sizeof m.w1[0]);
    assert_memory_equal(back.b1, m.b1, 64 * sizeof m.b1[0]);
    assert_memory_equal(back.w2, m.w2, (size_t)2 * 16 * (size_t)s.width);
    assert_memory_equal(back.b2, m.b2, 2 * 16 * sizeof m.b2[0]);
    assert_memory_equal(back.w3, m.w3, 2 * 16 * sizeof m.w3[0]);
    assert_memory_equal(back.b3, m.b3, 2 * sizeof m.b3[0]);
    net_free(&back);
    free(again);
    net_free(&m);
    free(p);
}

static void test_quantized_scores_follow(void **state)
{
    (void)state;
    quantized_scores_follow(false);
    quantized_scores_follow(true);
}

int main(void)
{
    rules_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gradient_matches_differences),
        cmocka_unit_test(test_quantized_scores_follow),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
