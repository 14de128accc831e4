/* Fitting the network (learn/net_train.h): on a little self-play data the held-out loss falls, the
 * same settings give the same network byte for byte, a run stopped and resumed from its checkpoint
 * ends with the network of an unbroken run, and a checkpoint of another run or a damaged one is
 * refused. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "endgame/bitbase.h"
#include "eval/eval.h"
#include "eval/eval_weights.h"
#include "eval/net_file.h"
#include "learn/net_train.h"
#include "learn/sample.h"
#include "learn/selfplay.h"
#include "opening/openings.h"
#include "rules/rules.h"

static char data[64], ck[64];

static NetTrainConfig config(void)
{
    NetTrainConfig cfg;
    net_train_default(&cfg);
    cfg.hidden = 32, cfg.l2 = 8, cfg.epochs = 3, cfg.batch = 256, cfg.rate = 0.003, cfg.report_every = 0;
    cfg.threads = 2;
    return cfg;
}

/* Trains under cfg; returns the network's file bytes (caller frees) and its report. */
static uint8_t *train(const NetTrainConfig *cfg, NetTrainReport *rep, size_t *len, bool want_ok)
{
    const char *files[] = {data};
    NetModel m;
    char why[512] = "";
    bool ok = net_train_run(files, 1, cfg, &m, rep, NULL, why, sizeof why);
    if (ok != want_ok)
        fail_msg("net_train_run returned %d: %s", ok, why);
    if (!ok)
        return NULL;
    uint8_t *bytes = net_file_encode(&m, len);
    net_free(&m);
    return bytes;
}

static void test_loss_falls_and_runs_repeat(void **state)
{
    (void)state;
    NetTrainConfig cfg = config();
    NetTrainReport a, b;
    size_t la, lb;
    uint8_t *x = train(&cfg, &a, &la, true), *y = train(&cfg, &b, &lb, true);
    assert_true(a.valid_count > 300 && a.train_count > 3000);
    assert_true(a.valid_after < a.valid_before - 0.005);
    assert_int_equal(a.epochs, 3);
    assert_int_equal(la, lb);
    assert_memory_equal(x, y, la);
    /* from the trained network, no epoch: its own held-out loss, and itself again */
    NetModel trained;
    char why[256];
    assert_true(net_file_decode(x, la, &trained, why, sizeof why));
    cfg.from = &trained;
    cfg.epochs = 0;
    NetTrainReport c;
    size_t lc;
    uint8_t *z = train(&cfg, &c, &lc, true);
    assert_float_equal(c.valid_after, a.valid_after, 1e-12);
    assert_memory_equal(z, x, la);
    cfg.hidden = 64;   /* sizes that are not the network's */
    assert_null(train(&cfg, &c, &lc, false));
    cfg.hidden = 32, cfg.buckets = 2;   /* split in two buckets, each a copy: the same scores */
    NetTrainReport d;
    uint8_t *split = train(&cfg, &d, &lc, true);
    assert_float_equal(d.valid_after, a.valid_after, 1e-12);
    NetModel two;
    assert_true(net_file_decode(split, lc, &two, why, sizeof why));
    assert_int_equal(two.buckets, 2);
    cfg.from = &two, cfg.buckets = 3;   /* but two buckets do not split into three */
    assert_null(train(&cfg, &d, &lc, false));
    net_free(&two);
    free(split);
    net_free(&trained);
    free(x);
    free(y);
    free(z);
}

/* A network with buckets learns as one without does, and its file keeps them. */
static void test_buckets_train(void **state)
{
    (void)state;
    NetTrainConfig cfg = config();
    cfg.buckets = 3;
    NetTrainReport rep;
    size_t len;
    uint8_t *bytes = train(&cfg, &rep, &len, true);
    assert_true(rep.valid_after < rep.valid_before - 0.005);
    NetModel m;
    char why[256];
    assert_true(net_file_decode(bytes, len, &m, why, sizeof why));
    assert_int_equal(m.buckets, 3);
    net_free(&m);
    free(bytes);
}

/* The tactical gap skips training positions: more of them the smaller it is, none when it exceeds
 * any score, and what it skips changes the network. */
static void test_tactical_gap_skips(void **state)
{
    (void)state;
    NetTrainConfig cfg = config();
    cfg.epochs = 1;
    NetTrainReport none, wide, narrow, off;
    size_t l0, l1, l2, l3;
    uint8_t *a = train(&cfg, &off, &l0, true);
    cfg.tactical_gap = 10000;
    uint8_t *b = train(&cfg, &none, &l1, true);
    cfg.tactical_gap = 300;
    uint8_t *c = train(&cfg, &wide, &l2, true);
    cfg.tactical_gap = 50;
    uint8_t *d = train(&cfg, &narrow, &l3, true);
    assert_int_equal(off.tactical_skipped, 0);
    assert_int_equal(none.tactical_skipped, 0);
    assert_true(narrow.tactical_skipped > 0);
    assert_true(narrow.tactical_skipped >= wide.tactical_skipped);
    assert_true(narrow.tactical_skipped < narrow.train_count / 2);
    NetModel ma, mb, md;
    char why[256];
    assert_true(net_file_decode(a, l0, &ma, why, sizeof why));
    assert_true(net_file_decode(b, l1, &mb, why, sizeof why));
    assert_true(net_file_decode(d, l3, &md, why, sizeof why));
    size_t w1 = (size_t)NET_INPUTS * (size_t)ma.hidden * sizeof ma.w1[0];
    assert_memory_equal(ma.w1, mb.w1, w1);
    assert_memory_not_equal(ma.w1, md.w1, w1);
    net_free(&ma), net_free(&mb), net_free(&md);
    (void)l2;
    free(a), free(b), free(c), free(d);
}

/* The held-out loss against the results of the patterns alone: what a residual network that
 * corrects nothing measures. */
static double patterns_held_out_loss(double k, int validation_every)
{
    static TuneDataSet set;
    const char *files[] = {data};
    char why[256];
    assert_true(tune_data_open(&set, files, 1, validation_every, 0, why, sizeof why));
    uint32_t order[1] = {0};
    TuneStream st;
    tune_stream_start(&st, &set, order, TUNE_DATA_HELD, (TuneCursor){0, 0});
    static uint8_t rec[1 << 16][SAMPLE_RECORD_SIZE];
    double sum = 0;
    uint64_t n = 0;
    long got;
    while ((got = tune_stream_read(&st, rec[0], NULL, 1 << 16, why, sizeof why)) > 0)
        for (long i = 0; i < got; i++) {
            Position pos;
            double result;
            int score;
            assert_true(sample_unpack(rec[i], &pos, &result, &score));
            double own = pos.turn == WHITE ? result : 1 - result;
            double d = 1 / (1 + exp(-k * eval_position(&pos))) - own;
            sum += d * d, n++;
        }
    tune_stream_close(&st);
    assert_true(n > 300);
    return sum / (double)n;
}

/* A residual network fits the patterns' score plus its own: one that outputs nothing measures the
 * patterns' loss; trained, its file says residual; a plain network does not start one. */
static void test_residual_corrects_the_patterns(void **state)
{
    (void)state;
    NetTrainConfig cfg = config();
    NetModel zero;
    assert_true(net_alloc(&zero, 32, 8, 1, false));
    zero.residual = true;
    cfg.residual = true, cfg.from = &zero, cfg.epochs = 0;
    NetTrainReport rep;
    size_t len;
    free(train(&cfg, &rep, &len, true));
    assert_float_equal(rep.valid_after, patterns_held_out_loss(cfg.k, cfg.validation_every), 1e-9);
    cfg.from = NULL, cfg.epochs = 1;
    uint8_t *bytes = train(&cfg, &rep, &len, true);
    NetModel m;
    char why[256];
    assert_true(net_file_decode(bytes, len, &m, why, sizeof why));
    assert_true(m.residual);
    assert_int_equal(m.base_crc, eval_weights_crc(VARIANT_NORMAL));
    assert_int_not_equal(m.base_crc, 0);
    net_free(&m);
    free(bytes);
    zero.residual = false;   /* a plain network does not start a residual fit */
    cfg.from = &zero;
    assert_null(train(&cfg, &rep, &len, false));
    net_free(&zero);
}

static void test_resume_is_exact(void **state)
{
    (void)state;
    NetTrainConfig cfg = config();
    NetTrainReport whole, part;
    size_t lw, lp;
    uint8_t *w = train(&cfg, &whole, &lw, true);
    cfg.checkpoint = ck;
    cfg.chunk_limit = 1;   /* killed after the first chunk (here, all of epoch 1) */
    free(train(&cfg, &part, &lp, true));
    cfg.chunk_limit = 0;
    cfg.resume = ck;
    uint8_t *p = train(&cfg, &part, &lp, true);
    assert_int_equal(part.epochs, 3);
    assert_int_equal(lw, lp);
    assert_memory_equal(w, p, lw);
    free(w);
    free(p);

    cfg.seed = 2;   /* another run's checkpoint */
    assert_null(train(&cfg, &part, &lp, false));
    cfg.seed = 1;
    FILE *f = fopen(ck, "r+b");
    fseek(f, 200, SEEK_SET);
    fputc(0x5A, f);
    fclose(f);
    assert_null(train(&cfg, &part, &lp, false));
    cfg.resume = "/nonexistent/ck";
    assert_null(train(&cfg, &part, &lp, false));
    unlink(ck);
}

static int setup(void **state)
{
    (void)state;
    rules_init();
    eval_init();
    bitbase_init();
    snprintf(data, sizeof data, "/tmp/test_net_train_%d.bin", (int)getpid());
    snprintf(ck, sizeof ck, "/tmp/test_net_train_%d.ck", (int)getpid());
    Position *openings;
    char err[256];
    int count = openings_load(NULL, VARIANT_NORMAL, &openings, err, sizeof err);
    SelfplayConfig cfg;
    selfplay_default_config(&cfg);
    cfg.games = 60, cfg.nodes = 300, cfg.seed = 3, cfg.threads = 2, cfg.binary = true;
    FILE *f = fopen(data, "wb");
    fputs(SAMPLE_BIN_MAGIC, f);
    SelfplayStats stats;
    bool ok = selfplay_run(&cfg, openings, count, f, NULL, &stats);
    fclose(f);
    free(openings);
    return ok && stats.positions > 4000 ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    unlink(data);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_loss_falls_and_runs_repeat), cmocka_unit_test(test_buckets_train),
        cmocka_unit_test(test_tactical_gap_skips),
        cmocka_unit_test(test_resume_is_exact),
        cmocka_unit_test(test_residual_corrects_the_patterns),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
