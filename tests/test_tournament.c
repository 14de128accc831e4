/* The tournament runner: pairings and the order of games, option parsing, and whole tournaments
 * of build/tests/fake_engine (sound, or losing every game by an illegal move) whose crosstable,
 * ratings, PDN and resume must say what happened. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "match/match.h"
#include "match/tournament.h"
#include "pdn/pdn_read.h"
#include "rules/rules.h"
#include "support/match_test_util.h"

#define FAKE TEST_BIN_DIR "/fake_engine"

static TournamentOptions opt;
static TournamentResult res;

static int setup(void **state)
{
    (void)state;
    rules_init();
    return 0;
}

/* Parses `engine tournament ARGS` (n words). */
static bool parse(char **args, int n)
{
    char *argv[64] = {"engine", "tournament"};
    for (int i = 0; i < n; i++)
        argv[i + 2] = args[i];
    return tournament_opts_parse(n + 2, argv, &opt);
}

/* Runs `engine tournament ARGS`, which must parse and run; returns what it printed (caller frees). */
static char *run(char **args, int n)
{
    assert_true(parse(args, n));
    FILE *out = tmpfile(), *log = tmpfile();
    assert_non_null(out);
    assert_non_null(log);
    bool ok = tournament_run(&opt, out, log, &res);
    char *text = stream_text(out), *log_text = stream_text(log);
    fclose(out);
    fclose(log);
    if (!ok)
        fail_msg("tournament_run failed:\n%s%s", text, log_text);
    free(log_text);
    return text;
}

static void test_pairings_and_game_order(void **state)
{
    (void)state;
    TournamentPairings p;
    tournament_pairings(TOURNAMENT_ROUND_ROBIN, 4, &p);
    assert_int_equal(p.count, 6);
    int want[6][2] = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};
    for (int i = 0; i < 6; i++) {
        assert_int_equal(p.first[i], want[i][0]);
        assert_int_equal(p.second[i], want[i][1]);
    }
    int round, pairing;
    bool first_white;
    tournament_game(&p, 13, &round, &pairing, &first_white);   /* round 2's second game of 0-1 */
    assert_int_equal(round, 1);
    assert_int_equal(pairing, 0);
    assert_false(first_white);
    tournament_game(&p, 10, &round, &pairing, &first_white);
    assert_int_equal(round, 0);
    assert_int_equal(pairing, 5);
    assert_true(first_white);
    tournament_pairings(TOURNAMENT_GAUNTLET, 4, &p);
    assert_int_equal(p.count, 3);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(p.first[i], 0);
        assert_int_equal(p.second[i], i + 1);
    }
}

static void test_options(void **state)
{
    (void)state;
    char *one[] = {"--engine", "a=x"};
    assert_false(parse(one, 2));
    char *twice[] = {"--engine", "a=x", "--engine", "a=y"};
    assert_false(parse(twice, 4));
    char *nameless[] = {"--engine", "=x", "--engine", "b=y"};
    assert_false(parse(nameless, 4));
    char *unknown_dir[] = {"--engine", "a=x", "--engine", "b=y", "--dir", "c=/tmp"};
    assert_false(parse(unknown_dir, 6));
    char *bad_anchor[] = {"--engine", "a=x", "--engine", "b=y", "--anchor", "c"};
    assert_false(parse(bad_anchor, 6));
    char *bad_format[] = {"--engine", "a=x", "--engine", "b=y", "--format", "swiss"};
    assert_false(parse(bad_format, 6));
    char *dxp_depth[] = {"--engine", "a=x", "--engine", "b=dxp:y {port}", "--tc", "depth=3"};
    assert_false(parse(dxp_depth, 6));
    /* per-engine options may come before the engine they name */
    char *good[] = {"--dir",    "b=/tmp", "--tc-of", "b=time=60", "inc=1",        "--param",  "a=level=3",
                    "--engine", "a=x",    "--engine", "b=hub1:y", "--anchor",     "b=2000",   "--format",
                    "gauntlet", "--rounds", "3",     "--variant", "frisian"};
    assert_true(parse(good, 19));
    assert_int_equal(opt.engine_count, 2);
    assert_string_equal(opt.engine[1].dir, "/tmp");
    assert_int_equal(opt.engine[1].protocol, ENGINE_HUB1);
    assert_string_equal(opt.engine[1].cmd, "y");
    assert_int_equal(opt.tc[1].kind, TC_CLOCK);
    assert_int_equal(opt.tc[0].kind, TC_MOVE_TIME);
    assert_int_equal(opt.engine[0].param_count, 2);   /* the variant first, then the user's */
    assert_string_equal(opt.engine[0].params[0], "variant=frisian");
    assert_string_equal(opt.engine[0].params[1], "level=3");
    assert_int_equal(opt.anchor, 1);
    assert_float_equal(opt.anchor_elo, 2000, 0);
    assert_int_equal(opt.format, TOURNAMENT_GAUNTLET);
    assert_int_equal(opt.rounds, 3);
}

/* Reads path's games: their count, and checks every Round tag is its game's number and that its
 * White and Black are the pairing's engines in the schedule's colours. */
static int check_pdn(const char *path)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    PdnReader *reader = pdn_reader_new(f, path);
    PdnGame rec;
    pdn_game_init(&rec);
    int games = 0;
    for (PdnReadStatus r; (r = pdn_reader_next(reader, &rec)) != PDN_READ_END; games++) {
        assert_int_equal(r, PDN_READ_OK);
        int g = atoi(pdn_game_tag(&rec, "Round")) - 1, round, pairing;
        bool first_white;
        tournament_game(&res.pairings, g, &round, &pairing, &first_white);
        const char *first = opt.engine[res.pairings.first[pairing]].name;
        const char *second = opt.engine[res.pairings.second[pairing]].name;
        assert_string_equal(pdn_game_tag(&rec, "White"), first_white ? first : second);
        assert_string_equal(pdn_game_tag(&rec, "Black"), first_white ? second : first);
    }
    pdn_game_free(&rec);
    pdn_reader_free(reader);
    fclose(f);
    return games;
}

static void test_round_robin_with_a_faulty_engine(void **state)
{
    (void)state;
    char path[] = "/tmp/test_tournament_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    /* "bad" plays 1-2 on its third search, so it loses every game; good and twin are one engine */
    char *args[] = {"--engine", "good=" FAKE, "--engine", "bad=" FAKE " illegal 2", "--engine", "twin=" FAKE,
                    "--tc", "depth=1", "--rounds", "2", "--concurrency", "2", "--pdn", path};
    char *text = run(args, 14);
    assert_int_equal(res.games, 12);
    assert_int_equal(res.games_played, 12);
    /* pairings good-bad, good-twin, bad-twin */
    assert_int_equal(res.tally[0].wins, 4);
    assert_int_equal(res.tally[2].losses, 4);
    assert_int_equal(res.tally[1].wins, res.tally[1].losses);   /* the same game with colours swapped */
    Ratings r;
    tournament_ratings(&opt, &res, &r);
    assert_float_equal(r.elo[0], 0, 0);
    assert_true(isinf(r.elo[1]) && r.elo[1] < 0);
    assert_float_equal(r.elo[2], 0, 1e-6);
    assert_non_null(strstr(text, "Tournament result: 12 of 12 games"));
    assert_non_null(strstr(text, "Standings after round 1 of 2"));
    assert_non_null(strstr(text, "   3 bad                      -inf     n/a     0.0      8   0.0%"));
    assert_non_null(strstr(text, "  good - bad"));
    assert_non_null(strstr(text, "4-0-0 100.0% penta 0 0 0 0 2"));
    assert_non_null(strstr(text, "bad                          0/4           -         0/4\n"));
    free(text);
    assert_int_equal(check_pdn(path), 12);
    unlink(path);
}

static void test_resume_plays_the_rest_and_checks_the_engines(void **state)
{
    (void)state;
    char path[] = "/tmp/test_tournament_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    char *first[] = {"--engine", "a=" FAKE, "--engine", "b=" FAKE " illegal 2", "--engine", "c=" FAKE,
                     "--format", "gauntlet", "--tc", "depth=1", "--resume", path};
    free(run(first, 12));
    assert_int_equal(res.games_played, 4);
    char *more[] = {"--engine", "a=" FAKE, "--engine", "b=" FAKE " illegal 2", "--engine", "c=" FAKE,
                    "--format", "gauntlet", "--tc", "depth=1", "--rounds", "3", "--resume", path};
    char *text = run(more, 14);
    assert_non_null(strstr(text, "resumed 4 finished game(s)"));
    assert_int_equal(res.games_played, 12);
    assert_int_equal(res.tally[0].wins, 6);   /* a beat b in all six games, four of them played now */
    free(text);
    assert_int_equal(check_pdn(path), 12);
    /* the same file with the engines listed in another order is refused */
    char *swapped[] = {"--engine", "c=" FAKE, "--engine", "b=" FAKE " illegal 2", "--engine", "a=" FAKE,
                       "--format", "gauntlet", "--tc", "depth=1", "--rounds", "3", "--resume", path};
    assert_true(parse(swapped, 14));
    FILE *out = tmpfile(), *log = tmpfile();
    assert_false(tournament_run(&opt, out, log, &res));
    char *log_text = stream_text(log);
    assert_non_null(strstr(log_text, "resume with the first part's engines in their order"));
    free(log_text);
    fclose(out);
    fclose(log);
    assert_true(parse(more, 14));
    assert_int_equal(check_pdn(path), 12);   /* left as it was */
    unlink(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pairings_and_game_order),
        cmocka_unit_test(test_options),
        cmocka_unit_test(test_round_robin_with_a_faulty_engine),
        cmocka_unit_test(test_resume_plays_the_rest_and_checks_the_engines),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
