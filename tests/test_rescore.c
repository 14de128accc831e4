/* Rescoring self-play data (learn/rescore.h): every position comes back with its result and a fresh
 * search score in White's view, bad lines are skipped, the output does not depend on the thread
 * count or the input's form, --every thins it, shards make the same output, and `engine rescore` refuses bad arguments. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rules/rules.h"
#include "rules/notation.h"
#include "eval/eval.h"
#include "cli/rescore_cli.h"
#include "learn/rescore.h"
#include "learn/sample.h"

/* White a man up (White to move, then Black), Black a man up, the start; one bad line. */
static const char *const DATA = "W:W31,32,33,34:B1,2,3 1-1 0\n"
                                "B:W31,32,33,34:B1,2,3 2-0\n"
                                "this is no position 1-1\n"
                                "W:W31,32,33:B1,2,3,4 0-2 77\n"
                                "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:"
                                "B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20 1-1\n";

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

/* Makes a new file from the mkstemp template path (rewritten to its name) holding text. */
static void write_temp(char *path, const char *text)
{
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    write_text(path, text);
}

/* Rescores the file at in at depth 4 on threads threads, every every-th position from offset;
 * returns the output text (a tmpfile). */
static char *rescore_shard_text(const char *in, int threads, bool binary, int every, int offset, Shard shard,
                                RescoreStats *stats, size_t *size_out)
{
    RescoreConfig cfg = {.depth = 4, .threads = threads, .variant = VARIANT_NORMAL, .binary = binary,
                         .every = every, .offset = offset, .shard = shard};
    FILE *out = tmpfile();
    assert_non_null(out);
    const char *files[] = {in};
    char why[256] = "";
    if (!rescore_run(files, 1, &cfg, out, NULL, stats, why, sizeof why))
        fail_msg("%s", why);
    long size = ftell(out);
    rewind(out);
    char *text = calloc((size_t)size + 1, 1);
    assert_non_null(text);
    assert_int_equal(fread(text, 1, (size_t)size, out), (size_t)size);
    fclose(out);
    if (size_out)
        *size_out = (size_t)size;
    return text;
}

static char *rescore_picked_text(const char *in, int threads, bool binary, int every, int offset,
                                 RescoreStats *stats)
{
    return rescore_shard_text(in, threads, binary, every, offset, SHARD_WHOLE, stats, NULL);
}

static char *rescore_text(const char *in, int threads, bool binary, RescoreStats *stats)
{
    return rescore_picked_text(in, threads, binary, 1, 0, stats);
}

static void test_rescore_keeps_positions_and_results(void **state)
{
    (void)state;
    char in[] = "/tmp/test_rescore_XXXXXX";
    write_temp(in, DATA);
    RescoreStats stats, again;
    char *one = rescore_text(in, 1, false, &stats);
    char *two = rescore_text(in, 2, false, &again);
    assert_string_equal(one, two);
    assert_int_equal(stats.positions, 4);
    assert_int_equal(stats.skipped, 1);
    const char *want[] = {"W:W31,32,33,34:B1,2,3", "B:W31,32,33,34:B1,2,3", "W:W31,32,33:B1,2,3,4", "start"};
    const double results[] = {0.5, 1.0, 0.0, 0.5};
    int scores[4];
    char *save = NULL;
    char *line = strtok_r(one, "\n", &save);
    for (int i = 0; i < 4; i++, line = strtok_r(NULL, "\n", &save)) {
        assert_non_null(line);
        Position pos, expect;
        double result;
        assert_true(sample_parse_line(line, &pos, &result, &scores[i]));
        assert_null(notation_parse_position(want[i], &expect));
        assert_true(pos.key == expect.key && result == results[i]);
        assert_int_not_equal(scores[i], SAMPLE_NO_SCORE);
    }
    assert_null(line);
    assert_true(scores[0] > 50 && scores[1] > 50);   /* White's view, whoever is to move */
    assert_true(scores[2] < -50);
    assert_true(abs(scores[3]) < 50);
    free(one);
    free(two);
    unlink(in);
}

/* Records in, records out: the same positions and scores as from text (the records read back). */
static void test_rescore_binary_matches_text(void **state)
{
    (void)state;
    char in[] = "/tmp/test_rescore_XXXXXX", bin[] = "/tmp/test_rescore_bin_XXXXXX";
    write_temp(in, DATA);
    write_temp(bin, "");
    RescoreStats stats;
    char *text = rescore_text(in, 1, false, &stats);
    char *records = rescore_text(in, 1, true, &stats);
    size_t len = strlen(SAMPLE_BIN_MAGIC) + 4 * SAMPLE_RECORD_SIZE;
    assert_memory_equal(records, SAMPLE_BIN_MAGIC, strlen(SAMPLE_BIN_MAGIC));
    FILE *f = fopen(bin, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(records, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
    char *back = rescore_text(bin, 2, false, &stats);
    assert_string_equal(back, text);
    assert_int_equal(stats.skipped, 0);
    free(text);
    free(records);
    free(back);
    unlink(in);
    unlink(bin);
}

/* Every second position from the second: the full run's second and fourth lines, nothing else
 * (the bad line is no position, so it does not count). */
static void test_rescore_every_nth_position(void **state)
{
    (void)state;
    char in[] = "/tmp/test_rescore_XXXXXX";
    write_temp(in, DATA);
    RescoreStats stats;
    char *all = rescore_text(in, 1, false, &stats);
    char *some = rescore_picked_text(in, 2, false, 2, 1, &stats);
    assert_int_equal(stats.positions, 2);
    char *save = NULL, *line = strtok_r(all, "\n", &save);
    char want[512] = "";
    for (int i = 0; line; i++, line = strtok_r(NULL, "\n", &save))
        if (i % 2 == 1) {
            strcat(want, line);
            strcat(want, "\n");
        }
    assert_string_equal(some, want);
    free(all);
    free(some);
    unlink(in);
}

/* The shards' outputs, concatenated in order, are the whole run's byte for byte, as records (the
 * magic in shard 0 only) and as text, with --every too; each shard counts its own positions. */
static void test_rescore_shards_concatenate(void **state)
{
    (void)state;
    char in[] = "/tmp/test_rescore_XXXXXX";
    write_temp(in, DATA);
    for (int binary = 0; binary < 2; binary++)
        for (int every = 1; every <= 2; every++) {
            RescoreStats stats;
            size_t whole_size, size;
            char *whole = rescore_shard_text(in, 1, binary, every, every - 1, SHARD_WHOLE, &stats, &whole_size);
            uint64_t positions = stats.positions, sum = 0;
            char joined[4096];
            size_t at = 0;
            for (long i = 0; i < 3; i++) {
                char *part = rescore_shard_text(in, 2, binary, every, every - 1, (Shard){i, 3}, &stats, &size);
                assert_true(at + size <= sizeof joined);
                memcpy(joined + at, part, size);
                at += size;
                sum += stats.positions;
                free(part);
            }
            assert_int_equal(at, whole_size);
            assert_memory_equal(joined, whole, whole_size);
            assert_int_equal(sum, positions);
            free(whole);
        }
    unlink(in);
}

static int run_rescore(const char *line)
{
    static char copy[512];
    char *argv[16];
    int argc = 0;
    snprintf(copy, sizeof copy, "%s", line);
    for (char *save = NULL, *w = strtok_r(copy, " ", &save); w && argc < 16; w = strtok_r(NULL, " ", &save))
        argv[argc++] = w;
    return rescore_cli_main(argc, argv);
}

/* Refused arguments give exit code 2, unreadable data 1; neither leaves an output file. */
static void test_rescore_refuses_bad_arguments(void **state)
{
    (void)state;
    const char *bad[] = {
        "engine rescore DATA",                          /* no --out */
        "engine rescore --out /tmp/test_rescore_x",     /* no data */
        "engine rescore --out DATA DATA",               /* would overwrite its input */
        "engine rescore --out X --nodes 0 DATA",        /* out of range */
        "engine rescore --out X --depth 61 DATA",       /* out of range */
        "engine rescore --out X --threads 0 DATA",      /* out of range */
        "engine rescore --out X --every 0 DATA",        /* out of range */
        "engine rescore --out X --every 2 --offset 2 DATA",   /* no such offset */
        "engine rescore --out X --variant chess DATA",  /* no such variant */
        "engine rescore --out X --frobnicate DATA",     /* unknown option */
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        assert_int_equal(run_rescore(bad[i]), 2);
    assert_int_equal(run_rescore("engine rescore --out /tmp/test_rescore_never.txt /nonexistent/data.txt"), 1);
    assert_int_equal(access("/tmp/test_rescore_never.txt", F_OK), -1);
}

int main(void)
{
    rules_init();
    eval_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rescore_keeps_positions_and_results),
        cmocka_unit_test(test_rescore_binary_matches_text),
        cmocka_unit_test(test_rescore_every_nth_position),
        cmocka_unit_test(test_rescore_shards_concatenate),
        cmocka_unit_test(test_rescore_refuses_bad_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
