/* `engine annotate` on the command line: bad arguments refused with exit code 2 (bad --games
 * ranges, two limits, a missing file, bad --side, --order, --threads, --variant or --find-depth),
 * --help, a run that writes --out, a variant for games without tags, and games read from a pipe. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/annotate_cli.h"
#include "endgame/bitbase.h"
#include "eval/eval.h"
#include "rules/rules.h"
#include "util/opts.h"

#define GOOD_PDN "tests/data/pdn/back_to_back.pdn"

static int setup(void **state)
{
    (void)state;
    rules_init();
    eval_init();
    bitbase_init();
    return 0;
}

/* Runs annotate_cli_main on the words of line (at most 24), stdout and stderr into scratch files
 * so that the suite's output stays readable. */
static int run_annotate(const char *line)
{
    static char copy[1024];
    char *argv[24];
    int argc = 0;
    snprintf(copy, sizeof copy, "%s", line);
    for (char *save = NULL, *w = strtok_r(copy, " ", &save); w && argc < 24; w = strtok_r(NULL, " ", &save))
        argv[argc++] = w;
    fflush(stdout);
    fflush(stderr);
    int out = dup(1), err = dup(2);
    FILE *sink = tmpfile();
    assert_non_null(sink);
    dup2(fileno(sink), 1);
    dup2(fileno(sink), 2);
    int rc = annotate_cli_main(argc, argv);
    fflush(stdout);
    fflush(stderr);
    dup2(out, 1);
    dup2(err, 2);
    close(out);
    close(err);
    fclose(sink);
    return rc;
}

static void test_refusals(void **state)
{
    (void)state;
    const char *bad[] = {
        "engine annotate",                                        /* no file */
        "engine annotate tests/data/pdn/no-such-file.pdn",        /* missing file */
        "engine annotate " GOOD_PDN " " GOOD_PDN,                 /* two files */
        "engine annotate " GOOD_PDN " --nodes 1000 --depth 4",    /* two limits */
        "engine annotate " GOOD_PDN " --move-time 0.1 --nodes 5",
        "engine annotate " GOOD_PDN " --nodes 0",
        "engine annotate " GOOD_PDN " --move-time 0",
        "engine annotate " GOOD_PDN " --games 9-7",               /* bad ranges */
        "engine annotate " GOOD_PDN " --games 0",
        "engine annotate " GOOD_PDN " --games 3,",
        "engine annotate " GOOD_PDN " --games x",
        "engine annotate " GOOD_PDN " --side red",
        "engine annotate " GOOD_PDN " --order sideways",
        "engine annotate " GOOD_PDN " --threads 0",
        "engine annotate " GOOD_PDN " --out " GOOD_PDN,           /* would overwrite its input */
        "engine annotate " GOOD_PDN " --colour white",            /* unknown option */
        "engine annotate " GOOD_PDN " --variant chess",
        "engine annotate " GOOD_PDN " --find-depth -1",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int rc = run_annotate(bad[i]);
        if (rc != OPTS_REFUSED)
            fail_msg("accepted: %s (exit %d)", bad[i], rc);
    }
    assert_int_equal(run_annotate("engine annotate --help"), 0);
}

/* The file at path into out (size bytes, ended by a NUL), then the file removed. */
static void take_file(const char *path, char *out, size_t size)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    size_t n = fread(out, 1, size - 1, f);
    out[n] = '\0';
    fclose(f);
    remove(path);
}

static void test_run_to_file(void **state)
{
    (void)state;
    char path[] = "/tmp/annotate_out_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    char line[256];
    snprintf(line, sizeof line, "engine annotate " GOOD_PDN " --depth 2 --side white --games 1-2 --out %s", path);
    assert_int_equal(run_annotate(line), 0);
    char text[4096];
    take_file(path, text, sizeof text);
    assert_non_null(strstr(text, "[Annotator \"Zwaluw annotate, depth=2\"]"));
    assert_non_null(strstr(text, " -> "));
}

/* The annotated text of annotating text's games with the options opts, in out (size bytes). */
static void annotate_text(const char *text, const char *opts, char *out, size_t size)
{
    char in[] = "/tmp/annotate_in_XXXXXX", path[] = "/tmp/annotate_out_XXXXXX";
    int fd = mkstemp(in), fd2 = mkstemp(path);
    assert_true(fd >= 0 && fd2 >= 0);
    assert_int_equal(write(fd, text, strlen(text)), (long)strlen(text));
    close(fd);
    close(fd2);
    char line[256];
    snprintf(line, sizeof line, "engine annotate %s %s --out %s", in, opts, path);
    assert_int_equal(run_annotate(line), 0);
    take_file(path, out, size);
    remove(in);
}

/* A game without tags is international unless --variant says otherwise: a capture along a row is
 * then frisian, and the game is annotated as such. */
static void test_variant(void **state)
{
    (void)state;
    static const char untagged[] = "[FEN \"W:W33,45:B34,6\"]\n\n1. 33x35 6-11 2. 45-40 11-16 *\n";
    char text[4096];
    annotate_text(untagged, "--depth 2 --variant frisian", text, sizeof text);
    assert_non_null(strstr(text, "[GameType \"40\"]"));
    assert_non_null(strstr(text, " -> "));
    annotate_text(untagged, "--depth 2", text, sizeof text);
    assert_null(strstr(text, " -> "));
}

static void test_games_from_a_pipe(void **state)
{
    (void)state;
    /* "-" reads standard input, here a pipe, which cannot be read twice: it is copied first */
    FILE *f = fopen("tests/data/pdn/comments.pdn", "rb");
    assert_non_null(f);
    char text[4096];
    size_t n = fread(text, 1, sizeof text, f);
    fclose(f);
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    assert_int_equal(write(fds[1], text, n), (long)n);
    close(fds[1]);
    int saved = dup(0);
    dup2(fds[0], 0);
    close(fds[0]);
    clearerr(stdin);
    char path[] = "/tmp/annotate_pipe_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    char line[256];
    snprintf(line, sizeof line, "engine annotate - --nodes 1000 --out %s", path);
    int rc = run_annotate(line);
    dup2(saved, 0);
    close(saved);
    clearerr(stdin);
    assert_int_equal(rc, 0);
    f = fopen(path, "r");
    assert_non_null(f);
    int annotated = 0;
    while (fgets(text, sizeof text, f))
        annotated += strncmp(text, "[Annotator \"Zwaluw annotate, nodes=1000\"]", 41) == 0;
    fclose(f);
    remove(path);
    assert_int_equal(annotated, 9);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_run_to_file),
        cmocka_unit_test(test_variant),
        cmocka_unit_test(test_games_from_a_pipe),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
