/* The hand-written terms of the evaluation and the scoring of features (see eval.h). */
#include "eval/eval.h"

#include <stdatomic.h>
#include "eval/eval_weights.h"
#include "util/thread.h"

/* Every feature is computed for one side seen from its own side of the board: White as is,
 * Black after a half turn of the board (square s -> 51 - s). Black's features are computed on the
 * board itself with the half-turned square sets and the opposite directions (a half turn maps each
 * diagonal direction to its opposite), so value = white - black holds exactly and
 * eval(p) == -eval(mirror(p)) by construction. */

/* The square sets of one side on the real board: White's own view is the board, Black's sets are
 * White's under the half turn. */
typedef struct {
    Bitboard tempo_bit[4];       /* squares whose advancement (9 - own row) has bit k set */
    Bitboard back_rank, back_guard, centre, outpost, left, edge, long_diagonal;
} SideTables;

static struct {
    atomic_bool ready;
    SideTables side[2];
} tables;

/* Material-only values in centi-men, {man, man} and {king, king} (mg = eg). */
static const EvalWeight MATERIAL[VARIANT_COUNT][2] = {
    [VARIANT_NORMAL] = {{100, 100}, {300, 300}},
    [VARIANT_KILLER] = {{100, 100}, {300, 300}},
    [VARIANT_BT] = {{100, 100}, {0, 0}},               /* a king ends the game: never on the board in play */
    [VARIANT_FRISIAN] = {{100, 100}, {160, 160}},      /* kings capture along rows and files too */
    [VARIANT_LOSING] = {{-100, -100}, {-150, -150}},   /* the side that keeps fewer pieces is nearer its win */
};

static Bitboard squares_mask(const int *squares, int count)
{
    Bitboard b = 0;
    for (int i = 0; i < count; i++)
        b |= bb_square(squares[i]);
    return b;
}

static int square_row(int s) { return (s - 1) / 5; }
static int square_file(int s) { return 2 * ((s - 1) % 5) + (square_row(s) % 2 == 0); }

static void init_tables(void)
{
    bb_init();
    eval_pattern_init();
    eval_region_init();
    static const int guard[] = {47, 48, 49}, centre[] = {22, 23, 24, 27, 28, 29}, outpost[] = {22, 24};
    static const int diagonal[] = {5, 10, 14, 19, 23, 28, 32, 37, 41, 46};
    SideTables *w = &tables.side[WHITE], *b = &tables.side[BLACK];
    w->back_guard = squares_mask(guard, 3);
    w->centre = squares_mask(centre, 6);
    w->outpost = squares_mask(outpost, 2);
    w->long_diagonal = squares_mask(diagonal, 10);
    w->back_rank = BB_ROW_BOTTOM;
    for (int s = 1; s <= SQUARE_COUNT; s++) {
        int row = square_row(s), file = square_file(s);
        Bitboard sq = bb_square(s);
        for (int k = 0; k < 4; k++)
            if ((9 - row) >> k & 1)
                w->tempo_bit[k] |= sq;
        if (file < 5)
            w->left |= sq;
        if (file == 0 || file == 9)
            w->edge |= sq;
    }
    for (int k = 0; k < 4; k++)
        b->tempo_bit[k] = bb_half_turn(w->tempo_bit[k]);
    b->back_rank = bb_half_turn(w->back_rank);
    b->back_guard = bb_half_turn(w->back_guard);
    b->centre = bb_half_turn(w->centre);
    b->outpost = bb_half_turn(w->outpost);
    b->left = bb_half_turn(w->left);
    b->edge = bb_half_turn(w->edge);
    b->long_diagonal = bb_half_turn(w->long_diagonal);
    atomic_store_explicit(&tables.ready, true, memory_order_release);
}

static inline bool tables_ready(void) { return atomic_load_explicit(&tables.ready, memory_order_acquire); }

void eval_init(void)
{
    static ThreadOnce once = THREAD_ONCE_INIT;
    if (!tables_ready())
        thread_once(&once, init_tables);
}

#define PIP_START 300   /* the men's rows to go in the start position: 40 men, 7.5 rows each */
#define BOARD_ROWS 10   /* a flood front reaches the far side in BOARD_ROWS - 1 steps */

/* Direction d of side us's own view on the real board. */
static inline int own_dir(Color us, int d) { return us == WHITE ? d : bb_opposite(d); }

/* The squares from which a man of side us cannot run to promotion unopposed: an enemy piece stands
 * in its forward triangle, or next to that triangle's edge (from where it captures or blocks). The
 * flood always runs over the whole board: an early exit costs more in mispredicted branches. */
static inline Bitboard stopped_squares(Color us, Bitboard opp)
{
    Bitboard front = (opp | bb_shift(opp, own_dir(us, DIR_UL)) | bb_shift(opp, own_dir(us, DIR_UR))) & BB_ALL;
    Bitboard stopped = 0;
    for (int row = 1; row < BOARD_ROWS; row++) {
        front = (bb_shift(front, own_dir(us, DIR_DL)) | bb_shift(front, own_dir(us, DIR_DR))) & BB_ALL;
        stopped |= front;
    }
    return stopped;
}

/* The squares where a king would stand next to a piece of opp with the square beyond it empty:
 * captured there, unless the capture rule forces another one. (Symmetric in the colours: all four
 * directions on the real board.) */
static inline Bitboard attacked_squares(Bitboard opp, Bitboard empty)
{
    Bitboard attacked = 0;
    for (int d = 0; d < DIR_COUNT; d++)
        attacked |= bb_shift(opp, bb_opposite(d)) & bb_shift(empty, d);
    return attacked & BB_ALL;
}

/* Writes the features of side us (owning men/kings) into v, everything in its own view; returns
 * its men's free forward steps (the moves table's count). */
static inline int side_features(Color us, Bitboard men, Bitboard kings, Bitboard opp, Bitboard opp_kings, int *v)
{
    const SideTables *t = &tables.side[us];
    Bitboard occ = men | kings | opp, empty = BB_ALL & ~occ;
    int king_count = bb_popcount(kings);
    v[EVAL_MAN] = bb_popcount(men);
    v[EVAL_KING] = king_count;
    v[EVAL_KING_FIRST] = (king_count > 0);
    int tempo = 0;
    for (int k = 0; k < 4; k++)
        tempo += bb_popcount(men & t->tempo_bit[k]) << k;
    v[EVAL_TEMPO] = tempo;
    v[EVAL_BACK_RANK] = bb_popcount(men & t->back_rank);
    v[EVAL_BACK_GUARD] = bb_popcount(men & t->back_guard);
    v[EVAL_CENTRE] = bb_popcount(men & t->centre);
    int skew = 2 * bb_popcount(men & t->left) - v[EVAL_MAN];   /* men on the left minus men on the right */
    v[EVAL_BALANCE] = (skew < 0 ? -skew : skew);
    /* men whose down-left (down-right) neighbour is an own man */
    Bitboard behind_left = bb_shift(men, own_dir(us, DIR_UR));
    Bitboard behind_right = bb_shift(men, own_dir(us, DIR_UL));
    v[EVAL_OUTPOST] = bb_popcount(men & t->outpost);
    v[EVAL_OUTPOST_WEAK] = bb_popcount(men & t->outpost & ~(behind_left & behind_right));
    Bitboard step_right = bb_shift(empty, own_dir(us, DIR_DL)), step_left = bb_shift(empty, own_dir(us, DIR_DR));
    v[EVAL_LOCKED] = bb_popcount(men & ~(step_right | step_left));
    v[EVAL_TAIL] = (bb_popcount(men & behind_left) + bb_popcount(men & behind_right));
    v[EVAL_HOOK] = bb_popcount(men & t->edge & ~t->back_rank & ~(behind_left | behind_right));
    v[EVAL_RUNAWAY] = v[EVAL_RUNAWAY_ROWS] = 0;
    Bitboard runaway = opp_kings ? 0 : men & ~stopped_squares(us, opp);
    if (runaway) {   /* rare before the endgame, so the branch predicts well */
        int rows = 0;
        for (int k = 0; k < 4; k++)
            rows += bb_popcount(runaway & t->tempo_bit[k]) << k;
        v[EVAL_RUNAWAY] = bb_popcount(runaway);
        v[EVAL_RUNAWAY_ROWS] = rows;
    }
    int mobility = 0, attacked = 0;
    if (kings) {   /* none before the endgame: predictable */
        Bitboard unsafe = attacked_squares(opp, empty);
        for (Bitboard b = kings; b; b &= b - 1) {
            int bit = bb_lsb(b);
            for (int d = 0; d < DIR_COUNT; d++) {
                Bitboard reach = bb_ray_attack(bit, d, occ) & empty;
                mobility += bb_popcount(reach);
                attacked += bb_popcount(reach & unsafe);
            }
        }
    }
    v[EVAL_KING_MOBILITY] = mobility;
    v[EVAL_KING_MOBILITY_ATTACKED] = attacked;
    v[EVAL_KING_DIAGONAL] = bb_popcount(kings & t->long_diagonal);
    return bb_popcount(men & step_right) + bb_popcount(men & step_left);
}

/* Damping of drawish endings (symmetric in the colours), from the two sides' features: a side
 * ahead with at most 3 pieces against a king rarely wins; equal kings with men differing by at most
 * one are drawish. */
static int drawish_scale(const int *w, const int *b)
{
    int men[2] = {w[EVAL_MAN], b[EVAL_MAN]}, kings[2] = {w[EVAL_KING], b[EVAL_KING]};
    int mat_w = men[WHITE] + 3 * kings[WHITE], mat_b = men[BLACK] + 3 * kings[BLACK];
    if (mat_w != mat_b) {
        int strong = mat_w > mat_b ? WHITE : BLACK;
        if (kings[!strong] > 0 && men[strong] + kings[strong] <= 3)
            return EVAL_SCALE_ONE / 8;
    }
    int men_diff = men[WHITE] - men[BLACK];
    if (kings[WHITE] > 0 && kings[WHITE] == kings[BLACK] && men_diff >= -1 && men_diff <= 1)
        return EVAL_SCALE_ONE / 2;
    return EVAL_SCALE_ONE;
}

/* eval_extract; the block indices only when patterns (the folded weights read none). The region
 * indices come first: with prefetch (the weights about to be read) their 14 entries, scattered
 * over 15 MB, load while the terms are computed. */
static inline void extract(const Position *pos, EvalFeatures *f, bool patterns, const EvalWeight *prefetch)
{
    if (!tables_ready())
        eval_init();
    eval_region_indices(pos, f->region);
    for (int k = 0; prefetch && k < EVAL_REGION_LOOKUPS; k++)
        __builtin_prefetch(&prefetch[eval_region_feature(k, f->region[k])]);
    int w[EVAL_TERM_COUNT], b[EVAL_TERM_COUNT];
    Bitboard wk = position_kings(pos, WHITE), bk = position_kings(pos, BLACK);
    int steps_w = side_features(WHITE, position_men(pos, WHITE), wk, pos->pieces[BLACK], bk, w);
    int steps_b = side_features(BLACK, position_men(pos, BLACK), bk, pos->pieces[WHITE], wk, b);
    for (int i = 0; i < EVAL_TERM_COUNT; i++)
        f->value[i] = w[i] - b[i];
    int phase;
    if (eval_weights_phase_by_pip(position_variant(pos))) {
        int pip = 9 * (w[EVAL_MAN] + b[EVAL_MAN]) - (w[EVAL_TEMPO] + b[EVAL_TEMPO]);   /* men's rows to go */
        phase = (PIP_START - pip) * EVAL_PHASE_MAX / PIP_START;
    } else {
        phase = 40 - (w[EVAL_MAN] + w[EVAL_KING] + b[EVAL_MAN] + b[EVAL_KING]);
    }
    f->phase = phase < 0 ? 0 : phase > EVAL_PHASE_MAX ? EVAL_PHASE_MAX : phase;
    f->scale = variant_endgame_draws(position_variant(pos)) ? drawish_scale(w, b) : EVAL_SCALE_ONE;
    if (patterns)
        eval_pattern_indices(pos, f->pattern);
    f->king_view[WHITE] = wk;
    f->king_view[BLACK] = bb_half_turn(bk);
    uint16_t *material = f->side[EVAL_SIDE_MATERIAL];
    material[WHITE] = (uint16_t)eval_material_index(w[EVAL_MAN], w[EVAL_KING], b[EVAL_MAN], b[EVAL_KING]);
    material[BLACK] = (uint16_t)eval_material_index(b[EVAL_MAN], b[EVAL_KING], w[EVAL_MAN], w[EVAL_KING]);
    int men = w[EVAL_MAN] + b[EVAL_MAN], lead = w[EVAL_TEMPO] - b[EVAL_TEMPO];
    f->side[EVAL_SIDE_TEMPO][WHITE] = (uint16_t)eval_tempo_index(men, lead);
    f->side[EVAL_SIDE_TEMPO][BLACK] = (uint16_t)eval_tempo_index(men, -lead);
    f->side[EVAL_SIDE_MOVES][WHITE] = (uint16_t)eval_moves_index(steps_w, steps_b);
    f->side[EVAL_SIDE_MOVES][BLACK] = (uint16_t)eval_moves_index(steps_b, steps_w);
    /* Black's left half is White's right half (the half turn swaps the files a-e and f-j), so two
     * counts on White's left give all eight */
    Bitboard left = tables.side[WHITE].left;
    int wl = bb_popcount(position_men(pos, WHITE) & left), bl = bb_popcount(position_men(pos, BLACK) & left);
    int wr = w[EVAL_MAN] - wl, br = b[EVAL_MAN] - bl;
    f->side[EVAL_SIDE_WINGS][WHITE] = (uint16_t)eval_wings_index(wl, bl, wr, br);
    f->side[EVAL_SIDE_WINGS][BLACK] = (uint16_t)eval_wings_index(br, wr, bl, wl);
}

void eval_extract(const Position *pos, EvalFeatures *f) { extract(pos, f, true, NULL); }

/* The score for White of the mg and eg sums: blended by the phase, damped by the scale, clamped. */
static inline Score blend(int mg, int eg, const EvalFeatures *f)
{
    int64_t score = ((int64_t)mg * (EVAL_PHASE_MAX - f->phase) + (int64_t)eg * f->phase) * f->scale /
                    (EVAL_PHASE_MAX * EVAL_SCALE_ONE);
    if (score >= SCORE_EVAL_MAX)
        score = SCORE_EVAL_MAX - 1;
    if (score <= -SCORE_EVAL_MAX)
        score = -(SCORE_EVAL_MAX - 1);
    return (Score)score;
}

/* The king table's weights over one side's kings (its own view), times sign, added to mg and eg. */
static inline void king_side_sum(Bitboard view, const EvalWeight *weights, int sign, int *mg, int *eg)
{
    for (; view; view &= view - 1) {
        const EvalWeight *w = &weights[eval_king_feature(bb_square_of_bit[bb_lsb(view)])];
        *mg += sign * w->mg;
        *eg += sign * w->eg;
    }
}

/* The king table's weights of White's kings minus Black's, added to mg and eg. */
static inline void king_sum(const EvalFeatures *f, const EvalWeight *weights, int *mg, int *eg)
{
    king_side_sum(f->king_view[WHITE], weights, 1, mg, eg);
    king_side_sum(f->king_view[BLACK], weights, -1, mg, eg);
}

/* Side table t's weight of White's counts minus Black's, added to mg and eg. */
static inline void side_sum(const EvalFeatures *f, int t, const EvalWeight *weights, int *mg, int *eg)
{
    const EvalWeight *w = &weights[eval_side_feature(t, f->side[t][WHITE])];
    const EvalWeight *b = &weights[eval_side_feature(t, f->side[t][BLACK])];
    *mg += w->mg - b->mg;
    *eg += w->eg - b->eg;
}

/* The score for White of f under weights, reading the block tables only when patterns (the folded
 * weights hold them in the regions). 32-bit sums are enough and cheaper than 64-bit products:
 * |weight| < 2^15 (int16_t) and |feature| <= 400 over 18 terms, plus 28 pattern, 14 region, at
 * most 40 king and 6 side-table weights, keep them below 2^29. */
static inline Score score_with(const EvalFeatures *f, const EvalWeight *weights, bool patterns)
{
    int mg = 0, eg = 0;
    for (int i = 0; i < EVAL_TERM_COUNT; i++) {
        mg += weights[i].mg * f->value[i];
        eg += weights[i].eg * f->value[i];
    }
    for (int t = 0; patterns && t < EVAL_PATTERN_TABLES; t++) {
        const EvalWeight *w = &weights[eval_pattern_feature(t, f->pattern[t])];
        const EvalWeight *b = &weights[eval_pattern_feature(t, f->pattern[EVAL_PATTERN_TABLES + t])];
        mg += w->mg - b->mg;
        eg += w->eg - b->eg;
    }
    for (int t = 0; t < EVAL_REGION_TABLES; t++) {
        const EvalWeight *w = &weights[eval_region_feature(t, f->region[t])];
        const EvalWeight *b = &weights[eval_region_feature(t, f->region[EVAL_REGION_TABLES + t])];
        mg += w->mg - b->mg;
        eg += w->eg - b->eg;
    }
    if (f->king_view[WHITE] | f->king_view[BLACK])   /* none before the endgame: predictable */
        king_sum(f, weights, &mg, &eg);
    for (int t = 0; t < EVAL_SIDE_TABLES; t++)
        side_sum(f, t, weights, &mg, &eg);
    return blend(mg, eg, f);
}

Score eval_score_white(const EvalFeatures *f, const EvalWeight *weights) { return score_with(f, weights, true); }

/* The score for White of pos under weights, reading the block tables only when patterns (the
 * folded weights hold them in the regions). */
static inline Score white_with(const Position *pos, const EvalWeight *weights, bool patterns)
{
    EvalFeatures f;
    extract(pos, &f, patterns, weights);
    return score_with(&f, weights, patterns);
}

/* Foreign weights (the tuner's, a test's) take the plain path; the variant's own go through their
 * folded form when it exists, the search's leaves among them. */
Score eval_position_white(const Position *pos, const EvalWeight *weights)
{
    Variant v = position_variant(pos);
    if (weights != eval_weights_of(v)) {
        EvalFeatures f;
        eval_extract(pos, &f);
        return eval_score_white(&f, weights);
    }
    const EvalWeight *folded = eval_weights_folded(v);
    return folded ? white_with(pos, folded, false) : white_with(pos, weights, true);
}

Score eval_position(const Position *pos)
{
    return eval_side_relative(eval_position_white(pos, eval_weights_of(position_variant(pos))), pos->turn);
}

/* The material values of variant v, [0] the man's and [1] the king's. */
static const EvalWeight *material_of(Variant v) { return MATERIAL[v >= 0 && v < VARIANT_COUNT ? v : VARIANT_NORMAL]; }

int eval_material_value(Variant v, EvalTerm man_or_king) { return material_of(v)[man_or_king == EVAL_KING].mg; }

/* The same sums eval_score_white forms from these men and kings counts (White's minus Black's) when
 * every weight but the man's and the king's is 0. */
static Score material_score(Variant v, int men, int kings, const EvalFeatures *f)
{
    const EvalWeight *m = material_of(v);
    return blend(m[0].mg * men + m[1].mg * kings, m[0].eg * men + m[1].eg * kings, f);
}

Score eval_material_white(const EvalFeatures *f, Variant v)
{
    return material_score(v, f->value[EVAL_MAN], f->value[EVAL_KING], f);
}

/* The material values have mg = eg, so the phase does not matter, and the drawish scale needs the
 * piece counts alone: no feature is extracted. */
Score eval_material(const Position *pos)
{
    Variant v = position_variant(pos);
    int w[EVAL_TERM_COUNT] = {0}, b[EVAL_TERM_COUNT] = {0};
    w[EVAL_KING] = bb_popcount(position_kings(pos, WHITE));
    b[EVAL_KING] = bb_popcount(position_kings(pos, BLACK));
    w[EVAL_MAN] = bb_popcount(pos->pieces[WHITE]) - w[EVAL_KING];
    b[EVAL_MAN] = bb_popcount(pos->pieces[BLACK]) - b[EVAL_KING];
    EvalFeatures f;
    f.phase = 0;
    f.scale = variant_endgame_draws(v) ? drawish_scale(w, b) : EVAL_SCALE_ONE;
    Score white = material_score(v, w[EVAL_MAN] - b[EVAL_MAN], w[EVAL_KING] - b[EVAL_KING], &f);
    return eval_side_relative(white, pos->turn);
}
