/* The driver and the public interface (search/search.h): searchers, their parameters, iterative
 * deepening over the root's iterations, the time to stop deepening, the move played. The calls
 * run one way, down: the helper threads (search_pool.c), the root (search_root.c), the tree below
 * it (search_tree.c) and the node, clock and poll limits (search_limit.c). */
#include "search/search.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "endgame/bitbase.h"
#include "util/clock.h"
#include "util/opts.h"
#include "rules/make.h"
#include "search_limit.h"
#include "search_pool.h"
#include "search_root.h"

static const SearchParams DEFAULT_PARAMS = {
    .aspiration = 25,
    .lmr = 125,
    .prune = 10,
    .single_reply = 1,
    .killers = 1,
    .spare_offers = 1,
    .lmr_sac = 0,
    .singular = 40,
    .bb_size = BB_MAX_PIECES,   /* probes stop at what is embedded */
    .positional = 100,
    .time_target = 100,
    .time_drop = 0,
    .deeper_helper = 0,
    .partial = 1,
    .futility = 40,
    .prune_eval = 1,
    .lmp = 3,
    .net_scale = 100,
    .net_hybrid = 0,
    .net_lazy = 0,
};

Search *search_new(size_t tt_mib)
{
    Search *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->tt = &s->own_tt;
    if (tt_mib > TT_MAX_MIB)
        tt_mib = TT_MAX_MIB;
    while (!tt_resize(s->tt, tt_mib)) {
        if (tt_mib <= TT_MIN_MIB) {
            free(s);
            return NULL;
        }
        tt_mib /= 2;
    }
    s->params = DEFAULT_PARAMS;
    s->lines = 1;
    atomic_init(&s->helper_deadline, 0.0);
    bitbase_init();
    eval_init();   /* before any helper thread can evaluate */
    return s;
}

void search_free(Search *s)
{
    if (!s)
        return;
    search_pool_free(s);
    tt_free(&s->own_tt);
    free(s);
}

bool search_resize_tt(Search *s, size_t tt_mib)
{
    search_pool_wait(s);
    return tt_resize(s->tt, tt_mib);
}

size_t search_tt_mib(const Search *s) { return s->tt->mib; }

bool search_set_threads(Search *s, int threads) { return search_pool_resize(s, threads); }

int search_threads(const Search *s) { return search_pool_size(s) + 1; }

SearchParams *search_params(Search *s) { return &s->params; }

void search_set_lines(Search *s, int lines)
{
    s->lines = lines < 1 ? 1 : lines > SEARCH_MAX_LINES ? SEARCH_MAX_LINES : lines;
}

void search_set_excluded(Search *s, const Move *moves, int count)
{
    s->excluded_count = count < 0 ? 0 : count > MAX_MOVES ? MAX_MOVES : count;
    if (s->excluded_count)
        memcpy(s->excluded, moves, (size_t)s->excluded_count * sizeof(Move));
}

void search_params_default(SearchParams *p) { *p = DEFAULT_PARAMS; }

bool search_params_set(SearchParams *p, const char *name, int value)
{
    static const struct {
        const char *name;
        size_t offset;
    } FIELDS[] = {
        {"aspiration", offsetof(SearchParams, aspiration)},
        {"lmr", offsetof(SearchParams, lmr)},
        {"prune", offsetof(SearchParams, prune)},
        {"single_reply", offsetof(SearchParams, single_reply)},
        {"killers", offsetof(SearchParams, killers)},
        {"spare_offers", offsetof(SearchParams, spare_offers)},
        {"lmr_sac", offsetof(SearchParams, lmr_sac)},
        {"lmr_max", offsetof(SearchParams, lmr_max)},
        {"prune_depth", offsetof(SearchParams, prune_depth)},
        {"singular", offsetof(SearchParams, singular)},
        {"singular_cut", offsetof(SearchParams, singular_cut)},
        {"bb_size", offsetof(SearchParams, bb_size)},
        {"material", offsetof(SearchParams, material)},
        {"positional", offsetof(SearchParams, positional)},
        {"time_target", offsetof(SearchParams, time_target)},
        {"time_drop", offsetof(SearchParams, time_drop)},
        {"deeper_helper", offsetof(SearchParams, deeper_helper)},
        {"partial", offsetof(SearchParams, partial)},
        {"futility", offsetof(SearchParams, futility)},
        {"prune_eval", offsetof(SearchParams, prune_eval)},
        {"lmp", offsetof(SearchParams, lmp)},
        {"contempt", offsetof(SearchParams, contempt)},
        {"net_scale", offsetof(SearchParams, net_scale)},
        {"net_hybrid", offsetof(SearchParams, net_hybrid)},
        {"net_lazy", offsetof(SearchParams, net_lazy)},
    };
    if (value < 0)
        return false;
    for (size_t i = 0; i < sizeof FIELDS / sizeof FIELDS[0]; i++)
        if (strcmp(name, FIELDS[i].name) == 0) {
            *(int *)((char *)p + FIELDS[i].offset) = value;
            return true;
        }
    return false;
}

const char *search_params_assign(SearchParams *p, const char *assignment)
{
    const char *eq = strchr(assignment, '=');
    char name[64];
    long value;
    if (!eq || eq == assignment || (size_t)(eq - assignment) >= sizeof name)
        return "expected NAME=VALUE";
    memcpy(name, assignment, (size_t)(eq - assignment));
    name[eq - assignment] = '\0';
    if (!opts_read_long(eq + 1, 0, INT32_MAX, &value))
        return "expected a value from 0 to 2147483647";
    return search_params_set(p, name, (int)value) ? NULL : "no search parameter has that name";
}

bool search_line_text(const Search *s, int i, char *buf, size_t size)
{
    if (i < 0 || i >= s->line_count)
        return false;
    search_root_format_pv(s, s->line[i].pv, s->line[i].pv_len, buf, size);
    return true;
}

void search_clear(Search *s)
{
    search_pool_wait(s);
    tt_clear(s->tt);
    memset(s->history, 0, sizeof s->history);
    memset(s->killers, 0, sizeof s->killers);
    search_pool_clear(s);
}

/* The one legal move, with the transposition table's opinion of the reply. */
static void answer_single_move(Search *s, SearchResult *result)
{
    Position child;
    TTHit hit;
    result->best = s->root[0].move;
    make_move(&s->root_pos, result->best, &child, true);
    if (tt_probe(s->tt, child.key, &hit)) {
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
    search_root_print_info(s, 0, 0, result->score, s->pv[0], s->pv_len[0]);
}

/* Whether the iteration just finished leaves no reason to go deeper. */
static bool iteration_ends_search(Search *s, int depth, Score score, double scale)
{
    if (s->pondering || !s->plan.timed)
        return false;
    if (s->mode == GO_THINK && abs(score) >= SCORE_WIN_MIN && SCORE_WIN - abs(score) <= depth)
        return true;
    return !timeman_continue(&s->plan, clock_now() - s->go_time, scale);
}

/* Makes line, complete or not at its depth, the search's single line and its result's move. */
static void play_line(Search *s, SearchResult *result, const RootLine *line)
{
    result->best = line->pv[0];
    result->ponder = line->pv_len > 1 ? line->pv[1] : MOVE_NONE;
    result->score = line->score;
    result->line_move[0] = line->pv[0];
    result->line_score[0] = line->score;
    s->line[0] = *line;
    s->line_count = 1;
}

/* An iteration cut short by the clock or the node limit is not lost when a later root move already
 * beat the first one there: that move won a full-window search one ply deeper than the last
 * complete iteration saw, so it is the better guess (its line was printed when it was found). */
static void adopt_partial_line(Search *s, SearchResult *result)
{
    if (s->lines == 1 && s->params.partial && s->partial.pv_len > 0 && s->partial.pv[0] != result->best)
        play_line(s, result, &s->partial);
}

/* Lazy SMP's last word: depth skipping often has a helper one iteration ahead of the main thread
 * when the clock runs out, and its deeper line is the better guess. Multi-PV lines stay the main
 * thread's, whose every line is exact at one depth. */
static void adopt_deeper_line(Search *s, SearchResult *result)
{
    RootLine line;
    if (s->lines > 1 || !s->params.deeper_helper)
        return;
    int depth = search_pool_deepest(s, &line);
    if (depth <= result->depth || line.pv_len == 0)
        return;
    play_line(s, result, &line);
    result->depth = depth;
    result->from_helper = true;
    search_root_print_info(s, depth, 0, line.score, line.pv, line.pv_len);
}

void search_run(Search *s, const Game *game, const SearchLimits *limits, GoMode mode, SearchPoll poll,
                void *poll_ctx, FILE *out, SearchResult *result)
{
    memset(result, 0, sizeof *result);
    search_pool_wait(s);   /* the last search's helpers may still be winding down */
    search_root_start(s, game, limits, mode, poll, poll_ctx, out);
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
    Score prev_score = 0;
    search_pool_start(s, game, max_depth);
    if (s->plan.timed && !s->pondering)
        search_limit_deadline(s, s->clock_start + s->plan.hard);
    for (int depth = 1; depth <= max_depth; depth++) {
        s->root_depth = depth;
        if (!search_root_iterate(s, &root_ds, depth)) {
            adopt_partial_line(s, result);
            break;
        }
        const RootLine *first = &s->line[0];
        Move best = first->pv[0];
        if (depth > 1)
            stability = timeman_stability(stability, best != result->best);
        result->best = best;
        result->ponder = first->pv_len > 1 ? first->pv[1] : MOVE_NONE;
        result->score = first->score;
        result->depth = s->completed_depth = depth;
        result->line_count = s->line_count;
        for (int i = 0; i < s->line_count; i++) {
            result->line_move[i] = s->line[i].pv[0];
            result->line_score[i] = s->line[i].score;
            search_root_print_info(s, depth, s->lines > 1 ? i + 1 : 0, s->line[i].score, s->line[i].pv,
                                   s->line[i].pv_len);
        }
        Score prev = depth > 1 ? prev_score : first->score;
        double scale = timeman_scale(stability, s->params.time_target, s->params.time_drop, prev, first->score);
        if (iteration_ends_search(s, depth, first->score, scale))
            break;
        prev_score = first->score;
    }
    search_pool_halt(s);
    adopt_deeper_line(s, result);
    result->nodes = search_limit_nodes(s);
    result->time = clock_now() - s->go_time;
}
