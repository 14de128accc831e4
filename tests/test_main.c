/* ./engine's command line (cli/main.c and every front behind it): each subcommand is reached,
 * refuses bad words with one line and exit code 2, and prints its usage for --help (run from the
 * repo root). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include "support/shell_test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Refusals: every subcommand reads its words with one parser (util/opts), so each kind of bad
 * word gets the same one-line message on stderr and exit code 2. */
static void test_refusals(void **state)
{
    (void)state;
    static const struct {
        const char *cmd, *message;
    } CASES[] = {
        {"moves", "engine moves: 1 argument expected, 0 given"},
        {"moves start --variant chess", "engine moves: bad --variant \"chess\": expected one of normal killer bt "
                                        "frisian losing"},
        {"moves W:W3:B20", "engine moves: bad position \"W:W3:B20\": "},
        {"perft start x", "engine perft: bad depth \"x\": expected an integer 0-30"},
        {"perft start 31", "engine perft: bad depth \"31\": expected an integer 0-30"},
        {"perft start 3 --bogus", "engine perft: unknown option \"--bogus\" (options: --divide --variant)"},
        {"perft start 3 --variant", "engine perft: --variant needs a value"},
        {"perft start 3 4", "engine perft: unexpected argument \"4\""},
        {"bench 0", "engine bench: bad depth \"0\": expected an integer 1-60"},
        {"bench 5 6", "engine bench: unexpected argument \"6\""},
        {"bench 5 --threads 0", "engine bench: bad --threads \"0\": expected an integer 1-256"},
        {"bench 5 --tt-size 0", "engine bench: bad --tt-size \"0\": expected an integer 1-65536"},
        {"bench 5 --param lmr", "engine bench: bad --param \"lmr\": expected NAME=VALUE"},
        {"bench 5 --param nosuch=1", "engine bench: bad --param \"nosuch=1\": no search parameter has that name"},
        {"bench 5 --param lmr=-1", "engine bench: bad --param \"lmr=-1\": expected a value from 0 to 2147483647"},
        {"hub now", "engine hub: unexpected argument \"now\""},
        {"hub --fast", "engine hub: unknown option \"--fast\""},
        {"selfplay --games 5", "engine selfplay: --out FILE is required"},
        {"selfplay --out x.txt --nodes 0", "engine selfplay: bad --nodes \"0\": expected an integer 1-1000000000"},
        {"selfplay --out x.txt --seed", "engine selfplay: --seed needs a value"},
        {"tactics", "engine tactics: 1 argument expected, 0 given"},
        {"tactics tests/data/tactics.txt --depth 1x", "engine tactics: bad --depth \"1x\": expected an integer "},
        {"tactics tests/data/tactics.txt --move-time 0", "engine tactics: bad --move-time \"0\": expected seconds "
                                                         "above 0"},
        {"tactics tests/data/tactics.txt --set nothing=1", "engine tactics: bad --set \"nothing=1\": no search "
                                                           "parameter has that name"},
        {"bitbase build --pieces 6 --out x.c", "engine bitbase build: bad --pieces \"6\": expected an integer 2-5"},
        {"bitbase build --pieces 3", "engine bitbase build: --pieces N and --out FILE.c are required"},
        {"bitbase info 4", "engine bitbase info: unexpected argument \"4\""},
        {"bitbase won --pieces 3 --count many", "engine bitbase won: bad --count \"many\": expected an integer "
                                                "1-1000000"},
        {"bitbase won --count 3", "engine bitbase won: --pieces N (up to "},
        {"book build --out x.bin --threads 0", "engine book build: bad --threads \"0\": expected an integer 1-64"},
        {"book build --nodes 5", "engine book build: --out FILE is required"},
        {"book info a.bin b.bin", "engine book info: unexpected argument \"b.bin\""},
        {"openings --count 5", "engine openings: --out FILE is required"},
        {"openings --out x.fen --plies 41", "engine openings: bad --plies \"41\": expected an integer 1-40"},
        {"openings --out x.fen --variant chess", "engine openings: bad --variant \"chess\""},
        {"match --engine1 a", "engine match: --engine1 and --engine2 are required"},
        {"match --engine1 a --engine2 b --games 0", "engine match: bad --games \"0\": expected an integer 1-1000000"},
        {"match --engine1 a --engine2 b --tc", "engine match: --tc needs a value"},
        {"match --engine1 a --engine2 b --param2 =1", "engine match: bad --param2 \"=1\": expected name=value words"},
        {"match --engine1 a --engine2 b c", "engine match: unexpected argument \"c\""},
        {"dxp", "engine dxp: give one of --listen PORT (follower) or --connect HOST:PORT (initiator)"},
        {"dxp --listen 0", "engine dxp: bad --listen \"0\": expected an integer 1-65535"},
        {"dxp --connect nowhere", "engine dxp: bad --connect \"nowhere\": expected HOST:PORT"},
        {"dxp --connect example.org:27531", "engine dxp: bad address \"example.org\": expected a numeric"},
        {"dxp --listen 27531 --side red", "engine dxp: bad --side \"red\": expected white or black"},
        {"dxp --listen 27531 --threads 0", "engine dxp: bad --threads \"0\": expected an integer 1-256"},
        {"dxp --connect 127.0.0.1:27531 --fen W:W3:B20", "engine dxp: bad --fen \"W:W3:B20\": "},
        {"dxp --connect 127.0.0.1:27531 --time 0", "engine dxp: bad --time \"0\": expected minutes above 0 that"},
        {"dxp --connect 127.0.0.1:27531 --time abc", "engine dxp: bad --time \"abc\": expected minutes above 0"},
        {"dxp --connect 127.0.0.1:27531 --time 1.25", "engine dxp: bad --time \"1.25\": expected minutes above 0"},
        {"dxp --connect 127.0.0.1:27531 --moves 1000", "engine dxp: bad --moves \"1000\": expected an integer 0-999"},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        char cmd[256], out[4096];
        snprintf(cmd, sizeof cmd, ENGINE_BIN " %s 2>&1 >/dev/null", CASES[i].cmd);
        int code = shell_run(cmd, out, sizeof out);
        if (code != 2)
            fail_msg("%s exited %d", CASES[i].cmd, code);
        if (strncmp(out, CASES[i].message, strlen(CASES[i].message)) != 0 || strchr(out, '\n') != out + strlen(out) - 1)
            fail_msg("%s said \"%s\", expected one line starting \"%s\"", CASES[i].cmd, out, CASES[i].message);
    }
    char out[4096];
    assert_int_equal(shell_run(ENGINE_BIN " frobnicate 2>&1", out, sizeof out), 2);
    assert_non_null(strstr(out, "usage: engine"));
}

/* --help: the usage of each subcommand on stdout, exit code 0. */
static void test_help(void **state)
{
    (void)state;
    static const char *const COMMANDS[] = {"hub", "moves", "perft", "bench", "selfplay", "tactics", "bitbase build",
                                           "bitbase info", "bitbase won", "book build", "book info", "openings", "match", "tune", "rescore",
                                           "eval info", "dxp"};
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++) {
        char cmd[128], out[4096], expected[64];
        snprintf(cmd, sizeof cmd, ENGINE_BIN " %s --help 2>/dev/null", COMMANDS[i]);
        snprintf(expected, sizeof expected, "usage: engine %s", strcmp(COMMANDS[i], "hub") ? COMMANDS[i] : "[hub");
        int code = shell_run(cmd, out, sizeof out);
        if (code != 0 || strncmp(out, expected, strlen(expected)) != 0)
            fail_msg("%s exited %d and said \"%s\"", cmd, code, out);
    }
}

/* The total node count of `engine bench 12` with the given extra words. */
static unsigned long long bench_nodes(const char *extra)
{
    char cmd[128], out[4096];
    snprintf(cmd, sizeof cmd, ENGINE_BIN " bench 12 %s", extra);
    assert_int_equal(shell_run(cmd, out, sizeof out), 0);
    const char *last = strstr(out, "bench nodes=");
    assert_non_null(last);
    return strtoull(last + strlen("bench nodes="), NULL, 10);
}

/* --tt-size reaches the search: a 1 MiB table fills at depth 12 and changes the tree, while the
 * default is the signature's 16 MiB. */
static void test_bench_table_size(void **state)
{
    (void)state;
    unsigned long long signature = bench_nodes("");
    assert_int_equal(bench_nodes("--tt-size 16"), signature);
    assert_int_not_equal(bench_nodes("--tt-size 1"), signature);
}

/* --param reaches the search: the default's value keeps the signature, pruning off changes it, and
 * each word of a list counts. */
static void test_bench_params(void **state)
{
    (void)state;
    unsigned long long signature = bench_nodes("");
    assert_int_equal(bench_nodes("--param futility=40"), signature);
    unsigned long long unpruned = bench_nodes("--param futility=0");
    assert_int_not_equal(unpruned, signature);
    assert_int_not_equal(bench_nodes("--param futility=0 lmp=0"), unpruned);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_help),
        cmocka_unit_test(test_bench_table_size),
        cmocka_unit_test(test_bench_params),
    };
    return cmocka_run_group_tests_name("main", tests, NULL, NULL);
}
