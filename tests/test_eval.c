/* Evaluation: colour symmetry on every test position and along random games, the reference
 * features and score, the variants' weights (also through the cache) and the folded regions. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"
#include "eval/eval.h"
#include "eval/eval_cache.h"
#include "eval/eval_weights.h"
#include "rules/notation.h"
#include "rules/make.h"

#include "support/eval_test_util.h"
#include "support/eval_reference.h"

/* A weight vector with every entry random (so the pattern and king tables are exercised before training). */
static EvalWeight random_weights[EVAL_FEATURE_COUNT];

static void fill_random_weights(void)
{
    unsigned seed = 777;
    for (int i = 0; i < EVAL_FEATURE_COUNT; i++) {
        seed = seed * 1103515245u + 12345u;
        random_weights[i].mg = (int16_t)((int)(seed >> 16 & 0xFF) - 128);
        seed = seed * 1103515245u + 12345u;
        random_weights[i].eg = (int16_t)((int)(seed >> 16 & 0xFF) - 128);
    }
}

/* The score for White of reference features under weights: every term, each side's blocks,
 * regions and kings (own view) with its sign, blended by phase, damped by scale and clamped as eval.h says. */
static Score ref_score(const int *value, const uint16_t *pattern, const uint32_t *region, const Bitboard *king_view,
                       int side_index[EVAL_SIDE_TABLES][2], int phase, int scale, const EvalWeight *weights)
{
    int64_t mg = 0, eg = 0;
    for (int i = 0; i < EVAL_TERM_COUNT; i++)
        mg += (int64_t)weights[i].mg * value[i], eg += (int64_t)weights[i].eg * value[i];
    for (int k = 0; k < EVAL_PATTERN_LOOKUPS; k++) {
        int t = k % EVAL_PATTERN_TABLES, sign = k < EVAL_PATTERN_TABLES ? 1 : -1;
        const EvalWeight *w = &weights[EVAL_PATTERN_BASE + t * EVAL_PATTERN_SIZE + pattern[k]];
        mg += sign * w->mg, eg += sign * w->eg;
    }
    for (int k = 0; k < EVAL_REGION_LOOKUPS; k++) {
        int t = k % EVAL_REGION_TABLES, sign = k < EVAL_REGION_TABLES ? 1 : -1;
        const EvalWeight *w = &weights[EVAL_REGION_BASE + t * EVAL_REGION_SIZE + (int)region[k]];
        mg += sign * w->mg, eg += sign * w->eg;
    }
    for (int side = 0; side < 2; side++)
        for (int s = 1; s <= SQUARE_COUNT; s++)
            if (king_view[side] & bb_square(s)) {
                const EvalWeight *w = &weights[EVAL_KING_BASE + s - 1];
                mg += side == WHITE ? w->mg : -w->mg, eg += side == WHITE ? w->eg : -w->eg;
            }
    static const int base[EVAL_SIDE_TABLES] = {EVAL_MATERIAL_BASE, EVAL_TEMPO_BASE, EVAL_MOVES_BASE, EVAL_WINGS_BASE};
    for (int t = 0; t < EVAL_SIDE_TABLES; t++)
        for (int side = 0; side < 2; side++) {
            const EvalWeight *w = &weights[base[t] + side_index[t][side]];
            mg += side == WHITE ? w->mg : -w->mg, eg += side == WHITE ? w->eg : -w->eg;
        }
    int64_t score = (mg * (EVAL_PHASE_MAX - phase) + eg * phase) * scale / (EVAL_PHASE_MAX * EVAL_SCALE_ONE);
    score = score >= SCORE_EVAL_MAX ? SCORE_EVAL_MAX - 1 : score <= -SCORE_EVAL_MAX ? -(SCORE_EVAL_MAX - 1) : score;
    return (Score)score;
}

/* Asserts that eval_extract matches the reference on pos (features, patterns, regions, own-view
 * kings, phase of its variant and scale), that the portable pattern and region indices equal the ones in use (BMI2 where
 * built for it), and that the score under random weights is the reference features' score. */
static void check_reference(const Position *pos)
{
    int w[EVAL_TERM_COUNT], b[EVAL_TERM_COUNT];
    ref_side(pos, WHITE, w);
    ref_side(pos, BLACK, b);
    EvalFeatures f;
    eval_extract(pos, &f);
    for (int i = 0; i < EVAL_TERM_COUNT; i++)
        assert_int_equal(f.value[i], w[i] - b[i]);
    uint16_t ref[EVAL_PATTERN_LOOKUPS], portable[EVAL_PATTERN_LOOKUPS];
    ref_patterns(pos, WHITE, ref);
    ref_patterns(pos, BLACK, ref + EVAL_PATTERN_TABLES);
    assert_memory_equal(f.pattern, ref, sizeof ref);
    eval_pattern_indices_portable(pos, portable);
    assert_memory_equal(portable, ref, sizeof ref);
    uint32_t ref_region[EVAL_REGION_LOOKUPS], portable_region[EVAL_REGION_LOOKUPS];
    ref_regions(pos, WHITE, ref_region);
    ref_regions(pos, BLACK, ref_region + EVAL_REGION_TABLES);
    assert_memory_equal(f.region, ref_region, sizeof ref_region);
    eval_region_indices_portable(pos, portable_region);
    assert_memory_equal(portable_region, ref_region, sizeof ref_region);
    Bitboard kings[2] = {ref_king_view(pos, WHITE), ref_king_view(pos, BLACK)};
    assert_true(f.king_view[WHITE] == kings[WHITE] && f.king_view[BLACK] == kings[BLACK]);
    int pieces = bb_popcount(position_occupied(pos));
    int pip = 0;   /* rows the men still have to go: a White man on square s is (s - 1) / 5 rows away */
    for (int sq = 1; sq <= SQUARE_COUNT; sq++) {
        Bitboard bit = bb_square(sq);
        if (position_men(pos, WHITE) & bit)
            pip += (sq - 1) / 5;
        if (position_men(pos, BLACK) & bit)
            pip += 9 - (sq - 1) / 5;
    }
    int phase = eval_weights_variant(position_variant(pos)) == VARIANT_NORMAL ? (300 - pip) * EVAL_PHASE_MAX / 300
                                                                              : 40 - pieces;
    assert_int_equal(f.phase, phase < 0 ? 0 : phase > EVAL_PHASE_MAX ? EVAL_PHASE_MAX : phase);
    int men_w = w[EVAL_MAN], men_b = b[EVAL_MAN], kings_w = w[EVAL_KING], kings_b = b[EVAL_KING];
    int mat_w = men_w + 3 * kings_w, mat_b = men_b + 3 * kings_b, scale = EVAL_SCALE_ONE;
    if (mat_w > mat_b ? kings_b > 0 && men_w + kings_w <= 3 : mat_b > mat_w && kings_w > 0 && men_b + kings_b <= 3)
        scale = EVAL_SCALE_ONE / 8;
    else if (kings_w > 0 && kings_w == kings_b && abs(men_w - men_b) <= 1)
        scale = EVAL_SCALE_ONE / 2;
    assert_int_equal(f.scale, variant_endgame_draws(position_variant(pos)) ? scale : EVAL_SCALE_ONE);
    int side_index[EVAL_SIDE_TABLES][2], steps[2] = {ref_steps(pos, WHITE), ref_steps(pos, BLACK)};
    for (int side = 0; side < 2; side++) {
        const int *own = side == WHITE ? w : b, *opp = side == WHITE ? b : w;
        /* material: kings rows 0-3 of 4, men 0-15 of 16, capped: (kings, opp kings, men, opp men) */
        int k = own[EVAL_KING] > 3 ? 3 : own[EVAL_KING], ok = opp[EVAL_KING] > 3 ? 3 : opp[EVAL_KING];
        int m = own[EVAL_MAN] > 15 ? 15 : own[EVAL_MAN], om = opp[EVAL_MAN] > 15 ? 15 : opp[EVAL_MAN];
        side_index[EVAL_SIDE_MATERIAL][side] = ((k * 4 + ok) * 16 + m) * 16 + om;
        /* tempo: 41 leads -20..20 (capped) for each pair of men on the board, 0-1 to 40 or more */
        int lead = own[EVAL_TEMPO] - opp[EVAL_TEMPO], pairs = (own[EVAL_MAN] + opp[EVAL_MAN]) / 2;
        lead = lead > 20 ? 20 : lead < -20 ? -20 : lead;
        side_index[EVAL_SIDE_TEMPO][side] = (pairs > 20 ? 20 : pairs) * 41 + lead + 20;
        /* moves: steps 0-23 of 24 for the side, then for its opponent */
        int s = steps[side] > 23 ? 23 : steps[side], os = steps[!side] > 23 ? 23 : steps[!side];
        side_index[EVAL_SIDE_MOVES][side] = s * 24 + os;
        /* wings: own and opponent men on the own left half, then on the right half, each 0-10 of 11 */
        int wing[4];
        ref_wings(pos, (Color)side, wing);
        for (int i = 0; i < 4; i++)
            wing[i] = wing[i] > 10 ? 10 : wing[i];
        side_index[EVAL_SIDE_WINGS][side] = ((wing[0] * 11 + wing[2]) * 11 + wing[1]) * 11 + wing[3];
        for (int t = 0; t < EVAL_SIDE_TABLES; t++)
            assert_int_equal(f.side[t][side], side_index[t][side]);
    }
    int value[EVAL_TERM_COUNT];
    for (int i = 0; i < EVAL_TERM_COUNT; i++)
        value[i] = w[i] - b[i];
    assert_int_equal(eval_score_white(&f, random_weights),
                     ref_score(value, ref, ref_region, kings, side_index, f.phase, f.scale, random_weights));
}

/* Asserts eval(p) == -eval(mirror(p)) (also under random pattern and king weights), that the
 * features are exactly negated and that the sides' own-view kings and side-table indices swap. */
static void check_mirror(const Position *pos)
{
    Position m;
    position_mirror(pos, &m);
    EvalFeatures a, b;
    eval_extract(pos, &a);
    eval_extract(&m, &b);
    for (int i = 0; i < EVAL_TERM_COUNT; i++)
        assert_int_equal(a.value[i], -b.value[i]);
    for (int t = 0; t < EVAL_PATTERN_TABLES; t++) {   /* White's blocks become Black's */
        assert_int_equal(a.pattern[t], b.pattern[EVAL_PATTERN_TABLES + t]);
        assert_int_equal(a.pattern[EVAL_PATTERN_TABLES + t], b.pattern[t]);
    }
    for (int t = 0; t < EVAL_REGION_TABLES; t++) {   /* and so do the regions */
        assert_int_equal(a.region[t], b.region[EVAL_REGION_TABLES + t]);
        assert_int_equal(a.region[EVAL_REGION_TABLES + t], b.region[t]);
    }
    assert_true(a.king_view[WHITE] == b.king_view[BLACK] && a.king_view[BLACK] == b.king_view[WHITE]);
    for (int t = 0; t < EVAL_SIDE_TABLES; t++)
        assert_true(a.side[t][WHITE] == b.side[t][BLACK] && a.side[t][BLACK] == b.side[t][WHITE]);
    check_reference(pos);
    assert_int_equal(eval_score_white(&a, random_weights), -eval_score_white(&b, random_weights));
    assert_int_equal(a.phase, b.phase);
    assert_int_equal(a.scale, b.scale);
    /* Both are from the side to move's view, and mirroring swaps the side to move. */
    assert_int_equal(eval_position(pos), eval_position(&m));
    Score white = eval_score_white(&a, normal_weights());
    assert_int_equal(eval_position(pos), pos->turn == WHITE ? white : -white);
    assert_int_equal(eval_score_white(&a, normal_weights()), -eval_score_white(&b, normal_weights()));
    Score s = eval_position(pos);
    assert_true(s > -SCORE_EVAL_MAX && s < SCORE_EVAL_MAX);
}

/* Plays random legal moves from pos, checking symmetry at each position; returns positions checked. */
static int random_walk(const Position *start, unsigned *seed, int plies)
{
    Position pos = *start;
    int checked = 0;
    for (int i = 0; i < plies; i++) {
        check_mirror(&pos);
        checked++;
        if (!play_random(&pos, seed))
            break;
    }
    return checked;
}

/* Every parseable position field of every line of a tests/data file. */
static int check_file(const char *path, unsigned *seed)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char line[4096];
    int checked = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#')
            continue;
        line[strcspn(line, "\r\n")] = 0;
        for (char *field = strtok(line, "|"); field; field = strtok(NULL, "|")) {
            Position pos;
            if (notation_parse_position(field, &pos) == NULL)
                checked += random_walk(&pos, seed, 12);
        }
    }
    fclose(f);
    return checked;
}

static void test_symmetry_data_and_random_play(void **state)
{
    (void)state;
    unsigned seed = 12345;
    int checked = check_file("book/ballots-3move.fen", &seed);
    checked += check_file("tests/data/perft.txt", &seed);
    checked += check_file("tests/data/rules-cases.txt", &seed);
    Position start;
    position_start(&start);
    for (int g = 0; g < 200; g++)
        checked += random_walk(&start, &seed, 200);
    assert_true(checked > 10000);
}

/* Random placements (any mix of men and kings, sparse to full boards) agree with the reference. */
static void test_matches_reference_on_random_boards(void **state)
{
    (void)state;
    uint64_t seed = 0x9E3779B97F4A7C15ULL;
    for (int n = 0; n < 20000; n++) {
        Bitboard men[2] = {0, 0}, kings[2] = {0, 0};
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        int density = (int)(seed >> 60) + 1;   /* 1..16 sixteenths of the squares occupied */
        for (int s = 1; s <= SQUARE_COUNT; s++) {
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            unsigned r = (unsigned)(seed >> 33);
            if ((int)(r % 16) >= density)
                continue;
            Color c = (Color)(r >> 4 & 1);
            bool king = (r >> 5) % 8 == 0 || (bb_square(s) & position_promotion_row(c));
            if (king)
                kings[c] |= bb_square(s);
            else
                men[c] |= bb_square(s);
        }
        Position pos;
        position_set(&pos, men[WHITE], men[BLACK], kings[WHITE], kings[BLACK], (Color)(n & 1));
        check_reference(&pos);
    }
}

/* Each variant evaluates with its own weights (killer shares the international ones): material
 * alone counts a man more good in every variant but losing; the cache keeps the weight sets apart. */
static void test_variant_weights(void **state)
{
    (void)state;
    Position pos;
    assert_null(notation_parse_position("W:W31,32,33,40:B1,2,3", &pos));
    EvalCache *cache = calloc(1, sizeof *cache);
    assert_non_null(cache);
    for (int v = 0; v < VARIANT_COUNT; v++) {
        Position p = pos;
        assert_null(position_set_variant(&p, (Variant)v));
        Score material = eval_material(&p);
        assert_true(v == VARIANT_LOSING ? material < 0 : material > 0);
        EvalFeatures f;
        eval_extract(&p, &f);
        assert_int_equal(eval_position(&p), eval_score_white(&f, eval_weights_of((Variant)v)));   /* White to move */
        assert_true((eval_weights_of((Variant)v) == normal_weights()) == (v == VARIANT_NORMAL || v == VARIANT_KILLER));
    }
    Position losing = pos;
    assert_null(position_set_variant(&losing, VARIANT_LOSING));
    assert_int_equal(eval_cache_position(cache, &pos, normal_weights()), eval_position(&pos));
    assert_int_equal(eval_cache_position(cache, &losing, eval_weights_of(VARIANT_LOSING)), eval_position(&losing));
    assert_int_equal(eval_material(&pos), 100);
    free(cache);
}

/* Releasing the other variants' weights (the browser build's memory budget) loses nothing: the kept
 * set scores as before, and a released one is decoded again at its next use, scoring as before. */
static void test_release_other_weights(void **state)
{
    (void)state;
    Position normal, bt;
    assert_null(notation_parse_position("W:W28,31,32,33,40,45:B1,2,3,19", &normal));
    bt = normal;
    assert_null(position_set_variant(&bt, VARIANT_BT));
    Score n = eval_position(&normal), b = eval_position(&bt);
    eval_weights_release_others(VARIANT_BT);
    assert_int_equal(eval_position(&bt), b);
    assert_int_equal(eval_position(&normal), n);
    eval_weights_release_others(VARIANT_NORMAL);
    assert_int_equal(eval_position(&bt), b);
    assert_int_equal(eval_position(&normal), n);
}

/* The material-only score, from the features and from the piece counts, is eval_score_white under
 * a vector holding the variant's man and king values and 0 elsewhere, along random games of every
 * variant (kings and the drawish damping included); the cache gives the full evaluation. */
static void test_material_only(void **state)
{
    (void)state;
    static EvalWeight material[EVAL_FEATURE_COUNT];
    EvalCache *cache = calloc(1, sizeof *cache);
    assert_non_null(cache);
    unsigned seed = 4242;
    int kings_seen = 0;
    for (int v = 0; v < VARIANT_COUNT; v++) {
        memset(material, 0, sizeof material);
        int man = eval_material_value((Variant)v, EVAL_MAN), king = eval_material_value((Variant)v, EVAL_KING);
        material[EVAL_MAN] = (EvalWeight){(int16_t)man, (int16_t)man};
        material[EVAL_KING] = (EvalWeight){(int16_t)king, (int16_t)king};
        for (int g = 0; g < 20; g++) {
            Position pos;
            position_start(&pos);
            assert_null(position_set_variant(&pos, (Variant)v));
            for (int ply = 0; ply < 150; ply++) {
                EvalFeatures f;
                eval_extract(&pos, &f);
                check_reference(&pos);   /* normal's weights count the men's rows to go, the others the pieces */
                Score white = eval_score_white(&f, material);
                assert_int_equal(eval_material_white(&f, (Variant)v), white);
                Score mine = pos.turn == WHITE ? white : -white;
                assert_int_equal(eval_material(&pos), mine);
                assert_int_equal(eval_cache_position(cache, &pos, eval_weights_of((Variant)v)), eval_position(&pos));
                kings_seen += pos.kings != 0;
                if (!play_random(&pos, &seed))
                    break;
            }
        }
    }
    assert_true(kings_seen > 100);
    assert_int_equal(eval_material_value(VARIANT_NORMAL, EVAL_MAN), 100);
    assert_true(eval_material_value(VARIANT_LOSING, EVAL_KING) < 0);
    free(cache);
}

static void test_score_bounded(void **state)
{
    (void)state;
    Position pos;
    assert_null(notation_parse_position("W:WK1-20:B45", &pos));
    Score s = eval_position(&pos);
    assert_true(s > 0 && s < SCORE_EVAL_MAX);
    static EvalWeight heavy[EVAL_FEATURE_COUNT];
    memcpy(heavy, normal_weights(), sizeof heavy);
    heavy[EVAL_KING].mg = heavy[EVAL_KING].eg = 2000;
    EvalFeatures f;
    eval_extract(&pos, &f);
    assert_int_equal(eval_score_white(&f, heavy), SCORE_EVAL_MAX - 1);
    Position m;
    position_mirror(&pos, &m);
    eval_extract(&m, &f);
    assert_int_equal(eval_score_white(&f, heavy), -(SCORE_EVAL_MAX - 1));
}

/* The blocks a region holds are its digits 4-11 and 0-7, and the regions hold every block once:
 * what the folded weights of the search rely on. */
static void test_regions_hold_the_blocks(void **state)
{
    (void)state;
    int held[EVAL_PATTERN_TABLES] = {0};
    assert_int_equal(EVAL_PATTERN_TABLES, 2 * EVAL_REGION_TABLES);
    for (int t = 0; t < EVAL_REGION_TABLES; t++) {
        int upper = eval_region_holds[t][0], lower = eval_region_holds[t][1];
        held[upper]++, held[lower]++;
        for (int j = 0; j < EVAL_PATTERN_SQUARES; j++) {
            assert_int_equal(eval_pattern_block[upper][j], eval_region_block[t][4 + j]);
            assert_int_equal(eval_pattern_block[lower][j], eval_region_block[t][j]);
        }
    }
    for (int t = 0; t < EVAL_PATTERN_TABLES; t++)
        assert_int_equal(held[t], 1);
}

/* Along random games, the evaluation of a variant's own weights (folded, cached or not) equals the
 * reference sum over every table, under random weights in every table and under weights whose
 * folded sums leave int16_t (then the engine keeps the unfolded ones). */
static void test_folded_weights_score_as_the_reference(void **state)
{
    (void)state;
    static EvalWeight saved[EVAL_FEATURE_COUNT], big[EVAL_FEATURE_COUNT];
    memcpy(saved, normal_weights(), sizeof saved);
    memcpy(big, random_weights, sizeof big);
    big[eval_pattern_feature(0, 0)].mg = 30000;   /* + region 0's entry 0: out of range */
    big[eval_region_feature(0, 0)].mg = 30000;
    EvalCache *cache = calloc(1, sizeof *cache);
    assert_non_null(cache);
    const EvalWeight *sets[2] = {random_weights, big};
    unsigned seed = 4242;
    for (int k = 0; k < 2; k++) {
        eval_weights_set(VARIANT_NORMAL, sets[k]);
        memset(cache, 0, sizeof *cache);
        Position start;
        position_start(&start);
        for (int g = 0; g < 40; g++) {
            Position pos = start;
            for (int ply = 0; ply < 150; ply++) {
                EvalFeatures f;
                eval_extract(&pos, &f);
                Score white = eval_score_white(&f, sets[k]);
                assert_int_equal(eval_position(&pos), pos.turn == WHITE ? white : -white);
                assert_int_equal(eval_cache_position(cache, &pos, normal_weights()), eval_position(&pos));
                if (!play_random(&pos, &seed))
                    break;
            }
        }
    }
    eval_weights_set(VARIANT_NORMAL, saved);
    free(cache);
}

int main(void)
{
    rules_init();
    eval_init();
    fill_random_weights();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_symmetry_data_and_random_play),
        cmocka_unit_test(test_matches_reference_on_random_boards),
        cmocka_unit_test(test_variant_weights),
        cmocka_unit_test(test_release_other_weights),
        cmocka_unit_test(test_material_only),
        cmocka_unit_test(test_score_bounded),
        cmocka_unit_test(test_regions_hold_the_blocks),
        cmocka_unit_test(test_folded_weights_score_as_the_reference),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
