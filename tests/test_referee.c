/* The referee's adjudications (off by default): by the engines' scores (build/tests/fake_engine
 * sends the score it is set to with every move), and by the bitbases on endgame openings. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "endgame/bitbase.h"
#include "match/match.h"
#include "pdn/pdn_read.h"
#include "rules/rules.h"
#include "support/match_test_util.h"

#define FAKE TEST_BIN_DIR "/fake_engine"

static int setup(void **state)
{
    (void)state;
    rules_init();
    bitbase_init();
    return 0;
}

/* Plays `engine match ARGS --pdn PATH` (n words); returns what it printed (caller frees). */
static char *play(char **args, int n, const char *pdn, MatchResult *res)
{
    char *argv[64] = {"engine", "match"};
    for (int i = 0; i < n; i++)
        argv[i + 2] = args[i];
    argv[n + 2] = "--pdn";
    argv[n + 3] = (char *)pdn;
    return match_test_run(n + 4, argv, res, true, NULL);
}

/* Each game of the PDN file at path: its plies and Termination into the arrays (count returned). */
static int read_games(const char *path, int plies[], char terms[][128], int max)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    PdnReader *reader = pdn_reader_new(f, path);
    PdnGame rec;
    pdn_game_init(&rec);
    int n = 0;
    for (PdnReadStatus r; n < max && (r = pdn_reader_next(reader, &rec)) != PDN_READ_END; n++) {
        assert_int_equal(r, PDN_READ_OK);
        int round = atoi(pdn_game_tag(&rec, "Round")) - 1;
        assert_true(round >= 0 && round < max);
        plies[round] = rec.move_count;
        snprintf(terms[round], 128, "%s", pdn_game_tag(&rec, "Termination"));
    }
    pdn_game_free(&rec);
    pdn_reader_free(reader);
    fclose(f);
    return n;
}

static char pdn[] = "/tmp/test_referee_XXXXXX";

static int make_pdn(void)
{
    snprintf(pdn, sizeof pdn, "/tmp/test_referee_XXXXXX");
    int fd = mkstemp(pdn);
    assert_true(fd >= 0);
    close(fd);
    return 0;
}

static void test_draw_by_level_scores(void **state)
{
    (void)state;
    make_pdn();
    /* both fakes say 0.00: a draw once 10 moves each are played and 3 moves each were level */
    char *args[] = {"--engine1", FAKE, "--engine2", FAKE, "--games", "2", "--tc", "depth=1", "--draw", "move=10",
                    "count=3", "score=0"};
    MatchResult res;
    free(play(args, 12, pdn, &res));
    int plies[2];
    char terms[2][128];
    assert_int_equal(read_games(pdn, plies, terms, 2), 2);
    for (int g = 0; g < 2; g++) {
        assert_int_equal(plies[g], 20);
        assert_string_equal(terms[g], "adjudicated draw: both scores within 0.00 for 3 moves, after move 10");
    }
    assert_int_equal(res.tally.draws, 2);
    /* a score of 0.01 is not within 0: the games go on to the ply cap */
    char *off[] = {"--engine1", FAKE, "--engine2", FAKE, "--games", "2", "--tc", "depth=1", "--draw", "move=10",
                   "count=3", "score=0", "--param1", "score=1", "--max-plies", "30"};
    free(play(off, 16, pdn, &res));
    read_games(pdn, plies, terms, 2);
    assert_string_not_equal(terms[0], "adjudicated draw: both scores within 0.00 for 3 moves, after move 10");
    unlink(pdn);
}

static void test_resign_when_both_agree(void **state)
{
    (void)state;
    make_pdn();
    /* engine 1 says it leads by 5 men, engine 2 that it trails by 5: after 4 moves each, engine 2's
     * side is lost, whichever colour it has */
    char *args[] = {"--engine1", FAKE, "--engine2", FAKE, "--games", "2", "--tc", "depth=1", "--resign",
                    "count=4", "score=300", "--param1", "score=500", "--param2", "score=-500"};
    MatchResult res;
    free(play(args, 15, pdn, &res));
    assert_int_equal(res.tally.wins, 2);
    int plies[2];
    char terms[2][128];
    read_games(pdn, plies, terms, 2);
    assert_int_equal(plies[0], 8);
    assert_int_equal(plies[1], 8);
    assert_string_equal(terms[0], "adjudicated: both scores gave Black lost by 3.00 or more for 4 moves");
    assert_string_equal(terms[1], "adjudicated: both scores gave White lost by 3.00 or more for 4 moves");
    /* when only one engine thinks so, nothing is adjudicated */
    char *one[] = {"--engine1", FAKE, "--engine2", FAKE, "--games", "2", "--tc", "depth=1", "--resign", "count=4",
                   "score=300", "--param1", "score=500", "--max-plies", "30"};
    free(play(one, 15, pdn, &res));
    read_games(pdn, plies, terms, 2);
    assert_null(strstr(terms[0], "adjudicated"));
    assert_null(strstr(terms[1], "adjudicated"));
    unlink(pdn);
}

static void test_bitbases_decide_endgames(void **state)
{
    (void)state;
    if (bitbase_pieces() < 4)
        skip();
    make_pdn();
    char fen[] = "/tmp/test_referee_fen_XXXXXX";
    int fd = mkstemp(fen);
    assert_true(fd >= 0);
    /* two kings and a man against a man: a win; king against king: a draw; three kings against a
     * king, won by the tables (a position of `engine bitbase won`): not adjudicated, as the 16-move
     * rule may yet draw it, so the game is played on (until the rules or the bitbases' draw end it) */
    const char *lines = "W:WK1,K2,28:B36\nW:WK1:BK50\nW:WK19,K28,K48:BK49\n";
    assert_int_equal(write(fd, lines, strlen(lines)), (ssize_t)strlen(lines));
    close(fd);
    char *args[] = {"--engine1", FAKE, "--engine2", FAKE, "--games", "6", "--tc", "depth=1", "--openings", fen,
                    "--bitbases", "--max-plies", "40"};
    MatchResult res;
    free(play(args, 13, pdn, &res));
    int plies[6];
    char terms[6][128];
    assert_int_equal(read_games(pdn, plies, terms, 6), 6);
    assert_string_equal(terms[0], "adjudicated by the bitbases: White wins");
    assert_int_equal(plies[0], 0);
    assert_string_equal(terms[2], "adjudicated by the bitbases: a draw");
    assert_string_not_equal(terms[4], "adjudicated by the bitbases: White wins");
    assert_true(plies[4] > 0);
    unlink(fen);
    unlink(pdn);
}

static void test_options(void **state)
{
    (void)state;
    MatchOptions o;
    char *bad_draw[] = {"engine", "match", "--engine1", "a", "--engine2", "b", "--draw", "move=10", "score=5"};
    assert_false(match_opts_parse(9, bad_draw, &o));
    char *bad_key[] = {"engine", "match", "--engine1", "a", "--engine2", "b", "--resign", "count=3", "margin=5"};
    assert_false(match_opts_parse(9, bad_key, &o));
    char *good[] = {"engine",   "match",    "--engine1", "a",       "--engine2", "b",         "--draw",
                    "move=40",  "count=10", "score=5",   "--resign", "count=3",  "score=400", "--bitbases"};
    assert_true(match_opts_parse(14, good, &o));
    Adjudication a = o.referee.adjudication;
    assert_int_equal(a.draw_move, 40);
    assert_int_equal(a.draw_count, 10);
    assert_int_equal(a.draw_score, 5);
    assert_int_equal(a.resign_count, 3);
    assert_int_equal(a.resign_score, 400);
    assert_true(a.bitbases);
    char *none[] = {"engine", "match", "--engine1", "a", "--engine2", "b"};
    assert_true(match_opts_parse(6, none, &o));
    assert_int_equal(o.referee.adjudication.draw_count, 0);
    assert_int_equal(o.referee.adjudication.resign_count, 0);
    assert_false(o.referee.adjudication.bitbases);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_draw_by_level_scores),
        cmocka_unit_test(test_resign_when_both_agree),
        cmocka_unit_test(test_bitbases_decide_endgames),
        cmocka_unit_test(test_options),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
