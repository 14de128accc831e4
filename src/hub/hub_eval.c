/* The evaluation term by term (see hub_eval.h), summed from the public features and weights the
 * way eval_score_white sums them, so that the shares explain the score the search uses. */
#include "hub/hub_eval.h"

#include "eval/eval.h"
#include "eval/eval_weights.h"
#include "eval/net_weights.h"

/* The share of White's score of the mg and eg sums, before truncation and clamping. */
static double part_of(int mg, int eg, const EvalFeatures *f)
{
    return ((double)mg * (EVAL_PHASE_MAX - f->phase) + (double)eg * f->phase) * f->scale / (EVAL_PHASE_MAX * EVAL_SCALE_ONE);
}

/* The king table's weights of White's kings minus Black's (each in its own view). */
static void king_sums(const EvalFeatures *f, const EvalWeight *weights, int *mg, int *eg)
{
    for (int side = WHITE; side <= BLACK; side++)
        for (Bitboard view = f->king_view[side]; view; view &= view - 1) {
            const EvalWeight *w = &weights[eval_king_feature(bb_square_of_bit[bb_lsb(view)])];
            *mg += side == WHITE ? w->mg : -w->mg;
            *eg += side == WHITE ? w->eg : -w->eg;
        }
}

void hub_eval_print_net(const Position *pos, const NetModel *m, FILE *out)
{
    Score own = net_evaluate(m, pos);
    const char *side = pos->turn == WHITE ? "white" : "black";
    if (m->residual)
        fprintf(out, "eval net correction=%d total=%d side=%s\n", own, net_weights_base(m, pos) + own, side);
    else
        fprintf(out, "eval net total=%d side=%s\n", own, side);
}

void hub_eval_print_breakdown(const Position *pos, FILE *out)
{
    EvalFeatures f;
    eval_extract(pos, &f);
    const EvalWeight *weights = eval_weights_of(position_variant(pos));
    for (int i = 0; i < EVAL_TERM_COUNT; i++) {
        const EvalWeight *w = &weights[i];
        fprintf(out, "eval term=%s white-black=%d mg=%d eg=%d white=%.1f\n", eval_term_name((EvalTerm)i), f.value[i],
                w->mg, w->eg, part_of(f.value[i] * w->mg, f.value[i] * w->eg, &f));
    }
    int mg = 0, eg = 0;
    for (int k = 0; k < EVAL_PATTERN_LOOKUPS; k++) {
        const EvalWeight *w = &weights[eval_pattern_feature(k, f.pattern[k])];
        mg += eval_pattern_sign(k) * w->mg;
        eg += eval_pattern_sign(k) * w->eg;
    }
    fprintf(out, "eval patterns mg=%d eg=%d white=%.1f\n", mg, eg, part_of(mg, eg, &f));
    mg = eg = 0;
    for (int k = 0; k < EVAL_REGION_LOOKUPS; k++) {
        const EvalWeight *w = &weights[eval_region_feature(k, f.region[k])];
        mg += eval_region_sign(k) * w->mg;
        eg += eval_region_sign(k) * w->eg;
    }
    fprintf(out, "eval regions mg=%d eg=%d white=%.1f\n", mg, eg, part_of(mg, eg, &f));
    mg = eg = 0;
    king_sums(&f, weights, &mg, &eg);
    fprintf(out, "eval king-squares mg=%d eg=%d white=%.1f\n", mg, eg, part_of(mg, eg, &f));
    for (int t = 0; t < EVAL_SIDE_TABLES; t++) {
        const EvalWeight *w = &weights[eval_side_feature(t, f.side[t][WHITE])];
        const EvalWeight *b = &weights[eval_side_feature(t, f.side[t][BLACK])];
        mg = w->mg - b->mg;
        eg = w->eg - b->eg;
        fprintf(out, "eval %s-table mg=%d eg=%d white=%.1f\n", eval_table_name(EVAL_SIDE_TABLE + t), mg, eg,
                part_of(mg, eg, &f));
    }
    fprintf(out, "eval phase=%d/%d scale=%d/%d white=%d\n", f.phase, EVAL_PHASE_MAX, f.scale, EVAL_SCALE_ONE,
            eval_score_white(&f, weights));
    fprintf(out, "eval total=%d side=%s\n", eval_position(pos), pos->turn == WHITE ? "white" : "black");
}
