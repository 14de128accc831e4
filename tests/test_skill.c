/* The playing levels (skill.h) and the Hub parameters skill and seed. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <unistd.h>

#include "support/hub_test_util.h"
#include "rules/movegen.h"
#include "rules/rules.h"
#include "search/skill.h"
#include "search/tactics.h"

#define SUITE "tests/data/tactics.txt"
#define PICK_NODES 20000     /* the level nodes= of the picks on the tactics positions */
#define JUDGE_NODES 200000   /* the full-strength search that tells a sacrifice from a blunder: shots
                                 of the suite run 11 plies deep (depth 8 took 27-32 of line 21 for one) */
#define MAN 100
#define SELFPLAY_PLIES 16

/* The table: the top level is the plain engine, every level sees at least one ply, the margins
 * never admit a move a man worse than the best, and strength knobs move one way with the level. */
static void test_levels_table(void **state)
{
    (void)state;
    const SkillLevel *top = skill_level(SKILL_MAX);
    assert_int_equal(top->depth10, 0);
    assert_int_equal(top->nodes, 0);
    assert_int_equal(top->positional, 100);
    assert_int_equal(top->lines, 1);
    assert_int_equal(top->temperature, 0);
    assert_true(top->book_ply >= HUB_BOOK_PLY_MAX);
    assert_ptr_equal(skill_level(0), skill_level(SKILL_MIN));
    assert_ptr_equal(skill_level(SKILL_MAX + 5), top);
    for (int l = SKILL_MIN; l < SKILL_MAX; l++) {
        const SkillLevel *a = skill_level(l), *b = skill_level(l + 1);
        assert_true(a->depth10 == 0 || a->depth10 >= 10);
        assert_true(a->margin < MAN);
        assert_true(a->lines >= 1 && a->lines <= SEARCH_MAX_LINES);
        assert_true(a->temperature > 0);
        assert_true((b->depth10 ? b->depth10 : INT_MAX) >= (a->depth10 ? a->depth10 : INT_MAX));
        assert_true(b->positional >= a->positional);
        assert_true(b->temperature <= a->temperature);
        assert_true(b->book_ply >= a->book_ply);
    }
}

/* A result of n lines with the given scores (moves 1..n stand for the lines). */
static SearchResult lines_result(const Score *scores, int n)
{
    SearchResult r;
    memset(&r, 0, sizeof r);
    r.line_count = n;
    for (int i = 0; i < n; i++) {
        r.line_move[i] = (Move)(i + 1);
        r.line_score[i] = scores[i];
    }
    return r;
}

/* The choice keeps to the margin, spreads over equal lines, and replays under the same seed. */
static void test_choose(void **state)
{
    (void)state;
    const SkillLevel *low = skill_level(SKILL_MIN);
    Score close[] = {0, 0, 0, 0, -low->margin - 1, -MAN};
    SearchResult r = lines_result(close, 6);
    int seen[6] = {0};
    uint64_t rng = skill_seed_state(1), again = skill_seed_state(1);
    for (int i = 0; i < 400; i++) {
        int c = skill_choose(low, &r, &rng);
        assert_true(c >= 0 && c < 6);
        seen[c]++;
        assert_int_equal(skill_choose(low, &r, &again), c);
    }
    for (int i = 0; i < 4; i++)
        assert_true(seen[i] > 50);
    assert_int_equal(seen[4] + seen[5], 0);
    assert_int_equal(skill_choose(skill_level(SKILL_MAX), &r, &rng), 0);
    Score one[] = {30};
    r = lines_result(one, 1);
    assert_int_equal(skill_choose(low, &r, &rng), 0);
    /* a fractional depth rounds both ways; an integral one never moves */
    const SkillLevel *half = skill_level(5);
    assert_int_equal(half->depth10 % 10, 5);
    SearchLimits none = {0}, capped;
    int deeper = 0;
    for (int i = 0; i < 200; i++) {
        capped = skill_limits(half, &none, &rng);
        assert_true(capped.depth == half->depth10 / 10 || capped.depth == half->depth10 / 10 + 1);
        deeper += capped.depth > half->depth10 / 10;
    }
    assert_true(deeper > 50 && deeper < 150);
    SearchLimits shallow = {.depth = 1, .nodes = 5};
    capped = skill_limits(skill_level(SKILL_MAX - 1), &shallow, &rng);
    assert_int_equal(capped.depth, 1);
    assert_int_equal(capped.nodes, 5);
}

static void test_params(void **state)
{
    Hub *h = *state;
    char *out = run(h, "set-param name=skill value=1\nset-param name=seed value=2147483647\nhub\n");
    assert_int_equal(count_lines(out, "error"), 0);
    assert_int_equal(h->skill, 1);
    assert_int_equal(h->seed, 2147483647LL);
    assert_true(line_index(out, "param name=skill value=1 type=int min=1 max=20", 0) >= 0);
    assert_true(line_index(out, "param name=seed value=2147483647 type=int min=0 max=2147483647", 0) >= 0);
    free(out);
    const char *bad[] = {
        "set-param name=skill value=0", "set-param name=skill value=21", "set-param name=skill value=x",
        "set-param name=skill value=", "set-param name=skill value=2.5", "set-param name=skill value=-3",
        "set-param name=seed value=-1", "set-param name=seed value=2147483648", "set-param name=seed value=1e3",
        "set-param name=seed value=", "set-param name=seed value=seven",
    };
    assert_each_one_error(h, bad, sizeof bad / sizeof bad[0]);
    assert_int_equal(h->skill, 1);
    assert_int_equal(h->seed, 2147483647LL);
    out = run(h, "set-param name=skill value=21\n");
    assert_non_null(strstr(out, "skill '21' is not an integer from 1 to 20 (levels); keeping 1"));
    free(out);
    out = run(h, "set-param name=skill value=20\nset-param name=seed value=0\n");
    assert_int_equal(count_lines(out, "error"), 0);
    assert_int_equal(h->skill, SKILL_MAX);
    assert_int_equal(h->seed, 0);
    free(out);
}

static int quiet[2];       /* a pipe nobody writes to: the searches' polls find no input */
static IoSource quiet_src; /* its reading end (readers keep a pointer to their source) */

/* A hub at level with seed, its errors thrown away, its input silent (free it with drop_hub). */
static Hub *level_hub(int level, long long seed, FILE *sink)
{
    Hub *h = hub_new();
    assert_non_null(h);
    assert_true(io_reader_init(&h->reader, &quiet_src));
    h->out = sink;
    h->tt_mib = TACTICS_TT_MIB;
    h->skill = level;
    hub_seed(h, seed);
    return h;
}

static void drop_hub(Hub *h)
{
    io_reader_free(&h->reader);
    hub_free(h);
}

/* Plays SELFPLAY_PLIES plies of self-play from the start at level under seed, each move's level
 * handicap=handicap, into moves. */
static void selfplay_handicap(int level, int handicap, long long seed, FILE *sink, Move *moves)
{
    Hub *h = level_hub(level, seed, sink);
    SearchLimits limits = {.nodes = PICK_NODES, .handicap = handicap};
    for (int i = 0; i < SELFPLAY_PLIES; i++) {
        HubPick pick;
        assert_true(hub_pick(h, GO_THINK, &limits, 1, NULL, &pick));
        moves[i] = pick.move;
        assert_true(game_play(&h->game, pick.move));
    }
    drop_hub(h);
}

static void selfplay(int level, long long seed, FILE *sink, Move *moves)
{
    selfplay_handicap(level, 0, seed, sink, moves);
}

/* lidraughts' level handicap=N: at full skill, handicaps 1, 2, 3 play the games of skills 8, 4
 * and 1, move for move; below those a handicap changes nothing; the level line takes 0-3, pos
 * clears it. */
static void test_handicap(void **state)
{
    (void)state;
    FILE *sink = fopen("/dev/null", "w");
    static const int as_skill[4] = {SKILL_MAX, 8, 4, 1};
    for (int hc = 1; hc <= 3; hc++) {
        Move a[SELFPLAY_PLIES], b[SELFPLAY_PLIES];
        selfplay_handicap(SKILL_MAX, hc, 9, sink, a);
        selfplay(as_skill[hc], 9, sink, b);
        assert_memory_equal(a, b, sizeof a);
    }
    Move a[SELFPLAY_PLIES], b[SELFPLAY_PLIES];
    selfplay_handicap(2, 1, 9, sink, a);   /* skill 2 is below handicap 1's 8 */
    selfplay(2, 9, sink, b);
    assert_memory_equal(a, b, sizeof a);
    fclose(sink);
    Hub *h = hub_new();
    char *out = run(h, "level nodes=50 handicap=3\n");
    assert_int_equal(count_lines(out, "error"), 0);
    assert_int_equal(h->limits.handicap, 3);
    free(out);
    out = run(h, "level handicap=4\n");
    assert_non_null(strstr(out, "expected an integer from 0 to 3"));
    assert_int_equal(h->limits.handicap, 3);
    free(out);
    free(run(h, "pos start\n"));
    assert_int_equal(h->limits.handicap, 0);
    hub_free(h);
}

/* The same seed replays the same game; some other seed plays another. */
static void test_deterministic(void **state)
{
    (void)state;
    FILE *sink = tmpfile();
    assert_non_null(sink);
    Move a[SELFPLAY_PLIES], b[SELFPLAY_PLIES], c[SELFPLAY_PLIES];
    for (int level = 3; level <= 13; level += 5) {
        selfplay(level, 42, sink, a);
        selfplay(level, 42, sink, b);
        assert_memory_equal(a, b, sizeof a);
        bool differs = false;
        for (long long seed = 1; seed <= 8 && !differs; seed++) {
            selfplay(level, seed, sink, c);
            differs = memcmp(a, c, sizeof a) != 0;
        }
        assert_true(differs);
    }
    fclose(sink);
}

/* The material-only score of every root move at depth 1 (the move, then the captures it allows),
 * by multi-PV searches in batches of SEARCH_MAX_LINES. */
static int shallow_scores(Search *s, const Position *pos, Move *moves, Score *scores)
{
    Game game;
    game_reset(&game, pos);
    MoveList list;
    movegen_generate(pos, &list);
    search_params(s)->material = 1;
    search_set_lines(s, SEARCH_MAX_LINES);
    SearchLimits limits = {.depth = 1};
    int n = 0;
    while (n < list.count) {
        SearchResult r;
        search_set_excluded(s, moves, n);
        search_run(s, &game, &limits, GO_ANALYZE, NULL, NULL, NULL, &r);
        for (int i = 0; i < r.line_count; i++) {
            moves[n] = r.line_move[i];
            scores[n++] = r.line_score[i];
        }
    }
    search_set_excluded(s, NULL, 0);
    search_params_default(search_params(s));
    return n;
}

/* The full-strength score of pos after move m, from the mover's side, within JUDGE_NODES. */
static Score judge(Search *s, const Position *pos, Move m)
{
    Game game;
    game_reset(&game, pos);
    SearchLimits limits = {.nodes = JUDGE_NODES};
    SearchResult r;
    assert_true(game_play(&game, m));
    search_clear(s);
    search_set_lines(s, 1);
    search_run(s, &game, &limits, GO_ANALYZE, NULL, NULL, NULL, &r);
    return -r.score;
}

/* The judged moves of one position with their full-strength scores: levels and seeds often pick
 * the same move, which is judged once. */
typedef struct {
    int count;
    Move move[MAX_MOVES];
    Score score[MAX_MOVES];
} Verdicts;

/* judge(s, pos, m), searched only the first time m is asked about. */
static Score judge_once(Search *s, const Position *pos, Move m, Verdicts *v)
{
    for (int i = 0; i < v->count; i++)
        if (v->move[i] == m)
            return v->score[i];
    v->move[v->count] = m;
    return v->score[v->count++] = judge(s, pos, m);
}

/* At every level, on every tactics position and under three seeds, the move is legal; at no level
 * is it a man given away for nothing: one that loses a man to the captures right after it, when
 * the best move by that count does not, and that a full-strength search also finds a man worse
 * than that move (a sacrifice the full search approves is no blunder). */
static void test_tactics_levels(void **state)
{
    (void)state;
    TacticsEntry *list;
    int n = tactics_load(SUITE, &list, stderr);
    assert_true(n >= 10);
    FILE *sink = tmpfile();
    assert_non_null(sink);
    Search *ref = search_new(TACTICS_TT_MIB);
    assert_non_null(ref);
    int judged = 0, searched = 0;
    for (int p = 0; p < n; p++) {
        Move moves[MAX_MOVES];
        Score scores[MAX_MOVES];
        Verdicts verdicts = {0};
        int count = shallow_scores(ref, &list[p].pos, moves, scores);
        Score safe_deep = judge_once(ref, &list[p].pos, moves[0], &verdicts);
        for (int level = SKILL_MIN; level <= SKILL_MAX; level++)
            for (long long seed = 1; seed <= 3; seed++) {
                Hub *h = level_hub(level, seed, sink);
                game_reset(&h->game, &list[p].pos);
                SearchLimits limits = {.nodes = PICK_NODES};
                HubPick pick;
                assert_true(hub_pick(h, GO_THINK, &limits, 1, NULL, &pick));
                assert_true(movegen_is_legal(&list[p].pos, pick.move));
                drop_hub(h);
                Score shallow = -SCORE_INF;
                for (int i = 0; i < count; i++)
                    if (moves[i] == pick.move)
                        shallow = scores[i];
                assert_true(shallow > -SCORE_INF);
                if (shallow > scores[0] - MAN)
                    continue;
                judged++;
                Score deep = judge_once(ref, &list[p].pos, pick.move, &verdicts);
                if (deep < safe_deep - MAN)
                    fail_msg("level %d seed %lld gives a man away in position %d (line %d): %d against %d",
                             level, seed, p, list[p].line, deep, safe_deep);
            }
        searched += verdicts.count;
    }
    print_message("%d picks lost a man at depth 1 (sacrifices) and were judged deeper (%d searches)\n", judged,
                  searched);
    search_free(ref);
    fclose(sink);
    free(list);
}

/* The top level plays what the plain search plays. */
static void test_top_level_is_plain(void **state)
{
    (void)state;
    TacticsEntry *list;
    int n = tactics_load(SUITE, &list, stderr);
    assert_true(n >= 10);
    FILE *sink = tmpfile();
    assert_non_null(sink);
    for (int p = 0; p < n; p++) {
        Hub *h = level_hub(SKILL_MAX, 1, sink);
        game_reset(&h->game, &list[p].pos);
        SearchLimits limits = {.nodes = PICK_NODES};
        HubPick pick;
        assert_true(hub_pick(h, GO_THINK, &limits, 1, NULL, &pick));
        drop_hub(h);
        Search *s = search_new(TACTICS_TT_MIB);
        assert_non_null(s);
        Game game;
        game_reset(&game, &list[p].pos);
        SearchResult r;
        search_run(s, &game, &limits, GO_THINK, NULL, NULL, NULL, &r);
        search_free(s);
        if (pick.source == HUB_PICK_SEARCH) {
            assert_int_equal(pick.move, r.best);
            assert_int_equal(pick.result.nodes, r.nodes);
        }
    }
    fclose(sink);
    free(list);
}

/* A level's ponder search ends by its caps at once, but the answer waits for ponder-hit, answering
 * ping meanwhile. */
static void test_ponder_waits(void **state)
{
    Script s;
    Chunk chunks[] = {{"set-param name=skill value=2\nlevel move-time=0.1\ngo ponder\n", 0}, {"ping\n", 20},
                      {"ponder-hit\n", 20}, {NULL, 0}};
    char *out = run_script(*state, &s, chunks, 5.0);
    assert_false(s.eof_in_search);
    assert_int_equal(count_lines(out, "done move="), 1);
    assert_int_equal(count_lines(out, "error"), 0);
    assert_true(line_index(out, "pong", 0) >= 0);
    assert_true(line_index(out, "pong", 0) < line_index(out, "done", 0));
    free(out);
}

int main(void)
{
    rules_init();
    if (pipe(quiet) != 0)
        return 1;
    io_source_fd(&quiet_src, quiet[0]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_levels_table),
        cmocka_unit_test(test_choose),
        cmocka_unit_test_setup_teardown(test_params, setup, teardown),
        cmocka_unit_test(test_handicap),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_tactics_levels),
        cmocka_unit_test(test_top_level_is_plain),
        cmocka_unit_test_setup_teardown(test_ponder_waits, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
