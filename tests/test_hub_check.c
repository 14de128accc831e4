/* The Hub protocol checker (match/hub_check.h): every check passes on this engine and on a correct
 * fake, and each fault planted in tests/engines/fake_faulty_hub.c fails the check that names it
 * (time limits a quarter of the usual: the fake answers at once); an engine that exits at once
 * fails every check. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "match/hub_check.h"
#include "match/match.h"
#include "rules/rules.h"
#include "util/sys.h"
#include "support/match_test_util.h"

#define FAULTY TEST_BIN_DIR "/fake_faulty_hub"

/* Runs the checker on cmd at slow; returns its lines (caller frees) and the report. */
static char *check(const char *cmd, double slow, HubCheckReport *rep)
{
    FILE *out = tmpfile();
    assert_non_null(out);
    assert_true(hub_check_run(cmd, NULL, slow, out, rep));
    char *text = stream_text(out);
    fclose(out);
    return text;
}

static void test_engine_and_correct_fake_pass(void **state)
{
    (void)state;
    HubCheckReport rep;
    char *text = check(ENGINE_BIN " hub", 1, &rep);
    if (rep.failed)
        fail_msg("%s", text);
    assert_int_equal(rep.passed, 14);
    assert_non_null(strstr(text, "check-hub: ok   ping during a search"));
    free(text);
    text = check(FAULTY, 0.25, &rep);
    if (rep.failed)
        fail_msg("%s", text);
    free(text);
}

static void test_planted_faults_are_named(void **state)
{
    (void)state;
    static const struct {
        const char *fault, *named;
    } CASES[] = {
        {"nowait", "FAIL handshake"},
        {"badparam", "FAIL parameters"},
        {"noready", "FAIL init answers ready"},
        {"history", "FAIL pos with moves played before it"},
        {"nodepth", "FAIL level depth=N"},
        {"nopong", "FAIL ping during a search"},
        {"nostop", "FAIL stop ends an infinite analysis"},
        {"earlyponder", "FAIL go ponder waits for ponder-hit"},
        {"noerror", "FAIL a bad line gets an error line"},
        {"noquit", "FAIL quit: the engine exits"},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        char cmd[256];
        snprintf(cmd, sizeof cmd, FAULTY " %s", CASES[i].fault);
        HubCheckReport rep;
        char *text = check(cmd, 0.25, &rep);
        if (!strstr(text, CASES[i].named))
            fail_msg("fault %s was not named \"%s\":\n%s", CASES[i].fault, CASES[i].named, text);
        assert_true(rep.failed >= 1);
        free(text);
    }
    HubCheckReport rep;   /* an engine that is gone at once fails every check, and says so */
    char *text = check("exit 3", 0.25, &rep);
    assert_int_equal(rep.passed, 0);
    assert_int_equal(rep.failed, 14);
    assert_non_null(strstr(text, "the engine is gone"));
    free(text);
}

int main(void)
{
    rules_init();
    sys_ignore_broken_pipe();   /* the engines that die on purpose */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_engine_and_correct_fake_pass),
        cmocka_unit_test(test_planted_faults_are_named),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
