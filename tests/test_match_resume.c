/* Resuming a match from its PDN (match_resume) and the schedule of openings it relies on
 * (match_schedule): the finished games count again and are not replayed, a game cut short is
 * replayed, and a file of another match is refused and left as it was. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "rules/rules.h"
#include "match/match.h"
#include "match/match_resume.h"
#include "opening/openings.h"
#include "support/match_test_util.h"

#define FAKE TEST_BIN_DIR "/fake_engine"

static char path[64];

static int setup(void **state)
{
    (void)state;
    rules_init();
    return 0;
}

/* A fresh name for a PDN file that does not exist yet. */
static void new_path(void)
{
    snprintf(path, sizeof path, "/tmp/test_match_resume_XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    unlink(path);
}

/* Runs `engine match` between two fake engines at depth 1 with --resume path, then extra words;
 * returns what it printed (caller frees) and, in log_text when not NULL, its log. */
static char *resume_match(int games, const char *extra[], int n_extra, MatchResult *res, bool want_ok,
                          char **log_text)
{
    char games_text[16];
    snprintf(games_text, sizeof games_text, "%d", games);
    char *argv[32] = {"engine", "match", "--engine1", FAKE, "--engine2", FAKE " illegal 0", "--tc", "depth=1",
                      "--concurrency", "2", "--seed", "7", "--games", games_text, "--resume", path};
    int argc = 16;
    for (int i = 0; i < n_extra; i++)
        argv[argc++] = (char *)extra[i];
    return match_test_run(argc, argv, res, want_ok, log_text);
}

static void test_resume_plays_only_the_rest(void **state)
{
    (void)state;
    new_path();
    MatchResult res;
    char *out = resume_match(4, NULL, 0, &res, true, NULL);   /* no file yet: a fresh start */
    assert_non_null(strstr(out, "resumed 0 finished game(s)"));
    assert_int_equal(res.games_played, 4);
    free(out);
    /* engine 2 plays an illegal move in every game: engine 1 wins them all */
    out = resume_match(10, NULL, 0, &res, true, NULL);
    assert_non_null(strstr(out, "resumed 4 finished game(s) from"));
    assert_non_null(strstr(out, "W-D-L 4-0-0; 6 to play"));
    assert_int_equal(text_count(out, "\ngame "), 6);
    assert_null(strstr(out, "(#1,"));
    assert_null(strstr(out, "(#4,"));
    assert_non_null(strstr(out, "(#10,"));
    assert_int_equal(res.games_played, 10);
    assert_int_equal(res.tally.wins, 10);
    assert_int_equal(res.report.pairs, 5);
    free(out);
    char *pdn = file_text(path);
    assert_int_equal(text_count(pdn, "[Round \""), 10);
    for (int g = 1; g <= 10; g++) {
        char tag[32];
        snprintf(tag, sizeof tag, "[Round \"%d\"]", g);
        assert_int_equal(text_count(pdn, tag), 1);
    }
    free(pdn);
    /* all played: nothing to do, the same totals */
    out = resume_match(10, NULL, 0, &res, true, NULL);
    assert_non_null(strstr(out, "; 0 to play"));
    assert_int_equal(res.games_played, 10);
    free(out);
    unlink(path);
}

static void test_a_game_cut_short_is_played_again(void **state)
{
    (void)state;
    new_path();
    MatchResult res;
    free(resume_match(4, NULL, 0, &res, true, NULL));
    char *pdn = file_text(path);
    size_t len = strlen(pdn);
    FILE *f = fopen(path, "wb");
    fwrite(pdn, 1, len - 40, f);   /* the run was killed while it wrote the last game */
    fclose(f);
    free(pdn);
    char *log;
    char *out = resume_match(4, NULL, 0, &res, true, &log);
    assert_non_null(strstr(out, "resumed 3 finished game(s)"));
    assert_int_equal(text_count(out, "\ngame "), 1);
    assert_non_null(strstr(log, "that game is played again"));
    assert_int_equal(res.games_played, 4);
    pdn = file_text(path);
    assert_int_equal(text_count(pdn, "[Round \""), 4);
    free(pdn);
    free(out);
    free(log);
    unlink(path);
}

static void test_another_match_is_refused(void **state)
{
    (void)state;
    new_path();
    MatchResult res;
    free(resume_match(4, NULL, 0, &res, true, NULL));
    char *before = file_text(path), *log;
    /* another seed: other openings for the same game numbers */
    const char *seed[] = {"--seed", "8"};
    free(resume_match(4, seed, 2, &res, false, &log));
    assert_non_null(strstr(log, "does not start from that game's opening"));
    free(log);
    /* fewer games than the file holds */
    free(resume_match(2, NULL, 0, &res, false, &log));
    assert_non_null(strstr(log, "the file holds match game 4: give --games 4 or more"));
    free(log);
    char *after = file_text(path);
    assert_string_equal(before, after);
    free(before);
    free(after);
    unlink(path);
}

static void test_a_decided_sprt_plays_nothing(void **state)
{
    (void)state;
    new_path();
    MatchResult res;
    /* 16 won games decide elo0=0 elo1=200 (see test_match's SPRT test) */
    const char *sprt[] = {"--sprt", "elo0=0 elo1=200 alpha=0.05 beta=0.05"};
    free(resume_match(16, NULL, 0, &res, true, NULL));
    char *out = resume_match(100, sprt, 2, &res, true, NULL);
    assert_int_equal(res.games_played, 16);
    assert_int_equal(res.sprt.decision, SPRT_H1);
    assert_int_equal(text_count(out, "\ngame "), 0);
    free(out);
    unlink(path);
}

static void test_resume_options(void **state)
{
    (void)state;
    MatchOptions o;
    char *same[] = {"engine", "match", "--engine1", "a", "--engine2", "b", "--resume", "x.pdn", "--pdn", "x.pdn"};
    assert_true(match_opts_parse(10, same, &o));
    assert_string_equal(o.pdn_path, "x.pdn");
    char *other[] = {"engine", "match", "--engine1", "a", "--engine2", "b", "--resume", "x.pdn", "--pdn", "y.pdn"};
    assert_false(match_opts_parse(10, other, &o));
}

static void test_schedule(void **state)
{
    (void)state;
    Position *openings = NULL;
    char err[256];
    int count = openings_load(NULL, VARIANT_NORMAL, &openings, err, sizeof err);
    assert_true(count > 100);
    MatchSchedule a, b, listed;
    assert_true(match_schedule_init(&a, openings, count, true, 7));
    assert_true(match_schedule_init(&b, openings, count, true, 7));
    assert_true(match_schedule_init(&listed, openings, count, false, 7));
    int seen[1024] = {0}, moved = 0;
    for (int p = 0; p < count; p++) {
        assert_int_equal(a.order[p], b.order[p]);
        seen[a.order[p]]++;
        moved += a.order[p] != p;
        assert_ptr_equal(match_schedule_opening(&listed, 2 * p), &openings[p]);
    }
    for (int i = 0; i < count; i++)
        assert_int_equal(seen[i], 1);   /* a permutation */
    assert_true(moved > count / 2);
    /* both games of a pair start alike; pairs past the list wrap around */
    assert_ptr_equal(match_schedule_opening(&a, 6), match_schedule_opening(&a, 7));
    assert_ptr_equal(match_schedule_opening(&a, 2 * count), match_schedule_opening(&a, 0));
    match_schedule_free(&a);
    match_schedule_free(&b);
    match_schedule_free(&listed);
    free(openings);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_resume_plays_only_the_rest),
        cmocka_unit_test(test_a_game_cut_short_is_played_again),
        cmocka_unit_test(test_another_match_is_refused),
        cmocka_unit_test(test_a_decided_sprt_plays_nothing),
        cmocka_unit_test(test_resume_options),
        cmocka_unit_test(test_schedule),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
