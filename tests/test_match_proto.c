/* The match with Hub-1 and DXP engines: build/tests/fake_hub1 and build/tests/fake_dxp speak the
 * protocols strictly (a Hub-1 or DXP dialogue the match gets wrong turns into a fault in the log)
 * and misbehave on purpose: their faults must cost the game without stopping the match. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "support/shell_test_util.h"

#include "rules/rules.h"
#include "match/engine_driver.h"
#include "match/match.h"
#include "support/match_test_util.h"

#define FAKE TEST_BIN_DIR "/fake_engine"
#define HUB1 "hub1:" TEST_BIN_DIR "/fake_hub1"
#define DXP "dxp:" TEST_BIN_DIR "/fake_dxp connect {port}"
#define DXP_LISTEN "dxp-listen:" TEST_BIN_DIR "/fake_dxp listen {port}"

/* Runs `engine match ARGS` (a PDN file to pdn when not NULL); returns the log (caller frees). */
static char *run_match(char **args, int n, MatchResult *res, const char *pdn)
{
    char *argv[64] = {"engine", "match"};
    for (int i = 0; i < n; i++)
        argv[i + 2] = args[i];
    if (pdn) {
        argv[n + 2] = "--pdn";
        argv[n + 3] = (char *)pdn;
        n += 2;
    }
    char *log;
    free(match_test_run(n + 2, argv, res, true, &log));
    return log;
}

/* A clean match of n games against engine2, every game to its end by the rules; the PDN names
 * engine2 by the name its protocol gave. The time margin is a minute: these games test the
 * protocols, and a loaded machine or a sanitizer build must not lose one on time. */
static void assert_clean(const char *engine2, const char *tc, int games, const char *name)
{
    char path[] = "/tmp/test_match_proto_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    char n[16];
    snprintf(n, sizeof n, "%d", games);
    char *args[] = {"--engine1", FAKE, "--engine2", (char *)engine2, "--games", n, "--tc", (char *)tc, "--margin", "60"};
    MatchResult res;
    char *log = run_match(args, 10, &res, path);
    assert_string_equal(log, "");
    free(log);
    assert_int_equal(res.games_played, games);
    char *pdn = file_text(path);
    unlink(path);
    assert_int_equal(text_count(pdn, name), games);
    assert_int_equal(text_count(pdn, "[Termination"), games);
    free(pdn);
}

static void test_hub1_engine_plays_under_every_limit(void **state)
{
    (void)state;
    assert_clean(HUB1, "move-time=0.05", 4, "\"Fake One\"]");
    assert_clean(HUB1, "time=10 inc=0.1", 2, "\"Fake One\"]");
    assert_clean(HUB1, "depth=3", 2, "\"Fake One\"]");
}

static void test_hub1_faults_lose(void **state)
{
    (void)state;
    char *illegal[] = {"--engine1", FAKE, "--engine2", HUB1 " illegal 2", "--games", "2", "--tc", "depth=1"};
    MatchResult res;
    char *log = run_match(illegal, 8, &res, NULL);
    assert_int_equal(res.tally.wins, 2);
    assert_int_equal(text_count(log, "played an illegal move"), 2);
    assert_int_equal(text_count(log, "line \"move 1-2\""), 2);
    free(log);
    char *error[] = {"--engine1", FAKE, "--engine2", HUB1 " error 1", "--games", "2", "--tc", "depth=1"};
    log = run_match(error, 8, &res, NULL);
    assert_int_equal(res.tally.wins, 2);
    assert_int_equal(text_count(log, "broke the protocol"), 2);
    assert_int_equal(text_count(log, "error cannot search"), 2);
    free(log);
}

static void test_dxp_engine_plays_both_ways(void **state)
{
    (void)state;
    assert_clean(DXP, "move-time=0.05", 4, "\"Fake DXP\"]");
    /* a chat line before every move, and the engine listening instead of connecting */
    assert_clean(DXP_LISTEN " chat", "time=5 inc=0.1", 2, "\"Fake DXP\"]");
}

/* The issue's own command: our engine connecting bare to the match follows and plays every game. */
static void test_own_dxp_player_follows_when_connecting_bare(void **state)
{
    (void)state;
    assert_clean("dxp:" ENGINE_BIN " dxp --connect 127.0.0.1:{port} 2>/dev/null", "move-time=0.02", 2, "\"Zwaluw");
}

/* The clock a DXP engine is asked for (and held to): the time of the --tc over the moves a side
 * can make, rounded up to a time the request can write, sub-minute ones in hundredths. */
static void test_dxp_clock_mapping(void **state)
{
    (void)state;
    static const struct {
        const char *tc;
        int max_plies, centiminutes, moves;
    } CASES[] = {
        {"move-time=0.05", 400, 17, 201},    /* 10.05 s: .17 (10.2 s) */
        {"move-time=0.1", 200, 17, 101},     /* 10.1 s: .17 */
        {"move-time=0.02", 400, 7, 201},     /* 4.02 s: .07 (4.2 s) */
        {"time=10 inc=0.1", 400, 51, 201},   /* 30.1 s: .51 */
        {"time=60", 400, 100, 201},          /* 001 */
        {"time=61", 400, 110, 201},          /* 1.1 */
        {"move-time=5", 400, 1700, 201},     /* 1005 s: 017 */
        {"time=100000", 400, DXP_TIME_MAX, 201},
        {"move-time=0.001", 2, 1, 2},        /* at least .01 */
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        TimeControl tc;
        assert_null(time_control_parse(CASES[i].tc, &tc));
        int c, moves;
        engine_driver_dxp_clock(&tc, CASES[i].max_plies, &c, &moves);
        assert_int_equal(c, CASES[i].centiminutes);
        assert_int_equal(moves, CASES[i].moves);
        double seconds = tc.kind == TC_CLOCK ? tc.time + tc.inc * moves : tc.move_time * moves;
        assert_true(dxp_msg_time_seconds(c) >= seconds - 1e-9 || c == DXP_TIME_MAX);
    }
}

static void test_dxp_faults_lose(void **state)
{
    (void)state;
    static const struct {
        const char *mode, *log;
    } CASES[] = {
        {"illegal 2", "played an illegal move"}, {"garbage 1", "unreadable message \"M12\""},
        {"backreq 1", "broke the protocol"},     {"disconnect 1", "crashed"},
        {"refuse", "instead of a game accept"},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        char engine2[128];
        snprintf(engine2, sizeof engine2, "%s %s", DXP, CASES[i].mode);
        char *args[] = {"--engine1", FAKE, "--engine2", engine2, "--games", "2", "--timeout", "5"};
        MatchResult res;
        char *log = run_match(args, 8, &res, NULL);
        assert_int_equal(res.tally.wins, 2);
        assert_int_equal(text_count(log, CASES[i].log), 2);
        free(log);
    }
    /* a resignation is no fault: the game is lost, nothing is logged */
    char *resign[] = {"--engine1", FAKE, "--engine2", DXP " resign 1", "--games", "2"};
    MatchResult res;
    char *log = run_match(resign, 6, &res, NULL);
    assert_string_equal(log, "");
    assert_int_equal(res.tally.wins, 2);
    free(log);
}

static void test_protocol_options_refused(void **state)
{
    (void)state;
    static char out[4096];
    static const char *const BAD[] = {
        ENGINE_BIN " match --engine1 x --engine2 'dxp:y' 2>&1",                       /* no {port} */
        ENGINE_BIN " match --engine1 x --engine2 'dxp:y {port}' --tc depth=3 2>&1",   /* no clock */
        ENGINE_BIN " match --engine1 x --engine2 'dxp:y {port}' --variant frisian 2>&1",
        ENGINE_BIN " match --engine1 x --engine2 'dxp:y {port}' --param2 a=b 2>&1",
        ENGINE_BIN " match --engine1 'hub1:x' --engine2 y --tc nodes=1000 2>&1",
        ENGINE_BIN " dxp --connect 127.0.0.1:1 --role referee 2>&1",
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        assert_int_equal(shell_run(BAD[i], out, sizeof out), 2);
        assert_true(strstr(out, "engine match: engine") || strstr(out, "engine dxp: bad --role"));
    }
}

int main(void)
{
    rules_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hub1_engine_plays_under_every_limit),
        cmocka_unit_test(test_hub1_faults_lose),
        cmocka_unit_test(test_dxp_engine_plays_both_ways),
        cmocka_unit_test(test_own_dxp_player_follows_when_connecting_bare),
        cmocka_unit_test(test_dxp_clock_mapping),
        cmocka_unit_test(test_dxp_faults_lose),
        cmocka_unit_test(test_protocol_options_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
