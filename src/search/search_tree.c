/* The tree search below the root: fail-soft PVS with a transposition table, move ordering by
 * TT move, killers and history, late-move reductions, futility and late-move pruning near the
 * leaves and ProbCut-style pruning (all sparing capture offers: shots and exchange offers),
 * single-reply and singular extensions, endgame bitbase probes, and a quiescence search that
 * resolves the compulsory captures. */
#include "search_tree.h"

#include <stdlib.h>
#include <math.h>
#include <string.h>
#include "endgame/bitbase.h"
#include "eval/eval.h"
#include "rules/make.h"
#include "eval/eval_weights.h"
#include "eval/net_weights.h"
#include "search_limit.h"

#define ORDER_TT (1 << 30)
#define ORDER_KILLER (1 << 20)
#define PROBCUT_MIN_DEPTH 3
#define FUTILITY_MAX_DEPTH 3     /* deeper, the static evaluation misses too much (fixed-node screens) */
#define LMR_MIN_DEPTH 2
#define SINGULAR_MIN_DEPTH 8     /* PV nodes this deep test their TT move for singularity */
#define SINGULAR_DEPTH_CUT 4     /* the test searches the other moves this much shallower */
#define CONTEMPT_MAX 1000        /* centi-men: ten men */
#define SINGULAR_SALT 0x9E3779B97F4A7C15ULL   /* sets a node searched without one move apart in the TT */

static inline Score max_s(Score a, Score b) { return a > b ? a : b; }
static inline Score min_s(Score a, Score b) { return a < b ? a : b; }
/* x kept strictly inside +-SCORE_EVAL_MAX, where evaluations live. */
static inline Score clamp_eval(Score x) { return max_s(-SCORE_EVAL_MAX + 1, min_s(SCORE_EVAL_MAX - 1, x)); }

/* The number of first-layer rows that updating a's first layer to b's adds or subtracts. */
static int net_changes(const Position *a, const Position *b)
{
    int rows = 0;
    for (int c = 0; c < 2; c++)
        rows += bb_popcount(position_men(a, (Color)c) ^ position_men(b, (Color)c)) +
                bb_popcount(position_kings(a, (Color)c) ^ position_kings(b, (Color)c));
    return rows;
}

/* The patterns' evaluation of pos for the side to move, through the cache. */
static inline Score patterns_eval(Search *s, const Position *pos)
{
    return eval_cache_position(&s->eval_cache, pos, eval_weights_of(position_variant(pos)));
}

/* The network's score of pos, the node at ply, for the side to move (a residual network's plus the
 * patterns'): from the cache, else from the stored first layer nearest to pos (its parent's, its
 * grandparent's, or the last node evaluated at this ply, often a sibling) updated to pos;
 * refreshed from scratch only when every base differs more than that costs. With lazy > 0, a
 * residual network skips the first layer and the output where the patterns' score lies lazy or more
 * outside the window (alpha, beta), and returns that score: a correction rarely reaches that far,
 * so the side of the window stays right. It is not cached: another window may need the network's.
 * (Returning the bound that holds for any correction within lazy, the patterns' score plus or
 * minus lazy, took 30-45% more nodes to depth 17: a fail-soft score near the window prunes less.) */
static Score net_eval(Search *s, const Position *pos, int ply, Score alpha, Score beta, int lazy)
{
    const NetModel *m = s->params.net;
    Score white;
    if (eval_cache_probe(&s->eval_cache, pos, m, &white))
        return eval_side_relative(white, pos->turn);
    Score base = 0;
    if (m->residual) {
        base = patterns_eval(s, pos);
        if (lazy && (base + lazy <= alpha || base - lazy >= beta))
            return base;
    }
    if (s->net_of != m) {   /* another network: no first layer is valid any more */
        memset(s->net_ready, 0, sizeof s->net_ready);
        s->net_of = m;
    }
    int from = -1, cost = bb_popcount(pos->pieces[WHITE] | pos->pieces[BLACK]);
    for (int k = ply; k >= 0 && k >= ply - 2; k--)
        if (s->net_ready[k]) {
            int c = net_changes(&s->net_pos[k], pos);
            if (c < cost)
                from = k, cost = c;
        }
    if (from >= 0)
        net_update(m, &s->net_pos[from], &s->net_acc[from], pos, &s->net_acc[ply]);
    else
        net_refresh(m, pos, &s->net_acc[ply]);
    s->net_pos[ply] = *pos;
    s->net_ready[ply] = true;
    Score own = clamp_eval((Score)(net_output(m, &s->net_acc[ply], pos) + base));
    eval_cache_store(&s->eval_cache, pos, m, eval_side_relative(own, pos->turn));
    return own;
}

/* The static evaluation of a position: material only, the full evaluation (the patterns' or the
 * network's), or (positional < 100) material plus that percentage of the rest; always strictly
 * inside +-SCORE_EVAL_MAX. A leaf passes its window and the lazy margin (see net_eval); other
 * nodes pass 0, no margin. */
static inline Score static_eval(Search *s, const Position *pos, int ply, Score alpha, Score beta, int lazy)
{
    if (s->params.material)
        return eval_material(pos);
    Score full;
    if (s->params.net && net_weights_covers(position_variant(pos)) &&
        !(s->params.net_hybrid && abs(eval_material(pos)) >= s->params.net_hybrid)) {
        full = net_eval(s, pos, ply, alpha, beta, s->params.net_scale == 100 && s->params.positional == 100 ? lazy : 0);
        if (s->params.net_scale != 100)
            full = clamp_eval((Score)((int64_t)full * s->params.net_scale / 100));
    } else {
        full = patterns_eval(s, pos);
    }
    if (s->params.positional == 100)
        return full;
    Score material = eval_material(pos);
    return clamp_eval((Score)(material + (full - material) * s->params.positional / 100));
}

/* static_eval at a leaf of window (alpha, beta), counted for the mean leaf depth. */
static inline Score leaf_eval(Search *s, const Position *pos, int ply, Score alpha, Score beta)
{
    s->leaf_count++;
    s->leaf_ply_sum += (uint64_t)ply;
    return static_eval(s, pos, ply, alpha, beta, s->params.net_lazy);
}

/* A draw's score for the side to move at ply: the root's side (even plies) pays the contempt,
 * at most CONTEMPT_MAX so that a draw stays an evaluation, below every win. */
static inline Score draw_score(const Search *s, int ply)
{
    Score c = (Score)(s->params.contempt < CONTEMPT_MAX ? s->params.contempt : CONTEMPT_MAX);
    return ply & 1 ? c : (Score)-c;
}

/* The bitbase value of pos as a search score: a table win ranks below every win found by search
 * (those end the game) and above every evaluation, nearer wins higher. False when not covered. */
static inline bool probe_bitbase(const Search *s, const Position *pos, int ply, Score *score)
{
    int v, pieces = bb_popcount(position_occupied(pos));
    if (pieces > s->bb_limit || !pos->pieces[pos->turn] ||   /* no piece: the game is over, a real loss */
        (pieces == s->bb_root_pieces && bb_popcount(pos->kings) == s->bb_root_kings) ||
        !bitbase_probe(pos, s->bb_limit, &v))
        return false;
    *score = v > 0 ? SCORE_BB_WIN - ply : v < 0 ? -SCORE_BB_WIN + ply : draw_score(s, ply);
    return true;
}

/* The score of a position whose side to move has no legal move: the rules' verdict, sooner
 * better. */
static inline Score no_move_score(const Position *pos, int ply)
{
    return variant_no_move_outcome(position_variant(pos)) * (SCORE_WIN - ply);
}

static inline void pv_update(Search *s, int ply, Move m)
{
    s->pv[ply][0] = m;
    int n = s->pv_len[ply + 1];
    memcpy(&s->pv[ply][1], s->pv[ply + 1], (size_t)n * sizeof(Move));
    s->pv_len[ply] = n + 1;
}

/* Breakthrough: a man one step from its promotion row with a free square ahead crowns (and wins)
 * next move when the side to move has no capture. */
static inline bool bt_crowns_next(const Position *pos)
{
    Color us = pos->turn;
    Bitboard men = position_men(pos, us), empty = position_empty(pos);
    Bitboard steps = us == WHITE ? (men >> 6) | (men >> 7) : (men << 6) | (men << 7);
    return (steps & empty & position_promotion_row(us)) != 0;
}

/* Captures are compulsory, so a node with a capture searches them all (no stand pat). Without
 * one, the static evaluation stands, except at the first quiescence ply when the opponent
 * threatens a capture: then every quiet reply is tried. In breakthrough a crowning move ends the
 * game, so a position that can crown is scored as the win it is. */
static Score qsearch(Search *s, const Position *pos, int ply, int qply, Score alpha, Score beta)
{
    s->pv_len[ply] = 0;
    eval_cache_prefetch(&s->eval_cache, pos->key);   /* most quiescence nodes end in leaf_eval */
    if (search_limit_tick(s))
        return 0;
    if (ply >= MAX_PLY - 1)
        return leaf_eval(s, pos, ply, alpha, beta);
    Score bb_score;
    if (probe_bitbase(s, pos, ply, &bb_score))
        return bb_score;
    MoveList list;
    movegen_captures(pos, &list);
    if (list.count == 0) {
        if (!movegen_has_quiet(pos))
            return no_move_score(pos, ply);
        if (variant_crowning_wins(position_variant(pos)) && bt_crowns_next(pos))
            return SCORE_WIN - ply - 1;
        if (qply > 0 || !movegen_opponent_has_capture(pos))
            return leaf_eval(s, pos, ply, alpha, beta);
        movegen_quiet(pos, &list);
    }
    Score best = -SCORE_INF;
    for (int i = 0; i < list.count; i++) {
        Position child;
        make_move(pos, list.moves[i], &child, true);
        Score score = -qsearch(s, &child, ply + 1, qply + 1, -beta, -alpha);
        if (s->stopped)
            return 0;
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                pv_update(s, ply, list.moves[i]);
                if (alpha >= beta)
                    break;
            }
        }
    }
    return best;
}

/* Records the position on the path and tells whether a draw rule ends the game here:
 * a repetition within the reversible plies, or the 25-, 16- or 5-move rule. */
static bool is_draw(Search *s, const Position *pos, const DrawState *ds, int ply)
{
    int idx = s->key_base + ply;
    s->keys[idx] = pos->key;
    if (game_draw_status(ds) != GAME_ONGOING)
        return true;
    for (int back = 4; back <= ds->reversible && back <= idx; back += 2)
        if (s->keys[idx - back] == pos->key)
            return true;
    return false;
}

static inline int move_index_from(const Position *pos, Move m) { return bb_lsb(move_from(pos, m)); }
static inline int move_index_to(const Position *pos, Move m) { return bb_lsb(move_to(pos, m)); }

static inline int16_t *history_slot(Search *s, const Position *pos, Move m)
{
    return &s->history[pos->turn][move_index_from(pos, m)][move_index_to(pos, m)];
}

/* Moves a history value towards +-HISTORY_MAX, more slowly the closer it already is. */
static inline void history_add(int16_t *h, int bonus)
{
    int v = *h + bonus - *h * abs(bonus) / HISTORY_MAX;
    *h = (int16_t)v;
}

static void order_moves(Search *s, const Position *pos, const MoveList *list, Move tt_move, int ply,
                        int *order)
{
    Move k0 = s->params.killers ? s->killers[ply][0] : MOVE_NONE;
    Move k1 = s->params.killers ? s->killers[ply][1] : MOVE_NONE;
    for (int i = 0; i < list->count; i++) {   /* conditional moves, no branches: few moves match */
        Move m = list->moves[i];
        int o = *history_slot(s, pos, m) +
                (list->capture_len ? 64 * bb_popcount(move_captured(pos, m) & pos->kings) : 0);
        o = m == k1 ? ORDER_KILLER : o;
        o = m == k0 ? ORDER_KILLER + 1 : o;
        order[i] = m == tt_move ? ORDER_TT : o;
    }
}

/* Swaps the best-ordered remaining move to position i. */
static inline Move pick_move(MoveList *list, int *order, int i)
{
    int best = i, top = order[i];
    for (int j = i + 1; j < list->count; j++) {   /* branch-free: the comparisons are unpredictable */
        bool higher = order[j] > top;
        best = higher ? j : best;
        top = higher ? order[j] : top;
    }
    Move m = list->moves[best];
    int o = order[best];
    list->moves[best] = list->moves[i];
    order[best] = order[i];
    list->moves[i] = m;
    order[i] = o;
    return m;
}

void search_tree_prepare_reductions(Search *s)
{
    if (s->lmr_divisor == s->params.lmr || !s->params.lmr)
        return;
    for (int d = 0; d < LMR_TABLE_DEPTH; d++)
        for (int n = 0; n < MAX_MOVES; n++) {   /* entries stay within uint8_t whatever the divisor */
            double r = d && n ? 0.5 + log(d) * log(n + 1) * 100 / s->params.lmr : 0;
            s->lmr_table[d][n] = (uint8_t)(r <= 0 ? 0 : r < LMR_TABLE_DEPTH ? r : LMR_TABLE_DEPTH);
        }
    s->lmr_divisor = s->params.lmr;
}

/* Plies to reduce the i-th quiet move at depth (from the table), one less at PV nodes, at least 1,
 * at most params.lmr_max when set. */
static inline int late_move_reduction(const Search *s, int depth, int i, bool pv_node)
{
    int r = s->lmr_table[depth < LMR_TABLE_DEPTH ? depth : LMR_TABLE_DEPTH - 1][i] - pv_node;
    if (s->params.lmr_max && r > s->params.lmr_max)
        r = s->params.lmr_max;
    return r < 1 ? 1 : r;
}

static void update_quiet_stats(Search *s, const Position *pos, Move best, const Move *tried, int n_tried,
                               int depth, int ply)
{
    int bonus = depth * depth > 400 ? 400 : depth * depth;
    history_add(history_slot(s, pos, best), bonus * 16);
    for (int i = 0; i < n_tried; i++)
        history_add(history_slot(s, pos, tried[i]), -bonus * 16);
    if (s->killers[ply][0] != best) {
        s->killers[ply][1] = s->killers[ply][0];
        s->killers[ply][0] = best;
    }
}

/* The best score of the moves but tt_move in a shallower null-window search at bound (its TT lower
 * bound less params.singular): at most bound when tt_move is singular, which then earns a ply more
 * (Scan 3's singular extension). Leaves the node's PV empty. */
static Score singular_search(Search *s, const Position *pos, const DrawState *ds, Move tt_move, Score bound,
                             int depth, int ply)
{
    s->skip[ply] = tt_move;
    Score score = search_tree_node(s, pos, ds, depth - SINGULAR_DEPTH_CUT, ply, bound, bound + 1);
    s->skip[ply] = MOVE_NONE;
    s->pv_len[ply] = 0;
    return score;
}

Score search_tree_node(Search *s, const Position *pos, const DrawState *ds, int depth, int ply, Score alpha,
                  Score beta)
{
    s->pv_len[ply] = 0;
    if (is_draw(s, pos, ds, ply))
        return draw_score(s, ply);
    if (depth <= 0)
        return qsearch(s, pos, ply, 0, alpha, beta);
    if (search_limit_tick(s))
        return 0;
    if (ply >= MAX_PLY - 2)
        return leaf_eval(s, pos, ply, alpha, beta);
    Score bb_score;
    if (probe_bitbase(s, pos, ply, &bb_score))
        return bb_score;
    bool pv_node = beta - alpha > 1;
    Move skip = s->skip[ply];
    Key key = skip ? pos->key ^ (skip * SINGULAR_SALT) : pos->key;

    alpha = max_s(alpha, -SCORE_WIN + ply);
    bool no_move_wins = variant_no_move_outcome(position_variant(pos)) > 0;   /* then a win can come at once */
    beta = min_s(beta, SCORE_WIN - ply - !no_move_wins);
    if (alpha >= beta)
        return alpha;

    TTHit hit = {0};
    Move tt_move = MOVE_NONE;
    Score tts = 0;
    if (tt_probe(s->tt, key, &hit)) {
        tt_move = hit.move;
        if (depth > 1)   /* the TT move is searched first: its child's bucket loads during move generation */
            tt_prefetch(s->tt, move_key_after(pos, tt_move));
        tts = tt_score_from(hit.score, ply, SCORE_WIN_MIN);
        if (!pv_node && hit.depth >= depth &&
            ((hit.bound & BOUND_LOWER && tts >= beta) || (hit.bound & BOUND_UPPER && tts <= alpha)))
            return tts;
    }

    Score eval = SCORE_INF;   /* the static evaluation once one of the prunings below needs it */
    bool quiet_node = !pv_node && depth <= FUTILITY_MAX_DEPTH && !skip && !movegen_has_capture(pos) &&
                      !movegen_opponent_has_capture(pos);
    if (quiet_node && s->params.futility && abs(beta) < SCORE_EVAL_MAX) {
        eval = static_eval(s, pos, ply, 0, 0, 0);
        if (eval - s->params.futility * depth >= beta)
            return eval;
    }
    if (!pv_node && s->params.prune && depth >= PROBCUT_MIN_DEPTH && abs(beta) < SCORE_EVAL_MAX &&
        !(s->params.spare_offers && s->after_quiet[ply] && movegen_has_capture(pos)) &&
        (!s->params.prune_eval || (eval == SCORE_INF ? static_eval(s, pos, ply, 0, 0, 0) : eval) >= beta)) {
        int margin_depth = s->params.prune_depth && depth > s->params.prune_depth ? s->params.prune_depth : depth;
        Score pbeta = beta + s->params.prune * margin_depth;
        Score score = search_tree_node(s, pos, ds, depth * 40 / 100, ply, pbeta - 1, pbeta);
        if (s->stopped)
            return 0;
        if (score >= pbeta)
            return score;
    }

    MoveList list;
    movegen_generate(pos, &list);
    if (list.count == 0)
        return no_move_score(pos, ply);
    int order[MAX_MOVES];
    order_moves(s, pos, &list, tt_move, ply, order);
    bool may_extend = ply < 2 * s->root_depth;   /* extensions stop where the path doubles the iteration */
    int ext = s->params.single_reply && list.count == 1 && may_extend ? 1 : 0;
    bool singular = false;
    if (!ext && may_extend && (pv_node || s->params.singular_cut) && s->params.singular &&
        depth >= SINGULAR_MIN_DEPTH && tt_move && !skip && hit.depth >= depth - SINGULAR_DEPTH_CUT &&
        hit.bound & BOUND_LOWER && abs(tts) < SCORE_EVAL_MAX) {
        Score bound = (Score)(tts - s->params.singular);
        Score score = singular_search(s, pos, ds, tt_move, bound, depth, ply);
        if (s->stopped)
            return 0;
        singular = score <= bound;
        if (!pv_node && !singular && bound >= beta)   /* multi-cut: a second move beats beta too */
            return bound;
    }
    if (depth - 1 + ext > 0)   /* every child will probe the table: start loading all their buckets */
        for (int i = 0; i < list.count; i++)
            tt_prefetch(s->tt, move_key_after(pos, list.moves[i]));

    Score best = -SCORE_INF, orig_alpha = alpha;
    int lmp_count = quiet_node && s->params.lmp ? s->params.lmp + depth * depth : MAX_MOVES;
    Move best_move = MOVE_NONE;
    Move quiets[MAX_MOVES];
    int n_quiets = 0;
    for (int i = 0; i < list.count; i++) {
        Move m = pick_move(&list, order, i);
        if (m == skip)
            continue;
        Position child;
        DrawState cds;
        make_move(pos, m, &child, true);
        if (i >= lmp_count && order[i] < ORDER_KILLER && best > -SCORE_WIN_MIN && !move_crowns(pos, m) &&
            !movegen_has_capture(&child))   /* a late quiet move that offers nothing: pruned */
            continue;
        game_draw_next(pos, ds, m, &child, &cds);
        int new_depth = depth - 1 + ext + (singular && m == tt_move);
        s->after_quiet[ply + 1] = !list.capture_len;
        Score score;
        if (i == 0) {
            score = -search_tree_node(s, &child, &cds, new_depth, ply + 1, -beta, -alpha);
        } else {
            int r = 0;
            if (s->params.lmr && depth >= LMR_MIN_DEPTH && !list.capture_len && order[i] < ORDER_KILLER &&
                i >= (pv_node ? 3 : 1) && !move_crowns(pos, m) &&
                !(ply < s->params.lmr_sac && movegen_has_capture(&child)))
                r = late_move_reduction(s, depth, i, pv_node);
            score = -search_tree_node(s, &child, &cds, new_depth - r, ply + 1, -alpha - 1, -alpha);
            if (score > alpha && r)
                score = -search_tree_node(s, &child, &cds, new_depth, ply + 1, -alpha - 1, -alpha);
            if (score > alpha && score < beta)
                score = -search_tree_node(s, &child, &cds, new_depth, ply + 1, -beta, -alpha);
        }
        if (s->stopped)
            return 0;
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                best_move = m;
                pv_update(s, ply, m);
                if (alpha >= beta)
                    break;
            }
        }
        if (!list.capture_len)
            quiets[n_quiets++] = m;
    }
    if (best >= beta && !list.capture_len)
        update_quiet_stats(s, pos, best_move, quiets, n_quiets, depth, ply);
    Bound bound = best >= beta ? BOUND_LOWER : best > orig_alpha ? BOUND_EXACT : BOUND_UPPER;
    tt_store(s->tt, key, best_move, tt_score_to(best, ply, SCORE_WIN_MIN), depth, bound);
    return best;
}
