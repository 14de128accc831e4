/* Self-play: a short run writes only quiet positions, each searched, the same ones for the same
 * seed whatever the thread count, and its shards together make the same file; bad openings files
 * are refused; a network's games are its own. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "eval/net_weights.h"
#include "rules/rules.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "opening/openings.h"
#include "learn/sample.h"
#include "learn/selfplay.h"

static const NetModel *run_net;   /* the searches' network for the next runs (NULL: patterns) */

static char *run_shard(uint64_t seed, int threads, Shard shard, const Position *openings, int count,
                       SelfplayStats *stats)
{
    SelfplayConfig cfg;
    selfplay_default_config(&cfg);
    cfg.net = run_net;
    cfg.shard = shard;
    cfg.threads = threads;
    cfg.games = 3;
    cfg.nodes = 400;
    cfg.random_plies = 4;
    cfg.seed = seed;
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_true(selfplay_run(&cfg, openings, count, f, NULL, stats));
    long size = ftell(f);
    rewind(f);
    char *text = malloc((size_t)size + 1);
    assert_non_null(text);
    assert_int_equal(fread(text, 1, (size_t)size, f), (size_t)size);
    text[size] = 0;
    fclose(f);
    return text;
}

static char *run_games(uint64_t seed, int threads, const Position *openings, int count, SelfplayStats *stats)
{
    return run_shard(seed, threads, SHARD_WHOLE, openings, count, stats);
}

/* The built-in ballots into *openings (caller frees); returns their count. */
static int builtin_openings(Position **openings)
{
    char err[256];
    int count = openings_load(NULL, VARIANT_NORMAL, openings, err, sizeof err);
    assert_true(count > 0);
    return count;
}

/* The shards of a run, concatenated in order, are the whole run's output, byte for byte, and each
 * plays its share of the games (one of three games each here; none for some of five). */
static void test_shards_concatenate_to_the_run(void **state)
{
    (void)state;
    Position *openings;
    int count = builtin_openings(&openings);
    SelfplayStats stats;
    char *whole = run_games(11, 2, openings, count, &stats);
    for (long n = 3; n <= 5; n += 2) {
        char joined[1 << 16] = "";
        int games = 0;
        for (long i = 0; i < n; i++) {
            SelfplayStats part;
            char *text = run_shard(11, 1, (Shard){i, n}, openings, count, &part);
            assert_true(strlen(joined) + strlen(text) < sizeof joined);
            strcat(joined, text);
            games += part.games;
            assert_true(part.games <= 1);
            free(text);
        }
        assert_int_equal(games, 3);
        assert_string_equal(joined, whole);
    }
    free(whole);
    free(openings);
}

/* Games searched by the network are its own: other games than the patterns', the same for the
 * same seed whatever the thread count. */
static void test_network_games(void **state)
{
    (void)state;
    Position *openings;
    int count = builtin_openings(&openings);
    SelfplayStats stats;
    char *patterns = run_games(5, 1, openings, count, &stats);
    run_net = net_weights_embedded();
    char *net = run_games(5, 1, openings, count, &stats), *again = run_games(5, 2, openings, count, &stats);
    run_net = NULL;
    assert_int_equal(stats.games, 3);
    assert_string_equal(net, again);
    assert_string_not_equal(net, patterns);
    free(patterns);
    free(net);
    free(again);
    free(openings);
}

static void test_short_run_writes_quiet_positions(void **state)
{
    (void)state;
    Position *openings;
    int count = builtin_openings(&openings);
    assert_int_equal(count, 331);
    SelfplayStats stats, again;
    char *text = run_games(7, 1, openings, count, &stats);
    char *same = run_games(7, 2, openings, count, &again);   /* the same games, split over two threads */
    char *other = run_games(8, 1, openings, count, &again);
    assert_string_equal(text, same);
    assert_string_not_equal(text, other);
    assert_int_equal(stats.games, 3);
    assert_int_equal(stats.white_wins + stats.draws + stats.black_wins, 3);
    long lines = 0, scored = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        Position pos;
        double r;
        int score;
        assert_true(sample_parse_line(line, &pos, &r, &score));
        assert_false(movegen_has_capture(&pos));
        assert_false(movegen_opponent_has_capture(&pos));
        assert_int_not_equal(score, SAMPLE_NO_SCORE);   /* every position was searched */
        scored += score != 0;
        lines++;
    }
    assert_int_equal(lines, stats.positions);
    assert_true(lines > 10);
    assert_true(scored > 0);
    free(text);
    free(same);
    free(other);
    free(openings);
}

static void test_openings_file_errors(void **state)
{
    (void)state;
    Position *openings;
    char err[256];
    assert_int_equal(openings_load("tests/data/no-such-file.fen", VARIANT_NORMAL, &openings, err, sizeof err), -1);
    assert_non_null(strstr(err, "cannot open tests/data/no-such-file.fen"));
    assert_int_equal(openings_load("tests/data/perft.txt", VARIANT_NORMAL, &openings, err, sizeof err), -1);
    assert_non_null(strstr(err, "tests/data/perft.txt:"));   /* not one FEN per line */
}

int main(void)
{
    rules_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_short_run_writes_quiet_positions),
        cmocka_unit_test(test_shards_concatenate_to_the_run),
        cmocka_unit_test(test_openings_file_errors),
        cmocka_unit_test(test_network_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
