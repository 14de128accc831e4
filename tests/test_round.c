/* Data rounds (learn/round.h, cli/round_cli.h): a manifest's shards are made one by one or all
 * that are missing, recorded with their sizes and SHA-256, checked (a damaged file is named and
 * fails the check, `run --missing` makes it again), and joined into the file of one unsharded
 * run; a rescore round takes another round's files as its data; bad manifests name their line. */
#define _GNU_SOURCE   /* mkdtemp */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "cli/round_cli.h"
#include "cli/selfplay_cli.h"
#include "endgame/bitbase.h"
#include "eval/eval.h"
#include "learn/round.h"
#include "rules/rules.h"

static char dir[64];

/* The whole of the file at path (caller frees). */
static char *file_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    rewind(f);
    char *text = calloc(1, (size_t)len + 1);
    assert_non_null(text);
    assert_int_equal(fread(text, 1, (size_t)len, f), (size_t)len);
    fclose(f);
    return text;
}

/* Runs `engine WORDS...` (split on spaces) through its cli function, stdout to /dev/null. */
static int run(int (*fn)(int, char **), const char *line)
{
    static char copy[1024];
    char *argv[32];
    int argc = 0;
    snprintf(copy, sizeof copy, "%s", line);
    for (char *save = NULL, *w = strtok_r(copy, " ", &save); w && argc < 31; w = strtok_r(NULL, " ", &save))
        argv[argc++] = w;
    argv[argc] = NULL;
    fflush(stdout);
    FILE *keep = stdout;
    stdout = fopen("/dev/null", "w");
    int rc = fn(argc, argv);
    fclose(stdout);
    stdout = keep;
    return rc;
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void command(char *buf, size_t size, const char *format, const char *a, const char *b)
{
    snprintf(buf, size, format, a, b ? b : "");
}

static void test_round_run_record_check_cat(void **state)
{
    (void)state;
    char manifest[128], rescore[128], line[512], single[128], joined[128];
    snprintf(manifest, sizeof manifest, "%s/sp.manifest", dir);
    snprintf(rescore, sizeof rescore, "%s/rs.manifest", dir);
    write_file(manifest, "# a test round\nround t1\ncommand selfplay --games 7 --nodes 300 --seed 5\nshards 3\n"
                         "out t1/part-{shard}.bin\n");
    command(line, sizeof line, "engine round run %s --shard 1 --dir %s --threads 1", manifest, dir);
    assert_int_equal(run(round_cli_main, line), 0);
    command(line, sizeof line, "engine round check %s --dir %s", manifest, dir);
    assert_int_equal(run(round_cli_main, line), 1);   /* nothing recorded yet */
    command(line, sizeof line, "engine round run %s --missing --dir %s", manifest, dir);
    assert_int_equal(run(round_cli_main, line), 0);
    command(line, sizeof line, "engine round record %s --dir %s", manifest, dir);
    assert_int_equal(run(round_cli_main, line), 0);
    command(line, sizeof line, "engine round check %s --dir %s", manifest, dir);
    assert_int_equal(run(round_cli_main, line), 0);
    Round r;
    char why[512];
    assert_true(round_read(manifest, &r, why, sizeof why));
    assert_int_equal(r.shards, 3);
    uint64_t records = 0;
    for (int i = 0; i < 3; i++) {
        assert_true(r.shard[i].done);
        assert_int_equal(strlen(r.shard[i].sha256), SHA256_HEX_LEN);
        records += r.shard[i].records;
    }
    assert_true(records > 20);
    char *text = file_text(manifest);
    assert_non_null(strstr(text, "# a test round\nround t1\n"));   /* comments kept */
    free(text);

    /* the shards joined are the unsharded run's file */
    snprintf(single, sizeof single, "%s/single.bin", dir);
    snprintf(joined, sizeof joined, "%s/joined.bin", dir);
    command(line, sizeof line, "engine selfplay --games 7 --nodes 300 --seed 5 --out %s", single, NULL);
    assert_int_equal(run(selfplay_cli_main, line), 0);
    snprintf(line, sizeof line, "engine round cat %s --dir %s --out %s", manifest, dir, joined);
    assert_int_equal(run(round_cli_main, line), 0);
    char *a = file_text(single), *b = file_text(joined);
    FILE *fa = fopen(single, "rb");
    fseek(fa, 0, SEEK_END);
    long size = ftell(fa);
    fclose(fa);
    assert_memory_equal(a, b, (size_t)size);
    free(a);
    free(b);

    /* a damaged file fails the check; run --missing makes it again */
    char part[256];
    round_shard_path(&r, dir, 2, part, sizeof part);
    FILE *f = fopen(part, "ab");
    fputc('x', f);
    fclose(f);
    command(line, sizeof line, "engine round check %s --dir %s", manifest, dir);
    assert_int_equal(run(round_cli_main, line), 1);
    command(line, sizeof line, "engine round run %s --missing --dir %s", manifest, dir);
    assert_int_equal(run(round_cli_main, line), 0);
    command(line, sizeof line, "engine round check %s --dir %s", manifest, dir);
    assert_int_equal(run(round_cli_main, line), 0);

    /* a rescore round over the self-play round's files keeps every position */
    write_file(rescore, "round t1r\ncommand rescore --nodes 200\nshards 2\nout t1r/{shard}.bin\ninput sp.manifest\n");
    command(line, sizeof line, "engine round run %s --missing --dir %s", rescore, dir);
    assert_int_equal(run(round_cli_main, line), 0);
    command(line, sizeof line, "engine round record %s --dir %s", rescore, dir);
    assert_int_equal(run(round_cli_main, line), 0);
    Round rs;
    assert_true(round_read(rescore, &rs, why, sizeof why));
    assert_int_equal(rs.shard[0].records + rs.shard[1].records, records);
    round_free(&rs);
    round_free(&r);
}

static void test_bad_manifests(void **state)
{
    (void)state;
    char path[128], why[512];
    Round r;
    snprintf(path, sizeof path, "%s/bad.manifest", dir);
    write_file(path, "round x\ncommand selfplay\nshards 2\nout x/{shard}.bin\nfrobnicate 3\n");
    assert_false(round_read(path, &r, why, sizeof why));
    assert_non_null(strstr(why, "line 5: \"frobnicate 3\""));
    write_file(path, "round x\ncommand selfplay\nshards 2\nout x.bin\n");
    assert_false(round_read(path, &r, why, sizeof why));
    assert_non_null(strstr(why, "line 4"));   /* no {shard} in the pattern */
    write_file(path, "round x\ncommand selfplay\nshards 2\nout x/{shard}.bin\ndone 2 records=1 bytes=1 sha256=00\n");
    assert_false(round_read(path, &r, why, sizeof why));
    write_file(path, "round x\nshards 2\nout x/{shard}.bin\n");
    assert_false(round_read(path, &r, why, sizeof why));
    assert_non_null(strstr(why, "needs round, command, shards and out"));
    write_file(path, "round x\ncommand match --games 2\nshards 2\nout x/{shard}.pdn\n");
    char line[256];
    snprintf(line, sizeof line, "engine round run %s --shard 0 --dir %s", path, dir);
    assert_int_equal(run(round_cli_main, line), 1);   /* a round runs selfplay or rescore */
    snprintf(line, sizeof line, "engine round run %s --shard 5 --dir %s", path, dir);
    assert_int_equal(run(round_cli_main, line), 2);
    assert_int_equal(run(round_cli_main, "engine round frob x"), 2);
    assert_int_equal(run(round_cli_main, "engine round check /nonexistent/m.manifest"), 1);
}

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/test_round_XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    return system(cmd) == 0 ? 0 : -1;
}

int main(void)
{
    rules_init();
    eval_init();
    bitbase_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_run_record_check_cat),
        cmocka_unit_test(test_bad_manifests),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
