/* Texel tuner: it recovers the scale and direction of a known teacher evaluation from synthetic
 * results, lowers the loss, is deterministic; `engine tune` writes a weight file that reads back and
 * refuses bad arguments. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rules/rules.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "eval/eval_file.h"
#include "tools/selfplay.h"
#include "tools/tune.h"

#define TEACHER_K 0.008

/* The shipped international weights (book/eval/normal.bin). */
static const EvalWeight *normal_weights(void) { return eval_weights_of(VARIANT_NORMAL); }

static unsigned next_rand(unsigned *seed)
{
    *seed = *seed * 1103515245u + 12345u;
    return (*seed >> 8) & 0xFFFFFF;
}

#define TAUGHT_TABLE 4   /* own rows 4-7, files 0-3 */

/* The entry of TAUGHT_TABLE that White's men make in the start position (frequent early on). */
static int taught_index(void)
{
    Position pos;
    position_start(&pos);
    EvalFeatures f;
    eval_extract(&pos, &f);
    return f.pattern[TAUGHT_TABLE];
}

/* The teacher: the active weights with a much larger centre and tempo term (relative to the
 * shipped ones, so the test holds whatever they are), and a bonus for the start formation of one
 * block, which the tuner can only learn through that pattern entry. */
static void teacher_weights(EvalWeight *w)
{
    memcpy(w, normal_weights(), EVAL_FEATURE_COUNT * sizeof *w);
    w[EVAL_CENTRE].mg += 40, w[EVAL_CENTRE].eg += 40;
    w[EVAL_TEMPO].mg += 12, w[EVAL_TEMPO].eg += 12;
    w[EVAL_PATTERN_BASE + TAUGHT_TABLE * EVAL_PATTERN_SIZE + taught_index()] = (EvalWeight){60, 60};
}

/* Positions from random games; results drawn from the teacher's win probability (exact
 * probabilities instead when soft is set). */
static void make_data(TuneData *data, bool soft)
{
    static EvalWeight teacher[EVAL_FEATURE_COUNT];
    teacher_weights(teacher);
    unsigned seed = 99;
    tune_data_init(data);
    for (int g = 0; g < 300; g++) {
        Position pos;
        position_start(&pos);
        for (int ply = 0; ply < 80; ply++) {
            MoveList list;
            movegen_generate(&pos, &list);
            if (list.count == 0)
                break;
            if (list.capture_len == 0 && ply >= 4) {
                EvalFeatures f;
                eval_extract(&pos, &f);
                double p = 1.0 / (1.0 + exp(-TEACHER_K * eval_score_white(&f, teacher)));
                double u = next_rand(&seed) / (double)0x1000000;
                double result = soft ? p : u < p ? 1.0 : 0.0;
                assert_true(tune_data_add(data, &pos, result));
            }
            Position next;
            move_make(&pos, list.moves[next_rand(&seed) % (unsigned)list.count], &next);
            pos = next;
        }
    }
    assert_true(data->sample_count > 2000);
}

static void test_fit_k_recovers_scale(void **state)
{
    (void)state;
    TuneData data;
    make_data(&data, true);
    static EvalWeight teacher[EVAL_FEATURE_COUNT];
    teacher_weights(teacher);
    static double w[2 * EVAL_FEATURE_COUNT];
    for (int i = 0; i < EVAL_FEATURE_COUNT; i++)
        w[2 * i] = teacher[i].mg, w[2 * i + 1] = teacher[i].eg;
    TuneConfig cfg;
    tune_default_config(&cfg);
    double k = tune_fit_k(&data, w, &cfg);
    assert_true(fabs(k - TEACHER_K) < 0.02 * TEACHER_K);
    assert_true(tune_loss(&data, w, k, &cfg, false) < 1e-4);
    tune_data_free(&data);
}

static void test_tuner_lowers_loss_and_is_deterministic(void **state)
{
    (void)state;
    TuneData data;
    make_data(&data, false);
    TuneConfig cfg;
    tune_default_config(&cfg);
    cfg.iterations = 300;
    cfg.learning_rate = 1.0;
    cfg.l2 = 1e-7;   /* 52k pattern weights on 16k positions over-fit without it */
    static EvalWeight a[EVAL_FEATURE_COUNT], b[EVAL_FEATURE_COUNT];
    memcpy(a, normal_weights(), sizeof a);
    memcpy(b, normal_weights(), sizeof b);
    TuneReport ra, rb;
    assert_true(tune_run(&data, &cfg, a, &ra, NULL));
    assert_true(tune_run(&data, &cfg, b, &rb, NULL));
    assert_memory_equal(a, b, sizeof a);
    assert_memory_equal(&ra, &rb, sizeof ra);
    assert_true(ra.train_after < ra.train_before);
    assert_true(ra.valid_after < ra.valid_before);
    assert_true(ra.valid_count > 0 && ra.train_count > ra.valid_count);
    /* The terms the teacher overweights move towards it; the frozen unit stays. */
    assert_true(a[EVAL_CENTRE].mg > normal_weights()[EVAL_CENTRE].mg + 5);
    const EvalWeight *start = normal_weights();
    assert_true(a[EVAL_TEMPO].mg + a[EVAL_TEMPO].eg > start[EVAL_TEMPO].mg + start[EVAL_TEMPO].eg + 4);
    assert_int_equal(a[EVAL_MAN].mg, normal_weights()[EVAL_MAN].mg);
    assert_int_equal(a[EVAL_MAN].eg, normal_weights()[EVAL_MAN].eg);
    /* The pattern entry of the taught formation learns the teacher's bonus. */
    assert_true(a[EVAL_PATTERN_BASE + TAUGHT_TABLE * EVAL_PATTERN_SIZE + taught_index()].mg > 10);
    /* Two gradient threads give the same fit up to the order of the float sums. */
    cfg.threads = 2;
    memcpy(b, normal_weights(), sizeof b);
    assert_true(tune_run(&data, &cfg, b, &rb, NULL));
    for (int i = 0; i < EVAL_FEATURE_COUNT; i++)
        assert_true(abs(a[i].mg - b[i].mg) <= 1 && abs(a[i].eg - b[i].eg) <= 1);
    tune_data_free(&data);
}

static void test_l2_keeps_weights_near_start(void **state)
{
    (void)state;
    TuneData data;
    make_data(&data, false);
    TuneConfig cfg;
    tune_default_config(&cfg);
    cfg.iterations = 300;
    cfg.learning_rate = 1.0;
    cfg.l2 = 1.0;
    static EvalWeight w[EVAL_FEATURE_COUNT];
    memcpy(w, normal_weights(), sizeof w);
    TuneReport rep;
    assert_true(tune_run(&data, &cfg, w, &rep, NULL));
    for (int i = 0; i < EVAL_TERM_COUNT; i++) {
        assert_true(abs(w[i].mg - normal_weights()[i].mg) <= 1);
        assert_true(abs(w[i].eg - normal_weights()[i].eg) <= 1);
    }
    tune_data_free(&data);
}

/* Writes the positions of 40 random games as a binary self-play file at path. */
static void write_data_file(const char *path)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs(SELFPLAY_BIN_MAGIC, f);
    unsigned seed = 3;
    for (int g = 0; g < 40; g++) {
        Position pos;
        position_start(&pos);
        for (int ply = 0; ply < 60; ply++) {
            MoveList list;
            movegen_generate(&pos, &list);
            if (list.count == 0)
                break;
            uint8_t rec[SELFPLAY_RECORD_SIZE];
            selfplay_pack_record(&pos, g % 3 * 0.5, rec);
            assert_int_equal(fwrite(rec, 1, sizeof rec, f), sizeof rec);
            Position next;
            move_make(&pos, list.moves[next_rand(&seed) % (unsigned)list.count], &next);
            pos = next;
        }
    }
    assert_int_equal(fclose(f), 0);
}

/* Runs tune_main on the words of line (at most 24). */
static int run_tune(const char *line)
{
    static char copy[1024];
    char *argv[24];
    int argc = 0;
    snprintf(copy, sizeof copy, "%s", line);
    for (char *save = NULL, *w = strtok_r(copy, " ", &save); w && argc < 24; w = strtok_r(NULL, " ", &save))
        argv[argc++] = w;
    return tune_main(argc, argv);
}

/* Replaces the file at path by len bytes. */
static void put_file(const char *path, const uint8_t *bytes, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(bytes, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}

/* `engine tune` writes a weight file that reads back (variant, note, the frozen man, moved terms);
 * that file truncated, with another magic or version, read as another variant, or a file of
 * another layout is refused. */
static void test_tune_writes_weight_file(void **state)
{
    (void)state;
    char data_path[] = "/tmp/test_tune_data_XXXXXX", out[] = "/tmp/test_tune_out_XXXXXX";
    int fd = mkstemp(data_path);
    assert_true(fd >= 0);
    close(fd);
    fd = mkstemp(out);
    assert_true(fd >= 0);
    close(fd);
    write_data_file(data_path);
    char line[256];
    snprintf(line, sizeof line,
             "engine tune %s --iterations 5 --rate 2 --report 0 --threads 1 --variant frisian --out %s", data_path,
             out);
    assert_int_equal(run_tune(line), 0);
    static EvalWeight w[EVAL_FEATURE_COUNT];
    EvalFileHeader head;
    char why[EVAL_FILE_WHY_MAX] = "";
    if (!eval_file_read(out, VARIANT_FRISIAN, w, &head, why, sizeof why))
        fail_msg("%s", why);
    assert_int_equal(head.variant, VARIANT_FRISIAN);
    assert_non_null(strstr(head.note, "engine tune --variant frisian: fitted on "));
    assert_non_null(strstr(head.note, "5 iterations, rate 2"));
    const EvalWeight *start = eval_weights_of(VARIANT_FRISIAN);
    assert_memory_equal(&w[EVAL_MAN], &start[EVAL_MAN], sizeof w[0]);
    int moved = 0;
    for (int i = 0; i < EVAL_FEATURE_COUNT; i++)
        moved += w[i].mg != start[i].mg || w[i].eg != start[i].eg;
    assert_true(moved > 10);
    assert_false(eval_file_read(out, VARIANT_NORMAL, w, &head, why, sizeof why));
    assert_non_null(strstr(why, "weights of frisian, not of normal"));

    FILE *f = fopen(out, "rb");
    assert_non_null(f);
    static uint8_t bytes[1 << 20];
    size_t len = fread(bytes, 1, sizeof bytes, f);
    fclose(f);
    assert_true(len > 100 && len < sizeof bytes);
    put_file(out, bytes, len - 7);
    assert_false(eval_file_read(out, VARIANT_FRISIAN, w, &head, why, sizeof why));
    assert_non_null(strstr(why, "truncated or damaged"));
    bytes[4] = 9;   /* version 9 */
    put_file(out, bytes, len);
    assert_false(eval_file_read(out, VARIANT_FRISIAN, w, &head, why, sizeof why));
    assert_non_null(strstr(why, "format version 9"));
    bytes[1] = 'X';
    put_file(out, bytes, len);
    assert_false(eval_file_read(out, VARIANT_FRISIAN, w, &head, why, sizeof why));
    assert_non_null(strstr(why, "not an evaluation weights file"));

    EvalFileLayout layout;
    eval_file_layout(&layout);
    layout.term_name[EVAL_TEMPO] = "tempi";
    uint8_t *other = eval_file_encode(&layout, "frisian", NULL, start, &len);
    assert_non_null(other);
    put_file(out, other, len);
    free(other);
    assert_false(eval_file_read(out, VARIANT_FRISIAN, w, &head, why, sizeof why));
    assert_non_null(strstr(why, "layout differs: term 3 is \"tempi\" in the file, \"tempo\" in this engine"));
    unlink(out);
    unlink(data_path);
}

/* Refused arguments give exit code 2 (and write nothing); unreadable data 1. */
static void test_tune_refuses_bad_arguments(void **state)
{
    (void)state;
    const char *bad[] = {
        "engine tune",                                       /* no data */
        "engine tune --frobnicate DATA",                     /* unknown option */
        "engine tune --iterations 0 DATA",                   /* out of range */
        "engine tune --rate fast DATA",                      /* not a number */
        "engine tune --validation 1 DATA",                   /* holds out everything */
        "engine tune --variant chess DATA",                  /* no such variant */
        "engine tune --variant killer DATA",                 /* plays with normal's weights */
        "engine tune DATA --out",                            /* a missing value */
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        assert_int_equal(run_tune(bad[i]), 2);
    assert_int_equal(run_tune("engine tune --out /tmp/test_tune_never.bin /nonexistent/data.bin"), 1);
    assert_int_equal(access("/tmp/test_tune_never.bin", F_OK), -1);
}

static void test_load_counts_bad_lines(void **state)
{
    (void)state;
    char path[] = "/tmp/test_tune_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    fputs("W:W31,32,33:B1,2 2-0\nnot a position 1-1\nB:W40:B10 0-2\nW:W31:B1 3-0\n", f);
    fclose(f);
    TuneData data;
    tune_data_init(&data);
    assert_int_equal(tune_data_load(&data, path), 2);
    assert_int_equal(data.sample_count, 2);
    assert_true(data.samples[0].result == 1.0f && data.samples[1].result == 0.0f);
    unlink(path);
    assert_int_equal(tune_data_load(&data, path), -1);
    tune_data_free(&data);
}

static void test_load_binary_records(void **state)
{
    (void)state;
    char path[] = "/tmp/test_tune_bin_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "wb");
    assert_non_null(f);
    fputs(SELFPLAY_BIN_MAGIC, f);
    const char *texts[] = {"W:W31,32,33:B1,2", "B:W40:BK10"};
    uint8_t rec[SELFPLAY_RECORD_SIZE];
    for (int i = 0; i < 2; i++) {
        Position pos;
        assert_null(notation_parse_position(texts[i], &pos));
        selfplay_pack_record(&pos, i == 0 ? 1.0 : 0.5, rec);
        fwrite(rec, 1, sizeof rec, f);
    }
    fwrite(rec, 1, 10, f);   /* a truncated record */
    fclose(f);
    TuneData data;
    tune_data_init(&data);
    assert_int_equal(tune_data_load(&data, path), 1);
    assert_int_equal(data.sample_count, 2);
    assert_true(data.samples[0].result == 1.0f && data.samples[1].result == 0.5f);
    unlink(path);
    tune_data_free(&data);
}

int main(void)
{
    rules_init();
    eval_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fit_k_recovers_scale),
        cmocka_unit_test(test_tuner_lowers_loss_and_is_deterministic),
        cmocka_unit_test(test_l2_keeps_weights_near_start),
        cmocka_unit_test(test_tune_writes_weight_file),
        cmocka_unit_test(test_tune_refuses_bad_arguments),
        cmocka_unit_test(test_load_counts_bad_lines),
        cmocka_unit_test(test_load_binary_records),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
