/* The root driver: iterative deepening with aspiration windows, time control, pondering,
 * the poll hook and the `info` output. The tree below the root is in search_tree.c. */
#include "search_internal.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "endgame/bitbase.h"
#include "endgame/bitbase_index.h"
#include "util/clock.h"
#include "rules/notation.h"

#define CLOCK_INTERVAL 256       /* nodes between clock checks */
#define POLL_NODES 2048          /* nodes between polls of the hub */
#define POLL_SECONDS 0.004       /* and at most this long between two polls */
#define ASPIRATION_MIN_DEPTH 4
#define ASPIRATION_FULL 500      /* a window wider than this becomes the full window */

static const SearchTuning DEFAULT_TUNING = {
    .aspiration = 25,
    .lmr = 125,
    .prune = 10,
    .single_reply = 1,
    .killers = 1,
    .spare_offers = 1,
    .lmr_sac = 0,
    .bb_size = BB_MAX_PIECES,   /* probes stop at what is embedded */
};

Search *search_new(size_t tt_mib)
{
    Search *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    if (tt_mib > TT_MAX_MIB)
        tt_mib = TT_MAX_MIB;
    while (!tt_resize(&s->tt, tt_mib)) {
        if (tt_mib <= TT_MIN_MIB) {
            free(s);
            return NULL;
        }
        tt_mib /= 2;
    }
    s->tune = DEFAULT_TUNING;
    bitbase_init();
    return s;
}

void search_free(Search *s)
{
    if (!s)
        return;
    tt_free(&s->tt);
    free(s);
}

bool search_resize_tt(Search *s, size_t tt_mib) { return tt_resize(&s->tt, tt_mib); }

size_t search_tt_mib(const Search *s) { return s->tt.mib; }

SearchTuning *search_tuning(Search *s) { return &s->tune; }

void search_tuning_defaults(SearchTuning *t) { *t = DEFAULT_TUNING; }

bool search_tuning_set(SearchTuning *t, const char *name, int value)
{
    static const struct {
        const char *name;
        size_t offset;
    } FIELDS[] = {
        {"aspiration", offsetof(SearchTuning, aspiration)},
        {"lmr", offsetof(SearchTuning, lmr)},
        {"prune", offsetof(SearchTuning, prune)},
        {"single_reply", offsetof(SearchTuning, single_reply)},
        {"killers", offsetof(SearchTuning, killers)},
        {"spare_offers", offsetof(SearchTuning, spare_offers)},
        {"lmr_sac", offsetof(SearchTuning, lmr_sac)},
        {"bb_size", offsetof(SearchTuning, bb_size)},
        {"material", offsetof(SearchTuning, material)},
    };
    if (value < 0)
        return false;
    for (size_t i = 0; i < sizeof FIELDS / sizeof FIELDS[0]; i++)
        if (strcmp(name, FIELDS[i].name) == 0) {
            *(int *)((char *)t + FIELDS[i].offset) = value;
            return true;
        }
    return false;
}

void search_clear(Search *s)
{
    tt_clear(&s->tt);
    memset(s->history, 0, sizeof s->history);
    memset(s->killers, 0, sizeof s->killers);
}

void search_format_score(Score score, char *buf, size_t size)
{
    snprintf(buf, size, "%s%d.%02d", score < 0 ? "-" : "", abs(score) / 100, abs(score) % 100);
}

/* The clock starts now: the budget counts from here, but the time already spent pondering
 * counts as work done, so the search stops at once when it exceeds the target. */
static void ponder_hit(Search *s, double now)
{
    s->pondering = false;
    s->clock_start = now;
    if (s->completed_depth > 0 && s->plan.timed &&
        (now - s->go_time >= s->plan.soft || s->root_count == 1))
        s->stopped = true;
}

void search_check(Search *s)
{
    s->next_check = s->nodes + CLOCK_INTERVAL;
    if (s->node_limit) {
        if (s->nodes >= s->node_limit) {
            s->stopped = true;
            return;
        }
        if (s->next_check > s->node_limit)
            s->next_check = s->node_limit;
    }
    double now = clock_now();
    if (s->poll && (s->nodes - s->last_poll_nodes >= POLL_NODES || now - s->last_poll_time >= POLL_SECONDS)) {
        s->last_poll_nodes = s->nodes;
        s->last_poll_time = now;
        PollResult r = s->poll(s->poll_ctx);
        if (r == POLL_STOP)
            s->stopped = true;
        else if (r == POLL_PONDER_HIT && s->pondering)
            ponder_hit(s, now);
    }
    if (!s->pondering && s->plan.timed && now - s->clock_start >= s->plan.hard)
        s->stopped = true;
}

/* Writes the root PV as Hub moves, stopping at the first move that is not legal in its position
 * (cannot happen unless memory is corrupt, but the output must stay a legal line). */
static void format_pv(const Search *s, char *buf, size_t size)
{
    Position pos = s->root_pos;
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < s->pv_len[0]; i++) {
        Move m = s->pv[0][i];
        if (!movegen_is_legal(&pos, m))
            break;
        char mt[MOVE_TEXT_MAX];
        notation_format_move(&pos, m, mt);
        size_t need = strlen(mt) + 1;
        if (len + need + 1 > size)
            break;
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? " " : "", mt);
        Position next;
        move_make(&pos, m, &next);
        pos = next;
    }
}

void search_print_info(Search *s, int depth, Score score)
{
    if (!s->out)
        return;
    char pv[MAX_PLY * (MOVE_TEXT_MAX + 1)], sc[16];
    format_pv(s, pv, sizeof pv);
    search_format_score(score, sc, sizeof sc);
    double t = clock_now() - s->go_time;
    double mean = s->leaf_count ? (double)s->leaf_ply_sum / (double)s->leaf_count : 0.0;
    fprintf(s->out, "info depth=%d mean-depth=%.1f score=%s nodes=%llu time=%.3f nps=%.1f pv=\"%s\"\n", depth,
            mean, sc, (unsigned long long)s->nodes, t, t > 0 ? (double)s->nodes / t / 1e6 : 0.0, pv);
    fflush(s->out);
}

/* Moves root[i] to the front, keeping the order of the others. */
static void root_to_front(Search *s, int i)
{
    RootMove rm = s->root[i];
    memmove(&s->root[1], &s->root[0], (size_t)i * sizeof(RootMove));
    s->root[0] = rm;
}

/* One PVS pass over the root moves in the window (alpha, beta); the best move ends up first. */
static Score root_search(Search *s, const DrawState *root_ds, int depth, Score alpha, Score beta)
{
    const Position *pos = &s->root_pos;
    Score best = -SCORE_INF;
    s->keys[s->key_base] = pos->key;
    /* captures are compulsory: either every root move captures or none does */
    s->after_quiet[1] = !move_is_capture(pos, s->root[0].move);
    for (int i = 0; i < s->root_count; i++) {
        Move m = s->root[i].move;
        Position child;
        DrawState cds;
        move_make(pos, m, &child);
        game_draw_next(pos, root_ds, m, &child, &cds);
        Score score;
        if (i == 0) {
            score = -search_node(s, &child, &cds, depth - 1, 1, -beta, -alpha);
        } else {
            score = -search_node(s, &child, &cds, depth - 1, 1, -alpha - 1, -alpha);
            if (!s->stopped && score > alpha && score < beta)
                score = -search_node(s, &child, &cds, depth - 1, 1, -beta, -alpha);
        }
        if (s->stopped)
            return best;
        s->root[i].score = score;
        if (score > best)
            best = score;
        if (score > alpha) {
            alpha = score;
            s->pv[0][0] = m;
            memcpy(&s->pv[0][1], s->pv[1], (size_t)s->pv_len[1] * sizeof(Move));
            s->pv_len[0] = s->pv_len[1] + 1;
            root_to_front(s, i);
            if (i > 0 && depth > 1)
                search_print_info(s, depth, score);
            if (alpha >= beta)
                break;
        }
    }
    return best;
}

/* Puts the transposition-table move (if any) first among the root moves. */
static void init_root(Search *s, const Position *root)
{
    MoveList list;
    movegen_generate(root, &list);
    s->root_pos = *root;
    s->root_count = list.count;
    for (int i = 0; i < list.count; i++)
        s->root[i] = (RootMove){list.moves[i], -SCORE_INF};
    TTHit hit;
    if (tt_probe(&s->tt, root->key, &hit))
        for (int i = 1; i < s->root_count; i++)
            if (s->root[i].move == hit.move)
                root_to_front(s, i);
}

/* At a root the bitbases cover, only the moves that keep its value are searched, and the tree
 * does not probe positions with the root's material: a win then means reaching a won position
 * after a capture or a promotion, which is progress (bitbase scores carry no distance). */
static void init_bitbase_root(Search *s)
{
    const Position *root = &s->root_pos;
    int pieces = bb_popcount(position_occupied(root)), value;
    s->bb_limit = s->tune.bb_size;
    s->bb_root_pieces = 0;
    if (pieces > s->bb_limit || !bitbase_probe(root, s->bb_limit, &value))
        return;
    s->bb_root_pieces = pieces;
    s->bb_root_kings = bb_popcount(root->kings);
    int kept = 0;
    for (int i = 0; i < s->root_count; i++) {
        Position child;
        int v;
        move_make(root, s->root[i].move, &child);
        if (bitbase_probe(&child, pieces, &v) && v == -value)
            s->root[kept++] = s->root[i];
    }
    if (kept)
        s->root_count = kept;
}

/* Loads the reversible part of the game so repetitions of earlier positions are seen. */
static void init_keys(Search *s, const Game *game)
{
    int rev = game->draw[game->ply].reversible;
    if (rev > game->ply)
        rev = game->ply;
    if (rev > GAME_MAX_PLIES)
        rev = GAME_MAX_PLIES;
    for (int i = 0; i < rev; i++)
        s->keys[i] = game->pos[game->ply - rev + i].key;
    s->key_base = rev;
}

static void start_search(Search *s, const Game *game, const SearchLimits *limits, GoMode mode, SearchPoll poll,
                         void *poll_ctx, FILE *out)
{
    const Position *root = game_position(game);
    s->nodes = 0;
    s->node_limit = limits->nodes;
    s->next_check = s->node_limit && s->node_limit < CLOCK_INTERVAL ? s->node_limit : CLOCK_INTERVAL;
    s->last_poll_nodes = 0;
    s->leaf_count = s->leaf_ply_sum = 0;
    s->stopped = false;
    s->pondering = mode == GO_PONDER;
    s->completed_depth = 0;
    s->go_time = s->clock_start = s->last_poll_time = clock_now();
    s->poll = poll;
    s->poll_ctx = poll_ctx;
    s->out = out;
    int men = bb_popcount(position_occupied(root) & ~root->kings);
    timeman_plan(limits, men, &s->plan);
    s->mode = mode;
    tt_new_search(&s->tt);
    search_prepare_reductions(s);
    memset(s->killers, 0, sizeof s->killers);
    for (int c = 0; c < 2; c++)
        for (int f = 0; f < 64; f++)
            for (int t = 0; t < 64; t++)
                s->history[c][f][t] /= 2;
    init_keys(s, game);
    init_root(s, root);
    init_bitbase_root(s);
}

/* The one legal move, with the transposition table's opinion of the reply. */
static void answer_single_move(Search *s, SearchResult *result)
{
    Position child;
    TTHit hit;
    result->best = s->root[0].move;
    move_make(&s->root_pos, result->best, &child);
    if (tt_probe(&s->tt, child.key, &hit)) {
        MoveList list;
        movegen_generate(&child, &list);
        for (int i = 0; i < list.count; i++)
            if (list.moves[i] == hit.move)
                result->ponder = hit.move;
        result->score = -tt_score_from(hit.score, 1, SCORE_WIN_MIN);
    }
    s->pv[0][0] = result->best;
    s->pv[0][1] = result->ponder;
    s->pv_len[0] = result->ponder ? 2 : 1;
    search_print_info(s, 0, result->score);
}

/* Shrinks the time target while the best move stays, stretches it when the move changes. */
static double next_stability(double stability, bool changed)
{
    if (!changed)
        return stability * 0.9 < 0.6 ? 0.6 : stability * 0.9;
    stability = (stability < 1 ? 1 : stability) * 1.3;
    return stability > 2 ? 2 : stability;
}

/* Whether the iteration just finished leaves no reason to go deeper. */
static bool iteration_ends_search(Search *s, int depth, Score score, double stability)
{
    if (s->pondering || !s->plan.timed)
        return false;
    if (s->mode == GO_THINK && abs(score) >= SCORE_WIN_MIN && SCORE_WIN - abs(score) <= depth)
        return true;
    return !timeman_continue(&s->plan, clock_now() - s->go_time, stability);
}

void search_run(Search *s, const Game *game, const SearchLimits *limits, GoMode mode, SearchPoll poll,
                void *poll_ctx, FILE *out, SearchResult *result)
{
    memset(result, 0, sizeof *result);
    start_search(s, game, limits, mode, poll, poll_ctx, out);
    if (s->root_count == 0)
        return;
    result->best = s->root[0].move;
    if (s->root_count == 1 && mode == GO_THINK) {
        answer_single_move(s, result);
        result->time = clock_now() - s->go_time;
        return;
    }
    DrawState root_ds = game->draw[game->ply];
    int max_depth = limits->depth > 0 && limits->depth < MAX_PLY - 1 ? limits->depth : MAX_PLY - 2;
    double stability = 1.0;
    Score prev = 0;
    for (int depth = 1; depth <= max_depth; depth++) {
        s->root_depth = depth;
        int delta = s->tune.aspiration;
        Score alpha = -SCORE_INF, beta = SCORE_INF;
        if (delta > 0 && depth >= ASPIRATION_MIN_DEPTH && abs(prev) < SCORE_EVAL_MAX) {
            alpha = prev - delta;
            beta = prev + delta;
        }
        Score score;
        for (;;) {
            score = root_search(s, &root_ds, depth, alpha, beta);
            if (s->stopped)
                break;
            if (score <= alpha)
                alpha = score - delta < -SCORE_INF ? -SCORE_INF : score - delta;
            else if (score >= beta)
                beta = score + delta > SCORE_INF ? SCORE_INF : score + delta;
            else
                break;
            delta *= 2;
            if (delta > ASPIRATION_FULL)
                alpha = -SCORE_INF, beta = SCORE_INF;
        }
        if (s->stopped)
            break;
        Move best = s->root[0].move;
        if (depth > 1)
            stability = next_stability(stability, best != result->best);
        result->best = best;
        result->ponder = s->pv_len[0] > 1 && s->pv[0][0] == best ? s->pv[0][1] : MOVE_NONE;
        result->score = prev = score;
        result->depth = s->completed_depth = depth;
        search_print_info(s, depth, score);
        if (iteration_ends_search(s, depth, score, stability))
            break;
    }
    result->nodes = s->nodes;
    result->time = clock_now() - s->go_time;
}
