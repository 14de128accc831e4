/* Texel tuner: it recovers the scale and direction of a known teacher evaluation from synthetic
 * results in a data file (or from search scores, --lambda), lowers the loss, learns the king table
 * and king_mobility_attacked, is deterministic, holds rare table entries at 0 and whole tables at
 * their start on demand, resumes from a checkpoint as if never stopped (the data streams:
 * test_tune_data.c; the command line: test_tune_cli.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rules/rules.h"
#include "rules/movegen.h"
#include "eval/eval_file.h"
#include "learn/sample.h"
#include "learn/tune.h"
#include "cli/tune_cli.h"
#include "learn/tune_data.h"
#include "support/tune_test_util.h"
#include "rules/make.h"
#include "eval/eval_weights.h"

#define TEACHER_K 0.008

/* The shipped international weights (book/eval/normal.bin). */
static const EvalWeight *normal_weights(void) { return eval_weights_of(VARIANT_NORMAL); }

#define TAUGHT_TABLE 4   /* own rows 4-7, files 0-3 */
#define TAUGHT_KING 27   /* the own-view square of the teacher's king bonus (off the long diagonal) */

/* The entry of TAUGHT_TABLE that White's men make in the start position (frequent early on). */
static int taught_index(void)
{
    Position pos;
    position_start(&pos);
    EvalFeatures f;
    eval_extract(&pos, &f);
    return f.pattern[TAUGHT_TABLE];
}

/* The teacher: the active weights with a much larger centre and tempo term (relative to the
 * shipped ones, so the test holds whatever they are), a bonus for the start formation of one
 * block, which the tuner can only learn through that pattern entry, a bonus for a king on
 * TAUGHT_KING and a price on the kings' attacked squares. */
static void teacher_weights(EvalWeight *w)
{
    memcpy(w, normal_weights(), EVAL_FEATURE_COUNT * sizeof *w);
    w[EVAL_CENTRE].mg += 40, w[EVAL_CENTRE].eg += 40;
    w[EVAL_TEMPO].mg += 12, w[EVAL_TEMPO].eg += 12;
    EvalWeight *taught = &w[EVAL_PATTERN_BASE + TAUGHT_TABLE * EVAL_PATTERN_SIZE + taught_index()];
    taught->mg += 120, taught->eg += 120;
    w[eval_king_feature(TAUGHT_KING)].mg += 120, w[eval_king_feature(TAUGHT_KING)].eg += 120;
    w[EVAL_KING_MOBILITY_ATTACKED].mg -= 25, w[EVAL_KING_MOBILITY_ATTACKED].eg -= 25;
}

typedef void (*PositionSource)(unsigned seed, int n, void (*put)(const Position *pos, void *ctx), void *ctx);

/* Plays n random games (seeded) and hands every quiet position after ply 4 to put(). */
static void random_positions(unsigned seed, int n, void (*put)(const Position *pos, void *ctx), void *ctx)
{
    for (int g = 0; g < n; g++) {
        Position pos;
        position_start(&pos);
        for (int ply = 0; ply < 80; ply++) {
            MoveList list;
            movegen_generate(&pos, &list);
            if (list.count == 0)
                break;
            if (list.capture_len == 0 && ply >= 4)
                put(&pos, ctx);
            Position next;
            make_move(&pos, list.moves[next_rand(&seed) % (unsigned)list.count], &next, true);
            pos = next;
        }
    }
}

/* The teacher's score of pos, White's view. */
static Score teacher_score(const Position *pos)
{
    static EvalWeight teacher[EVAL_FEATURE_COUNT];
    static bool made;
    if (!made)
        teacher_weights(teacher), made = true;
    EvalFeatures f;
    eval_extract(pos, &f);
    return eval_score_white(&f, teacher);
}

/* The teacher's probability that White wins pos. */
static double teacher_p(const Position *pos) { return 1.0 / (1.0 + exp(-TEACHER_K * teacher_score(pos))); }

typedef struct {
    double score[30000];
    float result[30000];
    size_t n;
} Samples;

static void put_sample(const Position *pos, void *ctx)
{
    Samples *s = ctx;
    if (s->n == 30000)
        return;
    s->result[s->n++] = (float)teacher_p(pos);
}

static void test_fit_k_recovers_scale(void **state)
{
    (void)state;
    static Samples s;
    s.n = 0;
    random_positions(99, 100, put_sample, &s);
    assert_true(s.n > 2000);
    /* the teacher's scores and exact probabilities: its K comes back, and half of it for twice the
     * scores */
    for (size_t i = 0; i < s.n; i++) {
        double p = s.result[i];
        s.score[i] = log(p / (1 - p)) / TEACHER_K;
    }
    double k = tune_fit_k(s.score, s.result, s.n);
    assert_true(fabs(k - TEACHER_K) < 0.02 * TEACHER_K);
    for (size_t i = 0; i < s.n; i++)
        s.score[i] *= 2;
    k = tune_fit_k(s.score, s.result, s.n);
    assert_true(fabs(k - TEACHER_K / 2) < 0.01 * TEACHER_K);
}

typedef struct {
    FILE *f;
    unsigned seed;
    long count;
} Writer;

static void put_record(const Position *pos, void *ctx)
{
    Writer *w = ctx;
    double u = next_rand(&w->seed) / (double)0x1000000;
    uint8_t rec[SAMPLE_RECORD_SIZE];
    sample_pack(pos, u < teacher_p(pos) ? 1.0 : 0.0, SAMPLE_NO_SCORE, rec);
    assert_int_equal(fwrite(rec, 1, sizeof rec, w->f), sizeof rec);
    w->count++;
}

/* A record whose result is a coin flip (it says nothing) and whose search score is the teacher's. */
static void put_scored_record(const Position *pos, void *ctx)
{
    Writer *w = ctx;
    uint8_t rec[SAMPLE_RECORD_SIZE];
    Score mover = pos->turn == WHITE ? teacher_score(pos) : -teacher_score(pos);   /* as a search gives it */
    sample_pack(pos, next_rand(&w->seed) & 1 ? 1.0 : 0.0, sample_stored_score(pos, mover), rec);
    assert_int_equal(fwrite(rec, 1, sizeof rec, w->f), sizeof rec);
    w->count++;
}

/* Hands n random boards (seeded) to put(): three kings and up to three men a side on random
 * squares (men off their promotion row), White to move. */
static void random_king_boards(unsigned seed, int n, void (*put)(const Position *pos, void *ctx), void *ctx)
{
    for (int i = 0; i < n; i++) {
        Bitboard taken = 0, men[2] = {0, 0}, kings[2] = {0, 0};
        for (int side = 0; side < 2; side++)
            for (int k = 0; k < 6; k++) {
                Bitboard bit = bb_square(1 + (int)(next_rand(&seed) % SQUARE_COUNT));
                if (taken & bit || (k >= 3 && bit & position_promotion_row((Color)side)))
                    continue;
                *(k < 3 ? &kings[side] : &men[side]) |= bit;
                taken |= bit;
            }
        Position pos;
        position_set(&pos, men[WHITE], men[BLACK], kings[WHITE], kings[BLACK], WHITE);
        put(&pos, ctx);
    }
}

/* Writes a binary self-play file of the positions source hands over (n games or boards, seeded),
 * each made a record by put; returns the number of records. */
static long write_file(const char *path, PositionSource source, int n, void (*put)(const Position *pos, void *ctx))
{
    Writer w = {.f = fopen(path, "wb"), .seed = 7};
    assert_non_null(w.f);
    fputs(SAMPLE_BIN_MAGIC, w.f);
    source(99, n, put, &w);
    assert_int_equal(fclose(w.f), 0);
    return w.count;
}

/* A file of those positions with results drawn from the teacher's win probability, no scores. */
static long write_teacher_file(const char *path, PositionSource source, int n)
{
    return write_file(path, source, n, put_record);
}

static TuneConfig small_config(void)
{
    TuneConfig cfg;
    tune_default_config(&cfg);
    cfg.epochs = 12;
    cfg.batch = 512;
    cfg.chunk = 4096;
    cfg.learning_rate = 1.0;
    cfg.decay = 0.85;
    cfg.l2 = 1e-7;   /* 92k pattern weights on 20k positions over-fit without it */
    return cfg;
}

static void fit(const char *path, const TuneConfig *cfg, EvalWeight *w, TuneReport *rep)
{
    memcpy(w, normal_weights(), EVAL_FEATURE_COUNT * sizeof *w);
    char why[256] = "";
    const char *files[] = {path};
    if (!tune_run(files, 1, VARIANT_NORMAL, cfg, w, rep, NULL, why, sizeof why))
        fail_msg("%s", why);
}

static void test_tuner_lowers_loss_and_is_deterministic(void **state)
{
    (void)state;
    char path[] = "/tmp/test_tune_teach_XXXXXX";
    temp_name(path);
    long records = write_teacher_file(path, random_positions, 300);
    TuneConfig cfg = small_config();
    static EvalWeight a[EVAL_FEATURE_COUNT], b[EVAL_FEATURE_COUNT];
    TuneReport ra, rb;
    fit(path, &cfg, a, &ra);
    fit(path, &cfg, b, &rb);
    assert_memory_equal(a, b, sizeof a);
    assert_memory_equal(&ra, &rb, offsetof(TuneReport, seconds));
    assert_true(ra.train_after < ra.train_before);
    assert_true(ra.valid_after < ra.valid_before);
    assert_true(ra.valid_count > 0 && ra.train_count > ra.valid_count);
    assert_int_equal(ra.train_count + ra.valid_count, records);
    assert_int_equal(ra.epochs, 12);
    /* The terms the teacher overweights move towards it; the frozen unit stays. */
    const EvalWeight *start = normal_weights();
    assert_true(a[EVAL_CENTRE].mg > start[EVAL_CENTRE].mg + 5);
    assert_true(a[EVAL_TEMPO].mg + a[EVAL_TEMPO].eg > start[EVAL_TEMPO].mg + start[EVAL_TEMPO].eg + 4);
    assert_int_equal(a[EVAL_MAN].mg, start[EVAL_MAN].mg);
    assert_int_equal(a[EVAL_MAN].eg, start[EVAL_MAN].eg);
    /* The pattern entry of the taught formation moves towards the teacher's bonus. */
    int taught = EVAL_PATTERN_BASE + TAUGHT_TABLE * EVAL_PATTERN_SIZE + taught_index();
    assert_true(a[taught].mg > start[taught].mg + 8);
    /* Two gradient threads give the same fit up to the order of the float sums. */
    cfg.threads = 2;
    fit(path, &cfg, b, &rb);
    for (int i = 0; i < EVAL_FEATURE_COUNT; i++)
        assert_true(abs(a[i].mg - b[i].mg) <= 1 && abs(a[i].eg - b[i].eg) <= 1);
    /* Another seed reads the data in another order: another fit, as good. */
    cfg.threads = 1;
    cfg.seed = 2;
    fit(path, &cfg, b, &rb);
    assert_memory_not_equal(a, b, sizeof a);
    assert_true(rb.valid_after < rb.valid_before);
    unlink(path);
}

/* With coin-flip results and the teacher's scores in the data, --lambda 0 learns the teacher from
 * the scores while --lambda 1 (results only) learns nothing of it; the losses measured stay those
 * against the results, which the teacher's probabilities fit worse than a coin. */
static void test_lambda_learns_from_search_scores(void **state)
{
    (void)state;
    char path[] = "/tmp/test_tune_lambda_XXXXXX";
    temp_name(path);
    write_file(path, random_positions, 300, put_scored_record);
    TuneConfig cfg = small_config();
    cfg.k = TEACHER_K;   /* fitted on coin flips K would be near 0 */
    static EvalWeight scores[EVAL_FEATURE_COUNT], results[EVAL_FEATURE_COUNT];
    TuneReport rs, rr;
    cfg.lambda = 0;
    fit(path, &cfg, scores, &rs);
    cfg.lambda = 1;
    fit(path, &cfg, results, &rr);
    const EvalWeight *start = normal_weights();
    int taught = EVAL_PATTERN_BASE + TAUGHT_TABLE * EVAL_PATTERN_SIZE + taught_index();
    assert_true(scores[taught].mg > start[taught].mg + 8);
    assert_true(scores[EVAL_CENTRE].mg > start[EVAL_CENTRE].mg + 5);
    /* coin flips move the weights by noise only: less than half as far */
    assert_true(2 * abs(results[taught].mg - start[taught].mg) < scores[taught].mg - start[taught].mg);
    int centre = EVAL_CENTRE;
    assert_true(2 * abs(results[centre].mg - start[centre].mg) < scores[centre].mg - start[centre].mg);
    assert_true(rs.valid_after > rs.valid_before);
    unlink(path);
}

/* Random boards of kings and a few men (endgame weights): the teacher's king bonus reaches its
 * king-table entry (White's kings on it and Black's on it in their own view), and its price on
 * attacked squares king_mobility_attacked, both 0 in the shipped weights. */
static void test_tuner_learns_king_features(void **state)
{
    (void)state;
    char path[] = "/tmp/test_tune_king_XXXXXX";
    temp_name(path);
    write_teacher_file(path, random_king_boards, 30000);
    TuneConfig cfg = small_config();
    static EvalWeight w[EVAL_FEATURE_COUNT];
    TuneReport rep;
    fit(path, &cfg, w, &rep);
    assert_true(rep.valid_after < rep.valid_before);
    const EvalWeight *start = normal_weights();
    int taught = eval_king_feature(TAUGHT_KING), moved = w[taught].eg - start[taught].eg;
    assert_true(moved > 40);
    for (int s = 1; s <= SQUARE_COUNT; s++)   /* well above the others' noise */
        assert_true(s == TAUGHT_KING || w[eval_king_feature(s)].eg - start[eval_king_feature(s)].eg < moved - 30);
    int attacked = EVAL_KING_MOBILITY_ATTACKED;
    assert_true(w[attacked].eg < start[attacked].eg - 12);
    unlink(path);
}

/* Holding every table but the king table and every term (what --only king_square sets) moves the
 * king table alone: it still learns the taught square; everything else keeps its start exactly. */
static void test_held_tables_keep_their_weights(void **state)
{
    (void)state;
    char path[] = "/tmp/test_tune_hold_XXXXXX";
    temp_name(path);
    write_teacher_file(path, random_king_boards, 30000);
    TuneConfig cfg = small_config();
    for (int t = 0; t < EVAL_TABLE_COUNT; t++)
        cfg.hold_table[t] = t != EVAL_KING_TABLE;
    for (int i = 0; i < EVAL_TERM_COUNT; i++)
        cfg.freeze[i] = true;
    static EvalWeight w[EVAL_FEATURE_COUNT];
    TuneReport rep;
    fit(path, &cfg, w, &rep);
    const EvalWeight *start = normal_weights();
    int taught = eval_king_feature(TAUGHT_KING), king = eval_table_base(EVAL_KING_TABLE);
    assert_true(w[taught].eg - start[taught].eg > 40);
    for (int i = 0; i < EVAL_FEATURE_COUNT; i++)
        if (i < king || i >= king + SQUARE_COUNT)
            assert_true(w[i].mg == start[i].mg && w[i].eg == start[i].eg);
    unlink(path);
}

static void test_l2_keeps_weights_near_start(void **state)
{
    (void)state;
    char path[] = "/tmp/test_tune_l2_XXXXXX";
    temp_name(path);
    write_teacher_file(path, random_positions, 300);
    TuneConfig cfg = small_config();
    cfg.epochs = 4;
    cfg.l2 = 1.0;
    static EvalWeight w[EVAL_FEATURE_COUNT];
    TuneReport rep;
    fit(path, &cfg, w, &rep);
    for (int i = 0; i < EVAL_TERM_COUNT; i++) {
        assert_true(abs(w[i].mg - normal_weights()[i].mg) <= 1);
        assert_true(abs(w[i].eg - normal_weights()[i].eg) <= 1);
    }
    unlink(path);
}

/* A run stopped in the middle of an epoch and resumed from its checkpoint ends exactly where an
 * uninterrupted run ends; a checkpoint of another run or a damaged one is refused. */
static void test_resume_matches_uninterrupted(void **state)
{
    (void)state;
    char path[] = "/tmp/test_tune_res_XXXXXX", ck[] = "/tmp/test_tune_ck_XXXXXX";
    temp_name(path), temp_name(ck);
    write_teacher_file(path, random_positions, 300);
    TuneConfig cfg = small_config();
    cfg.epochs = 3;
    static EvalWeight a[EVAL_FEATURE_COUNT], b[EVAL_FEATURE_COUNT];
    TuneReport ra, rb;
    fit(path, &cfg, a, &ra);
    cfg.checkpoint = ck;
    cfg.checkpoint_seconds = 1e9;   /* only at epoch ends, and where the run is cut */
    cfg.chunk_limit = 6;            /* the data holds 5 chunks: stop in the second epoch */
    fit(path, &cfg, b, &rb);
    assert_int_equal(rb.epochs, 1);
    assert_memory_not_equal(a, b, sizeof a);
    cfg.chunk_limit = 0;
    cfg.resume = ck;
    fit(path, &cfg, b, &rb);
    assert_memory_equal(a, b, sizeof a);
    assert_memory_equal(&ra, &rb, offsetof(TuneReport, seconds));

    char why[256] = "";
    const char *files[] = {path};
    cfg.seed = 5;
    assert_false(tune_run(files, 1, VARIANT_NORMAL, &cfg, b, &rb, NULL, why, sizeof why));
    assert_non_null(strstr(why, "--seed differs"));
    cfg.seed = 1;
    FILE *f = fopen(ck, "r+b");
    assert_non_null(f);
    fseek(f, 200, SEEK_SET);
    fputc('x', f);
    fclose(f);
    assert_false(tune_run(files, 1, VARIANT_NORMAL, &cfg, b, &rb, NULL, why, sizeof why));
    assert_non_null(strstr(why, "truncated or damaged"));
    unlink(ck), unlink(path);
}

/* With a min-count, every table entry the training part shows fewer times ends at 0, whatever its
 * start; the others still learn (the taught formation is frequent); a checkpoint made with another
 * min-count is refused. */
static void test_min_count_holds_rare_entries_at_zero(void **state)
{
    (void)state;
    char path[] = "/tmp/test_tune_min_XXXXXX", ck[] = "/tmp/test_tune_mck_XXXXXX";
    temp_name(path), temp_name(ck);
    long records = write_teacher_file(path, random_positions, 300);
    const char *paths[] = {path};
    static TuneDataSet set;
    char why[256] = "";
    TuneConfig cfg = small_config();
    assert_true(tune_data_open(&set, paths, 1, cfg.validation_every, 0, why, sizeof why));
    uint8_t *rec = malloc((size_t)records * SAMPLE_RECORD_SIZE);
    assert_non_null(rec);
    long n = read_part(&set, TUNE_DATA_TRAIN, rec, NULL, (size_t)records);
    static uint32_t seen[EVAL_FEATURE_COUNT];
    memset(seen, 0, sizeof seen);
    for (long i = 0; i < n; i++) {
        Position pos;
        double result;
        int score;
        assert_true(sample_unpack(rec + i * SAMPLE_RECORD_SIZE, &pos, &result, &score));
        EvalFeatures f;
        eval_extract(&pos, &f);
        for (int k = 0; k < EVAL_PATTERN_LOOKUPS; k++)
            seen[eval_pattern_feature(k, f.pattern[k])]++;
        for (int k = 0; k < EVAL_REGION_LOOKUPS; k++)
            seen[eval_region_feature(k, f.region[k])]++;
        for (int side = 0; side < 2; side++)
            for (int sq = 1; sq <= SQUARE_COUNT; sq++)
                seen[eval_king_feature(sq)] += (f.king_view[side] & bb_square(sq)) != 0;
        for (int t = 0; t < EVAL_SIDE_TABLES; t++)
            if (f.side[t][WHITE] != f.side[t][BLACK])
                seen[eval_side_feature(t, f.side[t][WHITE])]++, seen[eval_side_feature(t, f.side[t][BLACK])]++;
    }
    free(rec);
    cfg.epochs = 3;
    cfg.min_count = 20;
    static EvalWeight w[EVAL_FEATURE_COUNT];
    TuneReport rep;
    fit(path, &cfg, w, &rep);
    const EvalWeight *start = normal_weights();
    int rare_nonzero_at_start = 0, common_moved = 0;
    for (int i = EVAL_PATTERN_BASE; i < EVAL_FEATURE_COUNT; i++) {
        if (seen[i] < cfg.min_count) {
            assert_int_equal(w[i].mg, 0);
            assert_int_equal(w[i].eg, 0);
            rare_nonzero_at_start += start[i].mg != 0 || start[i].eg != 0;
        } else {
            common_moved += w[i].mg != start[i].mg || w[i].eg != start[i].eg;
        }
    }
    assert_true(rare_nonzero_at_start > 100);   /* the shipped weights have values there */
    assert_true(common_moved > 100);
    int taught = EVAL_PATTERN_BASE + TAUGHT_TABLE * EVAL_PATTERN_SIZE + taught_index();
    assert_true(seen[taught] >= cfg.min_count);
    assert_true(w[taught].mg > start[taught].mg + 4);

    cfg.checkpoint = ck;
    cfg.checkpoint_seconds = 1e9;
    cfg.chunk_limit = 2;
    fit(path, &cfg, w, &rep);
    cfg.chunk_limit = 0;
    cfg.resume = ck;
    cfg.min_count = 21;
    assert_false(tune_run(paths, 1, VARIANT_NORMAL, &cfg, w, &rep, NULL, why, sizeof why));
    assert_non_null(strstr(why, "--min-count differs"));
    unlink(ck), unlink(path);
}

int main(void)
{
    rules_init();
    eval_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fit_k_recovers_scale),
        cmocka_unit_test(test_tuner_lowers_loss_and_is_deterministic),
        cmocka_unit_test(test_tuner_learns_king_features),
        cmocka_unit_test(test_l2_keeps_weights_near_start),
        cmocka_unit_test(test_held_tables_keep_their_weights),
        cmocka_unit_test(test_lambda_learns_from_search_scores),
        cmocka_unit_test(test_resume_matches_uninterrupted),
        cmocka_unit_test(test_min_count_holds_rare_entries_at_zero),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
