/* Matches in shards and their merged report (match/match_merge.h): hand-made PDN files give the
 * W-D-L, pairs and time losses worked out by hand; files that are not parts of one match are
 * refused; and a real match played in three shards, merged, is the match played in one run, game
 * for game (the engines' seeds fixed, a node limit). */
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
#include "match/match_merge.h"
#include "pdn/pdn_read.h"
#include "support/match_test_util.h"

#define START_FEN "W:W31-50:B1-20"

/* A PDN game of round r between A (engine 1) and B: result as written, termination or NULL. */
static void put_game(FILE *f, int r, const char *result, const char *termination)
{
    bool one_white = r % 2 == 1;
    fprintf(f, "[Event \"t\"]\n[Round \"%d\"]\n[White \"%s\"]\n[Black \"%s\"]\n[Result \"%s\"]\n[FEN \"%s\"]\n", r,
            one_white ? "A" : "B", one_white ? "B" : "A", result, START_FEN);
    if (termination)
        fprintf(f, "[Termination \"%s\"]\n", termination);
    fprintf(f, "\n1. 32-28 %s\n\n", result);
}

static char *temp_pdn(void)
{
    static char paths[8][64];
    static int next;
    char *p = paths[next++ % 8];
    snprintf(p, 64, "/tmp/test_merge_XXXXXX");
    int fd = mkstemp(p);
    assert_true(fd >= 0);
    close(fd);
    return p;
}

static bool merge(const char *a, const char *b, MatchMerge *m, char *why, size_t size)
{
    const char *paths[] = {a, b};
    FILE *log = tmpfile();
    bool ok = match_merge_read(paths, b ? 2 : 1, NULL, m, log, why, size);
    fclose(log);
    return ok;
}

/* --rounds 2-5 of the games of test_merged_tally_by_hand: rounds 2 (a draw), 3 (A wins: B lost on
 * time), 4 (B wins), 5 (a draw): W-D-L 1-2-1; the pair of rounds 1-2 is out with round 1, that
 * of 3-4 is in (1 point). */
static void test_rounds_choose_the_games(void **state)
{
    (void)state;
    char *a = temp_pdn();
    FILE *f = fopen(a, "w");
    put_game(f, 1, "2-0", NULL);
    put_game(f, 2, "1-1", NULL);
    put_game(f, 3, "2-0", "Black lost on time");
    put_game(f, 4, "2-0", NULL);
    put_game(f, 5, "1-1", NULL);
    fclose(f);
    GameList rounds;
    assert_null(game_list_parse("2-5", &rounds));
    const char *paths[] = {a};
    MatchMerge m;
    char why[512] = "";
    FILE *log = tmpfile();
    assert_true(match_merge_read(paths, 1, &rounds, &m, log, why, sizeof why));
    fclose(log);
    assert_int_equal(m.games, 4);
    assert_int_equal(m.tally.wins, 1);
    assert_int_equal(m.tally.draws, 2);
    assert_int_equal(m.tally.losses, 1);
    const int64_t penta[PENTA_BINS] = {0, 0, 1, 0, 0};
    for (int i = 0; i < PENTA_BINS; i++)
        assert_int_equal(m.tally.penta[i], penta[i]);
    assert_int_equal(m.time_losses[1], 1);
    unlink(a);
}

/* Rounds 1-2: A wins as White, draws as Black (pair 1.5); 3-4: B lost on time as Black in round 3
 * (A wins), B wins round 4 (pair 1); 5 alone (no pair): a draw. Engine 1's W-D-L 2-2-1; with the
 * time loss drawn 1-3-1 and pairs 1.5 and 0.5. */
static void test_merged_tally_by_hand(void **state)
{
    (void)state;
    char *a = temp_pdn(), *b = temp_pdn();
    FILE *f = fopen(a, "w");
    put_game(f, 4, "2-0", NULL);   /* round 4: White is B, who wins */
    put_game(f, 1, "2-0", NULL);
    put_game(f, 5, "1-1", NULL);
    fclose(f);
    f = fopen(b, "w");
    put_game(f, 3, "2-0", "Black lost on time");
    put_game(f, 2, "1-1", NULL);
    fclose(f);
    MatchMerge m;
    char why[512] = "";
    assert_true(merge(a, b, &m, why, sizeof why));
    assert_int_equal(m.games, 5);
    assert_string_equal(m.name[0], "A");
    assert_string_equal(m.name[1], "B");
    assert_int_equal(m.tally.wins, 2);
    assert_int_equal(m.tally.draws, 2);
    assert_int_equal(m.tally.losses, 1);
    const int64_t penta[PENTA_BINS] = {0, 0, 1, 1, 0}, drawn[PENTA_BINS] = {0, 1, 0, 1, 0};
    for (int i = 0; i < PENTA_BINS; i++) {
        assert_int_equal(m.tally.penta[i], penta[i]);
        assert_int_equal(m.forfeits_drawn.penta[i], drawn[i]);
    }
    assert_int_equal(m.time_losses[0], 0);
    assert_int_equal(m.time_losses[1], 1);
    assert_int_equal(m.forfeits_drawn.wins, 1);
    assert_int_equal(m.forfeits_drawn.draws, 3);
    FILE *out = tmpfile();
    match_merge_print(out, &m, NULL);
    char *text = stream_text(out);
    fclose(out);
    assert_non_null(strstr(text, "Merged match: 5 games from 2 file(s): engine1 \"A\" vs engine2 \"B\"\n"
                                 "Games: 5  W-D-L (engine1): 2-2-1  score: 60.0%\n"
                                 "Pairs: 2  pentanomial 0/0.5/1/1.5/2: 0 0 1 1 0\n"));
    assert_non_null(strstr(text, "Time losses: engine1 0, engine2 1\nWith the time losses counted as draws:\n"
                                 "Games: 5  W-D-L (engine1): 1-3-1  score: 50.0%\n"));
    free(text);
    unlink(a);
    unlink(b);
}

/* A round in two files, a game without a Round or a result, engines that change: refused. */
static void test_foreign_files_are_refused(void **state)
{
    (void)state;
    char *a = temp_pdn(), *b = temp_pdn();
    FILE *f = fopen(a, "w");
    put_game(f, 1, "2-0", NULL);
    fclose(f);
    f = fopen(b, "w");
    put_game(f, 1, "1-1", NULL);
    fclose(f);
    MatchMerge m;
    char why[512] = "";
    assert_false(merge(a, b, &m, why, sizeof why));
    assert_non_null(strstr(why, "match game 1 is in"));
    f = fopen(b, "w");
    fprintf(f, "[White \"A\"]\n[Black \"B\"]\n[Result \"2-0\"]\n\n1. 32-28 2-0\n\n");
    fclose(f);
    assert_false(merge(a, b, &m, why, sizeof why));
    assert_non_null(strstr(why, "no Round tag"));
    f = fopen(b, "w");
    fprintf(f, "[Round \"2\"]\n[White \"B\"]\n[Black \"C\"]\n[Result \"2-0\"]\n\n1. 32-28 2-0\n\n");
    fclose(f);
    assert_false(merge(a, b, &m, why, sizeof why));
    assert_non_null(strstr(why, "engine 1 \"C\", not \"A\""));
    assert_false(merge(a, "/nonexistent/x.pdn", &m, why, sizeof why));
    assert_non_null(strstr(why, "cannot read /nonexistent/x.pdn"));
    unlink(a);
    unlink(b);
}

/* The moves (a hash of them) and result of every round of the files, in round order, as one text. */
static char *games_by_round(const char *const *paths, int count)
{
    static char rounds[16][64];
    memset(rounds, 0, sizeof rounds);
    for (int p = 0; p < count; p++) {
        FILE *f = fopen(paths[p], "r");
        assert_non_null(f);
        PdnReader *r = pdn_reader_new(f, paths[p]);
        PdnGame g;
        pdn_game_init(&g);
        while (pdn_reader_next(r, &g) == PDN_READ_OK) {
            int round = atoi(pdn_game_tag(&g, "Round"));
            assert_true(round >= 1 && round <= 16);
            unsigned long long h = 1469598103934665603ULL;
            for (int i = 0; i < g.move_count; i++)
                h = (h ^ (unsigned long long)g.moves[i].move) * 1099511628211ULL;
            snprintf(rounds[round - 1], sizeof rounds[0], "%d:%d:%016llx %s|", round, g.move_count, h,
                     g.result_text);
        }
        pdn_game_free(&g);
        pdn_reader_free(r);
        fclose(f);
    }
    char *all = calloc(16, 64);
    assert_non_null(all);
    for (int i = 0; i < 16; i++)
        strcat(all, rounds[i]);
    return all;
}

/* Six games at 300 nodes with fixed seeds: in one run on two workers, and in shards 0-2 of 3 (one
 * pair each), merged. The same games, the same report. */
static void test_shards_play_the_same_games(void **state)
{
    (void)state;
    char *whole = temp_pdn(), *part[3] = {temp_pdn(), temp_pdn(), temp_pdn()};
    unlink(part[0]), unlink(part[1]), unlink(part[2]);
    char *base[] = {"engine", "match", "--engine1", ENGINE_BIN " hub", "--engine2", ENGINE_BIN " hub", "--param1",
                    "seed=3", "--param2", "seed=5", "--tc", "nodes=300", "--games", "6", "--pdn", whole,
                    "--concurrency", "2"};
    MatchResult res, shard_res;
    free(match_test_run(18, base, &res, true, NULL));
    for (int i = 0; i < 3; i++) {
        char shard[16];
        snprintf(shard, sizeof shard, "%d/3", i);
        char *args[] = {"engine", "match", "--engine1", ENGINE_BIN " hub", "--engine2", ENGINE_BIN " hub",
                        "--param1", "seed=3", "--param2", "seed=5", "--tc", "nodes=300", "--games", "6",
                        "--resume", part[i], "--shard", shard};
        free(match_test_run(18, args, &shard_res, true, NULL));
        assert_int_equal(shard_res.games_played, 2);
    }
    const char *parts[] = {part[0], part[1], part[2]};
    MatchMerge m;
    char why[512] = "";
    FILE *log = tmpfile();
    assert_true(match_merge_read(parts, 3, NULL, &m, log, why, sizeof why));
    fclose(log);
    assert_int_equal(m.games, 6);
    assert_memory_equal(&m.tally, &res.tally, sizeof m.tally);
    const char *one[] = {whole};
    char *a = games_by_round(one, 1), *b = games_by_round(parts, 3);
    assert_int_equal(text_count(a, "|"), 6);
    assert_string_equal(a, b);
    free(a);
    free(b);
    unlink(whole);
    for (int i = 0; i < 3; i++)
        unlink(part[i]);
}

int main(void)
{
    rules_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_merged_tally_by_hand),
        cmocka_unit_test(test_rounds_choose_the_games),
        cmocka_unit_test(test_foreign_files_are_refused),
        cmocka_unit_test(test_shards_play_the_same_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
