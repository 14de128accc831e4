/* The match referee: game-end and FMJD art. 6 draw rules, the commands sent to engines,
 * option parsing, and whole matches against build/tests/fake_engine (legal or broken on
 * purpose) whose faults must cost the game without stopping the match. */
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
#include "match/match.h"
#include "match/engine_hub.h"
#include "pdn/pdn_read.h"
#include "support/match_test_util.h"

#define FAKE TEST_BIN_DIR "/fake_engine"

static Game *game;

static int setup(void **state)
{
    (void)state;
    rules_init();
    game = malloc(sizeof *game);
    return game ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    free(game);
    return 0;
}

static void reset_variant(const char *fen, Variant v)
{
    Position pos;
    assert_null(notation_parse_position(fen, &pos));
    assert_null(position_set_variant(&pos, v));
    game_reset(game, &pos);
}

static void reset(const char *fen) { reset_variant(fen, VARIANT_NORMAL); }

static void play(const char *text)
{
    Move m;
    char err[256];
    assert_int_equal(notation_parse_move(game_position(game), text, &m, err, sizeof err), PARSE_OK);
    assert_true(game_play(game, m));
}

/* Extends the game by plies quiet moves such that no side ever has a capture, no position
 * occurs three times, and the game is still going before the last ply (depth-first search). */
static bool walk(int plies)
{
    if (plies == 0)
        return true;
    MoveList list;
    movegen_generate(game_position(game), &list);
    for (int n = 0; n < list.count; n++) {
        int i = (n + game->ply * 7) % list.count;   /* vary the choice to wander */
        assert_true(game_play(game, list.moves[i]));
        bool ok = !movegen_has_capture(game_position(game)) && game_repetitions(game) < 3 &&
                  (plies == 1 || game_status(game) == GAME_ONGOING);
        if (ok && walk(plies - 1))
            return true;
        game_undo(game, 1);
    }
    return false;
}

static void assert_over(int max_plies, int want_points, const char *want_text)
{
    int points = -1;
    char why[128];
    assert_true(referee_game_over(game, max_plies, &points, why, sizeof why));
    assert_int_equal(points, want_points);
    assert_string_equal(why, want_text);
}

static void assert_going(int max_plies)
{
    int points;
    char why[128];
    assert_false(referee_game_over(game, max_plies, &points, why, sizeof why));
}

static void test_no_legal_move(void **state)
{
    (void)state;
    reset("W:W46:B41,37");   /* the white man on 46 is blocked */
    assert_over(400, 0, "White has no legal move");
    reset("B:W10,14:B5");    /* the black man on 5 is blocked */
    assert_over(400, 2, "Black has no legal move");
    reset("W:W46:B41");      /* 46x37 is possible */
    assert_going(400);
}

static void test_threefold_repetition(void **state)
{
    (void)state;
    reset("W:WK47,K49:BK2,K4");
    const char *cycle[] = {"47-42", "2-7", "42-47", "7-2"};
    for (int i = 0; i < 8; i++) {
        assert_going(400);
        play(cycle[i % 4]);
    }
    assert_int_equal(game_repetitions(game), 3);
    assert_over(400, 1, "threefold repetition");
}

static void test_25_move_rule(void **state)
{
    (void)state;
    reset("W:WK47,K49:BK2,K4");   /* 2 kings each: no endgame rule */
    assert_false(movegen_has_capture(game_position(game)));
    assert_true(walk(49));
    assert_going(400);
    assert_true(walk(1));
    assert_int_equal(game->draw[game->ply].reversible, 50);
    assert_over(400, 1, "25-move rule");
}

static void test_16_move_rule(void **state)
{
    (void)state;
    reset("W:WK47,K48,K49:BK3");   /* three kings against a lone king */
    assert_true(walk(31));
    assert_going(400);
    assert_true(walk(1));
    assert_over(400, 1, "16-move rule");
    /* a man move does not restart it: the rule counts from when the material arose */
    reset("B:WK47,K48,36:BK3");
    assert_true(walk(32));
    assert_over(400, 1, "16-move rule");
}

static void test_5_move_rule(void **state)
{
    (void)state;
    reset("W:WK47,K49:BK3");   /* two kings against a lone king */
    assert_true(walk(9));
    assert_going(400);
    assert_true(walk(1));
    assert_over(400, 1, "5-move rule");
}

static void test_ply_cap(void **state)
{
    (void)state;
    reset("start");
    play("32-28");
    play("19-23");
    play("28x19");
    play("14x23");
    assert_going(5);
    assert_over(4, 1, "ply cap (4 plies)");
}

static void test_pos_command_from_last_irreversible_move(void **state)
{
    (void)state;
    char buf[1024];
    reset("W:WK47,K49:BK2,K4");
    engine_hub_pos_command(game, buf, sizeof buf);
    assert_string_equal(buf, "pos pos=WeBeBeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeWeWe");
    play("47-42");
    play("2-7");
    engine_hub_pos_command(game, buf, sizeof buf);
    assert_string_equal(buf, "pos pos=WeBeBeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeWeWe moves=\"47-42 2-7\"");

    reset("start");
    play("32-28");
    play("19-23");
    engine_hub_pos_command(game, buf, sizeof buf);   /* a man move resets the history */
    assert_string_equal(buf, "pos pos=Wbbbbbbbbbbbbbbbbbbebeebeeeeweewewwwwwwwwwwwwwwwwww");

    reset_variant("W:W37,K48:B15,K3", VARIANT_FRISIAN);   /* White's king move counts across 15-20 */
    play("48-43");
    play("15-20");
    engine_hub_pos_command(game, buf, sizeof buf);
    assert_string_equal(buf, "pos pos=WeeBeeeeeeeeeeebeeeeeeeeeeeeeeeeeeeeeweeeeeeeeeeWee moves=\"48-43 15-20\"");
}

static void test_level_and_done(void **state)
{
    (void)state;
    TimeControl tc;
    char buf[128];
    assert_null(time_control_parse("time=60 inc=0.5", &tc));
    assert_int_equal(tc.kind, TC_CLOCK);
    engine_hub_level_command(&tc, 12.25, buf, sizeof buf);
    assert_string_equal(buf, "level time=12.250 inc=0.500");
    assert_null(time_control_parse("move-time=0.2", &tc));
    engine_hub_level_command(&tc, 0, buf, sizeof buf);
    assert_string_equal(buf, "level move-time=0.200");
    assert_null(time_control_parse("depth=6", &tc));
    engine_hub_level_command(&tc, 0, buf, sizeof buf);
    assert_string_equal(buf, "level depth=6");
    assert_null(time_control_parse("nodes=100000", &tc));
    engine_hub_level_command(&tc, 0, buf, sizeof buf);
    assert_string_equal(buf, "level nodes=100000");
    const char *bad[] = {"", "depth=0", "depth=2.5", "time=1 depth=3", "inc=1", "move-time=x", "speed=3", "time"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_non_null(time_control_parse(bad[i], &tc));

    Position start;
    position_start(&start);
    Move m;
    char err[256];
    assert_int_equal(engine_hub_read_done(&start, "done move=32-28 ponder=19-23", &m, err, sizeof err), PARSE_OK);
    assert_int_equal(engine_hub_read_done(&start, "done", &m, err, sizeof err), PARSE_SYNTAX);
    assert_int_equal(engine_hub_read_done(&start, "done move=1-2", &m, err, sizeof err), PARSE_ILLEGAL);
    assert_int_equal(engine_hub_read_done(&start, "done move=hello", &m, err, sizeof err), PARSE_SYNTAX);
}

static void test_parse_args(void **state)
{
    (void)state;
    MatchOptions o;
    char *ok[] = {"engine", "match", "--engine1", "a b", "--engine2", "c", "--tc", "time=10", "inc=0.1", "--tc2", "depth=3",
                  "--param1", "x=1", "y=2", "--sprt", "elo0=0", "elo1=10", "alpha=0.1", "beta=0.2",
                  "--games", "8", "--concurrency", "2", "--dir2", "/tmp", "--seed", "3"};
    assert_true(match_opts_parse(sizeof ok / sizeof ok[0], ok, &o));
    assert_string_equal(o.engine[0].cmd, "a b");
    assert_int_equal(o.referee.tc[0].kind, TC_CLOCK);
    assert_float_equal(o.referee.tc[0].inc, 0.1, 1e-12);
    assert_int_equal(o.referee.tc[1].kind, TC_DEPTH);
    assert_int_equal(o.referee.tc[1].depth, 3);
    assert_int_equal(o.engine[0].param_count, 2);
    assert_string_equal(o.engine[0].params[1], "y=2");
    assert_true(o.sprt_enabled);
    assert_float_equal(o.sprt.elo1, 10, 0);
    assert_float_equal(o.sprt.beta, 0.2, 0);
    assert_int_equal(o.games, 8);
    assert_int_equal(o.concurrency, 2);
    assert_string_equal(o.engine[1].dir, "/tmp");
    assert_true(o.shuffle);

    char *missing[] = {"engine", "match", "--engine1", "a"};
    assert_false(match_opts_parse(4, missing, &o));
    char *bad_games[] = {"engine", "match", "--engine1", "a", "--engine2", "b", "--games", "0"};
    assert_false(match_opts_parse(8, bad_games, &o));
    char *bad_sprt[] = {"engine", "match", "--engine1", "a", "--engine2", "b", "--sprt", "elo0=5", "elo1=0"};
    assert_false(match_opts_parse(9, bad_sprt, &o));
    char *normalized[] = {"engine", "match", "--engine1", "a", "--engine2", "b", "--sprt", "elo0=0", "elo1=3",
                          "model=normalized", "--shard", "2/5"};
    assert_true(match_opts_parse(12, normalized, &o));
    assert_int_equal(o.sprt.model, SPRT_NORMALIZED);
    assert_int_equal(o.shard.index, 2);
    assert_int_equal(o.shard.count, 5);
    assert_int_equal(o.referee.max_plies > 0, 1);
    char *bad_model[] = {"engine", "match", "--engine1", "a", "--engine2", "b", "--sprt", "model=bayes"};
    assert_false(match_opts_parse(8, bad_model, &o));
    char *merge_engines[] = {"engine", "match", "--engine1", "a", "--merge", "x.pdn"};
    assert_false(match_opts_parse(6, merge_engines, &o));
    char *merge[] = {"engine", "match", "--merge", "x.pdn", "y.pdn"};
    assert_true(match_opts_parse(5, merge, &o));
    assert_int_equal(o.merge_count, 2);
    char *rounds[] = {"engine", "match", "--merge", "x.pdn", "--rounds", "1-106"};
    assert_true(match_opts_parse(6, rounds, &o));
    assert_true(game_list_has(&o.rounds, 106) && !game_list_has(&o.rounds, 107));
    char *rounds_alone[] = {"engine", "match", "--engine1", "a", "--engine2", "b", "--rounds", "1-10"};
    assert_false(match_opts_parse(8, rounds_alone, &o));
    char *bad_rounds[] = {"engine", "match", "--merge", "x.pdn", "--rounds", "10-1"};
    assert_false(match_opts_parse(6, bad_rounds, &o));
    char *unknown[] = {"engine", "match", "--engine1", "a", "--engine2", "b", "--frobnicate"};
    assert_false(match_opts_parse(7, unknown, &o));
}

/* Runs `engine match ARGS`; returns its log (caller frees). */
static char *run_match(char **args, int n, MatchResult *res, bool want_ok)
{
    char *argv[64] = {"engine", "match"};
    for (int i = 0; i < n; i++)
        argv[i + 2] = args[i];
    char *log;
    free(match_test_run(n + 2, argv, res, want_ok, &log));
    return log;
}

static void test_legal_match_writes_pdn(void **state)
{
    (void)state;
    char path[] = "/tmp/test_match_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    char *args[] = {"--engine1", FAKE, "--engine2", FAKE, "--games", "4", "--concurrency", "2", "--tc", "depth=1",
                    "--pdn", path};
    MatchResult res;
    char *log = run_match(args, 12, &res, true);
    assert_string_equal(log, "");
    free(log);
    assert_int_equal(res.games_played, 4);
    assert_int_equal(res.report.pairs, 2);
    /* identical deterministic engines play the same game with swapped colours */
    assert_int_equal(res.tally.wins, res.tally.losses);

    FILE *f = fopen(path, "r");
    PdnReader *reader = pdn_reader_new(f, path);
    PdnGame rec;
    pdn_game_init(&rec);
    int rounds = 0, games = 0;
    for (PdnReadStatus r; (r = pdn_reader_next(reader, &rec)) != PDN_READ_END; games++) {
        assert_int_equal(r, PDN_READ_OK);
        rounds |= 1 << atoi(pdn_game_tag(&rec, "Round"));
        assert_non_null(pdn_game_tag(&rec, "FEN"));
        assert_string_equal(pdn_game_tag(&rec, "Result"), rec.result_text);
        /* the replayed game really ended the way its Termination tag says */
        game_reset(game, &rec.start);
        for (int i = 0; i < rec.move_count; i++)
            assert_true(game_play(game, rec.moves[i].move));
        int points;
        char why[128];
        assert_true(referee_game_over(game, 400, &points, why, sizeof why));
        assert_string_equal(why, pdn_game_tag(&rec, "Termination"));
        assert_string_equal(pdn_result_text(points), rec.result_text);
    }
    pdn_game_free(&rec);
    pdn_reader_free(reader);
    fclose(f);
    unlink(path);
    assert_int_equal(games, 4);
    assert_int_equal(rounds, 2 | 4 | 8 | 16);
}

static void test_illegal_moves_lose_and_engine_restarts(void **state)
{
    (void)state;
    /* engine 2 plays 1-2 on its third search since it started; the openings have Black to
     * move, so that is after 4 plies as Black and 5 as White, in every game if it restarts */
    char *args[] = {"--engine1", FAKE, "--engine2", FAKE " illegal 2", "--games", "4", "--tc", "depth=1"};
    MatchResult res;
    char *log = run_match(args, 8, &res, true);
    assert_int_equal(res.games_played, 4);
    assert_int_equal(res.tally.wins, 4);
    assert_int_equal(text_count(log, "played an illegal move"), 4);
    assert_int_equal(text_count(log, "line \"done move=1-2\""), 4);
    assert_int_equal(text_count(log, "Black played an illegal move after 4 plies"), 2);
    assert_int_equal(text_count(log, "White played an illegal move after 5 plies"), 2);
    free(log);
}

static void test_garbage_crash_and_exit_lose(void **state)
{
    (void)state;
    char *garbage[] = {"--engine1", FAKE, "--engine2", FAKE, "--param2", "mode=garbage", "at=1", "--games", "2"};
    MatchResult res;
    char *log = run_match(garbage, 9, &res, true);
    assert_int_equal(res.tally.wins, 2);
    assert_int_equal(text_count(log, "cannot read move \"hello\""), 2);
    free(log);

    char *crash[] = {"--engine1", FAKE " crash 3", "--engine2", FAKE, "--games", "2", "--concurrency", "2"};
    log = run_match(crash, 8, &res, true);
    assert_int_equal(res.tally.losses, 2);
    assert_int_equal(text_count(log, "crashed"), 2);
    free(log);

    char *leaves[] = {"--engine1", FAKE, "--engine2", FAKE " exit 0", "--games", "2"};
    log = run_match(leaves, 6, &res, true);
    assert_int_equal(res.tally.wins, 2);
    assert_int_equal(text_count(log, "crashed after"), 2);
    assert_int_equal(text_count(log, "exit status 3"), 2);
    free(log);
}

/* Each fault is far beyond its limit and each limit far beyond what the prompt engine needs, so
 * a loaded machine or a sanitizer build cannot turn the prompt engine's moves into losses. */
static void test_hang_and_time_losses(void **state)
{
    (void)state;
    /* the shell engine sleeps in a child process: the whole group must go */
    char *hang[] = {"--engine1", FAKE, "--engine2", "tests/engines/hang.sh", "--games", "2", "--tc", "depth=2",
                    "--timeout", "2"};
    MatchResult res;
    char *log = run_match(hang, 10, &res, true);
    assert_int_equal(res.tally.wins, 2);
    assert_int_equal(text_count(log, "hung after"), 2);
    free(log);

    /* 5 s per move at move-time 0.02 with a 2 s margin */
    char *slow[] = {"--engine1", FAKE " slow 5000", "--engine2", FAKE, "--games", "2", "--tc", "move-time=0.02",
                    "--margin", "2"};
    log = run_match(slow, 10, &res, true);
    assert_int_equal(res.tally.losses, 2);
    assert_int_equal(text_count(log, "lost on time after"), 2);
    free(log);

    /* 1 s per move against a 2 s clock with 10 ms increments: the clock runs out at the third move */
    char *clock[] = {"--engine1", FAKE, "--engine2", FAKE " slow 1000", "--games", "2", "--tc", "time=2",
                     "inc=0.01", "--margin", "0.5"};
    log = run_match(clock, 11, &res, true);
    assert_int_equal(res.tally.wins, 2);
    assert_int_equal(text_count(log, "lost on time after"), 2);
    free(log);
}

static void test_start_failure_and_working_directory(void **state)
{
    (void)state;
    char *missing[] = {"--engine1", FAKE, "--engine2", "./no-such-engine", "--games", "2", "--timeout", "2"};
    MatchResult res;
    char *log = run_match(missing, 8, &res, true);
    assert_int_equal(res.tally.wins, 2);
    assert_int_equal(text_count(log, "failed to start"), 2);
    free(log);

    char *dir[] = {"--engine1", "./fake_engine", "--dir1", TEST_BIN_DIR, "--engine2", FAKE, "--games", "2"};
    log = run_match(dir, 8, &res, true);
    assert_string_equal(log, "");
    assert_int_equal(res.games_played, 2);
    free(log);
}

static void test_sprt_stops_the_match(void **state)
{
    (void)state;
    /* engine 2 loses every game: pentanomial [0,0,0,0,n]. elo0=0 elo1=200 (python3, as in
     * test_stats): n = 7 -> llr 2.929161894893066, n = 8 -> 3.3475393504155826 > 2.944 */
    char *args[] = {"--engine1", FAKE, "--engine2", FAKE " illegal 0", "--games", "100", "--sprt", "elo0=0",
                    "elo1=200", "alpha=0.05", "beta=0.05"};
    MatchResult res;
    char *log = run_match(args, 11, &res, true);
    free(log);
    assert_int_equal(res.games_played, 16);
    assert_int_equal(res.sprt_stop_game, 16);
    assert_int_equal(res.sprt.decision, SPRT_H1);
    assert_float_equal(res.sprt.llr, 3.3475393504155826, 1e-9);
}

static void test_command_line(void **state)
{
    (void)state;
    static char out[65536];
    assert_int_equal(shell_run(ENGINE_BIN " match --help", out, sizeof out), 0);
    assert_non_null(strstr(out, "usage: engine match"));
    assert_int_equal(shell_run(ENGINE_BIN " match --engine1 x 2>/dev/null", out, sizeof out), 2);
    assert_int_equal(shell_run(ENGINE_BIN " match --engine1 x --engine2 y --tc depth=0 2>/dev/null", out, sizeof out), 2);
    assert_int_equal(shell_run(ENGINE_BIN " match --engine1 x --engine2 y --openings /nonexistent 2>/dev/null", out,
                           sizeof out), 1);
    assert_int_equal(shell_run(ENGINE_BIN " match --engine1 '" FAKE " illegal 0' --engine2 " FAKE
                           " --games 2 --tc depth=1 --sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 2>/dev/null",
                           out, sizeof out), 0);
    assert_non_null(strstr(out, "game 2/2 (#2, engine1 Black): 2-0 Black played an illegal move | W-D-L 0-0-2 "
                                "score 0.0% Elo -inf +- n/a LLR -0.01\n"));
    assert_non_null(strstr(out, "Games: 2  W-D-L (engine1): 0-0-2  score: 0.0%\n"
                                "Pairs: 1  pentanomial 0/0.5/1/1.5/2: 1 0 0 0 0\n"
                                "Elo difference: -inf +- n/a (95%, pentanomial)  LOS: n/a\n"
                                "Normalized Elo: n/a +- n/a (95%, pentanomial)  draws: 0.0%\n"
                                "SPRT elo0=0 elo1=5 alpha=0.05 beta=0.05 model=logistic: LLR -0.015 bounds [-2.944, "
                                "2.944]: continue\n"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_legal_move),
        cmocka_unit_test(test_threefold_repetition),
        cmocka_unit_test(test_25_move_rule),
        cmocka_unit_test(test_16_move_rule),
        cmocka_unit_test(test_5_move_rule),
        cmocka_unit_test(test_ply_cap),
        cmocka_unit_test(test_pos_command_from_last_irreversible_move),
        cmocka_unit_test(test_level_and_done),
        cmocka_unit_test(test_parse_args),
        cmocka_unit_test(test_legal_match_writes_pdn),
        cmocka_unit_test(test_illegal_moves_lose_and_engine_restarts),
        cmocka_unit_test(test_garbage_crash_and_exit_lose),
        cmocka_unit_test(test_hang_and_time_losses),
        cmocka_unit_test(test_start_failure_and_working_directory),
        cmocka_unit_test(test_sprt_stops_the_match),
        cmocka_unit_test(test_command_line),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
