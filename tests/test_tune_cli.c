/* `engine tune` on the command line: it writes a weight file that reads back (and damaged or foreign
 * files are refused), starts from a given one, measures only, and refuses bad arguments. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rules/rules.h"
#include "rules/movegen.h"
#include "eval/eval_file.h"
#include "learn/sample.h"
#include "cli/tune_cli.h"
#include "support/tune_test_util.h"
#include "rules/make.h"
#include "eval/eval.h"
#include "eval/eval_weights.h"

/* Writes the positions of 40 random games as a binary self-play file at path. */
static void write_data_file(const char *path)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs(SAMPLE_BIN_MAGIC, f);
    unsigned seed = 3;
    for (int g = 0; g < 40; g++) {
        Position pos;
        position_start(&pos);
        for (int ply = 0; ply < 60; ply++) {
            MoveList list;
            movegen_generate(&pos, &list);
            if (list.count == 0)
                break;
            uint8_t rec[SAMPLE_RECORD_SIZE];
            sample_pack(&pos, g % 3 * 0.5, SAMPLE_NO_SCORE, rec);
            assert_int_equal(fwrite(rec, 1, sizeof rec, f), sizeof rec);
            Position next;
            make_move(&pos, list.moves[next_rand(&seed) % (unsigned)list.count], &next, true);
            pos = next;
        }
    }
    assert_int_equal(fclose(f), 0);
}

/* Runs tune_cli_main on the words of line (at most 24). */
static int run_tune(const char *line)
{
    static char copy[1024];
    char *argv[24];
    int argc = 0;
    snprintf(copy, sizeof copy, "%s", line);
    for (char *save = NULL, *w = strtok_r(copy, " ", &save); w && argc < 24; w = strtok_r(NULL, " ", &save))
        argv[argc++] = w;
    return tune_cli_main(argc, argv);
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
    temp_name(data_path), temp_name(out);
    write_data_file(data_path);
    char line[256];
    snprintf(line, sizeof line,
             "engine tune %s --epochs 5 --batch 256 --rate 2 --report 0 --threads 1 --variant frisian --out %s",
             data_path, out);
    assert_int_equal(run_tune(line), 0);
    static EvalWeight w[EVAL_FEATURE_COUNT];
    EvalFileHeader head;
    char why[EVAL_FILE_WHY_MAX] = "";
    if (!eval_file_read(out, VARIANT_FRISIAN, w, &head, why, sizeof why))
        fail_msg("%s", why);
    assert_int_equal(head.variant, VARIANT_FRISIAN);
    assert_non_null(strstr(head.note, "engine tune --variant frisian: fitted on "));
    assert_non_null(strstr(head.note, "5 epochs, batch 256, rate 2"));
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
    assert_non_null(strstr(why, "layout differs: term 3 \"tempi\" of the file is unknown to this engine"));
    unlink(out);
    unlink(data_path);
}

/* --from starts the fit from a weight file (a tiny step stays next to it, far from the embedded
 * weights); --epochs 0 measures and writes nothing; a --from file of another variant, or none, is
 * refused with exit code 1. */
static void test_tune_from_file_and_measure_only(void **state)
{
    (void)state;
    char data_path[] = "/tmp/test_tune_data_XXXXXX", a[] = "/tmp/test_tune_a_XXXXXX", b[] = "/tmp/test_tune_b_XXXXXX";
    temp_name(data_path), temp_name(a), temp_name(b);
    write_data_file(data_path);
    char line[320];
    const char *fr = "--batch 256 --report 0 --threads 1 --variant frisian";
    snprintf(line, sizeof line, "engine tune %s --epochs 5 --rate 2 %s --out %s", data_path, fr, a);
    assert_int_equal(run_tune(line), 0);
    snprintf(line, sizeof line, "engine tune %s --epochs 1 --rate 0.001 %s --from %s --out %s", data_path, fr, a, b);
    assert_int_equal(run_tune(line), 0);
    static EvalWeight wa[EVAL_FEATURE_COUNT], wb[EVAL_FEATURE_COUNT];
    EvalFileHeader head;
    char why[EVAL_FILE_WHY_MAX] = "";
    assert_true(eval_file_read(a, VARIANT_FRISIAN, wa, &head, why, sizeof why));
    assert_true(eval_file_read(b, VARIANT_FRISIAN, wb, &head, why, sizeof why));
    const EvalWeight *embedded = eval_weights_of(VARIANT_FRISIAN);
    int far_from_embedded = 0;
    for (int i = 0; i < EVAL_FEATURE_COUNT; i++) {
        assert_true(abs(wb[i].mg - wa[i].mg) <= 1 && abs(wb[i].eg - wa[i].eg) <= 1);
        far_from_embedded += abs(wb[i].mg - embedded[i].mg) > 1 || abs(wb[i].eg - embedded[i].eg) > 1;
    }
    assert_true(far_from_embedded > 10);
    unlink(b);
    snprintf(line, sizeof line, "engine tune %s --epochs 0 %s --from %s --out %s", data_path, fr, a, b);
    assert_int_equal(run_tune(line), 0);
    assert_int_equal(access(b, F_OK), -1);   /* measured only */
    snprintf(line, sizeof line, "engine tune %s --epochs 1 --threads 1 --from %s --out %s", data_path, a, b);
    assert_int_equal(run_tune(line), 1);   /* frisian weights for normal */
    snprintf(line, sizeof line, "engine tune %s --epochs 1 %s --from /nonexistent/w.bin --out %s", data_path, fr, b);
    assert_int_equal(run_tune(line), 1);
    assert_int_equal(access(b, F_OK), -1);
    unlink(a), unlink(data_path);
}

/* Refused arguments give exit code 2 (and write nothing); unreadable data 1. */
static void test_tune_refuses_bad_arguments(void **state)
{
    (void)state;
    const char *bad[] = {
        "engine tune",                                       /* no data */
        "engine tune --frobnicate DATA",                     /* unknown option */
        "engine tune --epochs -1 DATA",                      /* out of range */
        "engine tune --iterations 9 DATA",                   /* gone: epochs now */
        "engine tune --batch 0 DATA",                        /* out of range */
        "engine tune --decay 1.5 DATA",                      /* out of range */
        "engine tune --k -0.1 DATA",                         /* out of range */
        "engine tune --max-positions -5 DATA",               /* out of range */
        "engine tune --min-count -1 DATA",                   /* out of range */
        "engine tune --only material,bogus DATA",            /* no such table */
        "engine tune --only material,,tempo DATA",           /* an empty name */
        "engine tune --checkpoint DATA",                     /* a missing value: the data is taken */
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

int main(void)
{
    rules_init();
    eval_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tune_writes_weight_file),
        cmocka_unit_test(test_tune_from_file_and_measure_only),
        cmocka_unit_test(test_tune_refuses_bad_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
