#include "search.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "notation.h"

#define POLL_INTERVAL 2048

struct Search {
    uint64_t nodes;
    bool stopped;
    bool pondering;
    double start;
    double deadline;      /* seconds since start; 0 = none */
    uint64_t node_limit;
    SearchPoll poll;
    void *poll_ctx;
    const Game *game;
    Key path[GAME_MAX_PLIES + MAX_PLY];
    Move pv[MAX_PLY][MAX_PLY];
    int pv_len[MAX_PLY];
};

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

Search *search_new(size_t tt_mib)
{
    (void)tt_mib;
    return calloc(1, sizeof(Search));
}

void search_free(Search *s) { free(s); }

bool search_resize_tt(Search *s, size_t tt_mib)
{
    (void)s;
    (void)tt_mib;
    return true;
}

void search_clear(Search *s) { (void)s; }

void search_format_score(Score score, char *buf, size_t size)
{
    snprintf(buf, size, "%s%d.%02d", score < 0 ? "-" : "", abs(score) / 100, abs(score) % 100);
}

static void check_limits(Search *s)
{
    if (s->node_limit && s->nodes >= s->node_limit)
        s->stopped = true;
    if (s->poll) {
        PollResult r = s->poll(s->poll_ctx);
        if (r == POLL_STOP)
            s->stopped = true;
        else if (r == POLL_PONDER_HIT)
            s->pondering = false;
    }
    if (!s->pondering && s->deadline > 0 && now_seconds() - s->start >= s->deadline)
        s->stopped = true;
}

static Score alpha_beta(Search *s, const Position *pos, int depth, int ply, Score alpha, Score beta)
{
    s->pv_len[ply] = 0;
    if (++s->nodes % POLL_INTERVAL == 0)
        check_limits(s);
    if (s->stopped)
        return 0;
    MoveList list;
    movegen_generate(pos, &list);
    if (list.count == 0)
        return -(SCORE_WIN - ply);
    if (ply >= MAX_PLY - 1 || (depth <= 0 && list.capture_len == 0))
        return eval_position(pos);
    Score best = -SCORE_INF;
    for (int i = 0; i < list.count; i++) {
        Position child;
        position_make(pos, list.moves[i], &child);
        Score sc = -alpha_beta(s, &child, depth - 1, ply + 1, -beta, -alpha);
        if (s->stopped)
            return 0;
        if (sc > best) {
            best = sc;
            if (sc > alpha) {
                alpha = sc;
                s->pv[ply][0] = list.moves[i];
                memcpy(&s->pv[ply][1], s->pv[ply + 1], (size_t)s->pv_len[ply + 1] * sizeof(Move));
                s->pv_len[ply] = s->pv_len[ply + 1] + 1;
                if (alpha >= beta)
                    break;
            }
        }
    }
    return best;
}

static void print_info(Search *s, const Position *root, int depth, Score score, FILE *out)
{
    char pv[MAX_PLY * (MOVE_TEXT_MAX + 1)] = "", sc[16];
    size_t len = 0;
    Position pos = *root;
    for (int i = 0; i < s->pv_len[0]; i++) {
        char mt[MOVE_TEXT_MAX];
        notation_format_move(&pos, s->pv[0][i], mt);
        len += (size_t)snprintf(pv + len, sizeof pv - len, "%s%s", i ? " " : "", mt);
        Position next;
        position_make(&pos, s->pv[0][i], &next);
        pos = next;
    }
    double t = now_seconds() - s->start;
    search_format_score(score, sc, sizeof sc);
    fprintf(out, "info depth=%d score=%s nodes=%llu time=%.3f nps=%.1f pv=\"%s\"\n", depth, sc,
            (unsigned long long)s->nodes, t, t > 0 ? (double)s->nodes / t / 1e6 : 0.0, pv);
    fflush(out);
}

void search_run(Search *s, const Game *game, const SearchLimits *limits, GoMode mode, SearchPoll poll,
                void *poll_ctx, FILE *out, SearchResult *result)
{
    const Position *root = game_position(game);
    MoveList list;
    movegen_generate(root, &list);
    memset(result, 0, sizeof *result);
    s->nodes = 0;
    s->stopped = false;
    s->pondering = mode == GO_PONDER;
    s->start = now_seconds();
    s->poll = poll;
    s->poll_ctx = poll_ctx;
    s->game = game;
    s->node_limit = limits->nodes;
    s->deadline = limits->move_time > 0 ? limits->move_time : limits->time > 0 ? limits->time / 30 : 0;
    int max_depth = limits->depth > 0 && limits->depth < MAX_PLY ? limits->depth : MAX_PLY - 1;
    if (list.count == 0)
        return;
    result->best = list.moves[0];
    for (int depth = 1; depth <= max_depth && !s->stopped; depth++) {
        Score score = alpha_beta(s, root, depth, 0, -SCORE_INF, SCORE_INF);
        if (s->stopped || s->pv_len[0] == 0)
            break;
        result->best = s->pv[0][0];
        result->ponder = s->pv_len[0] > 1 ? s->pv[0][1] : MOVE_NONE;
        result->score = score;
        result->depth = depth;
        if (out)
            print_info(s, root, depth, score, out);
        if (mode != GO_ANALYZE && list.count == 1)
            break;
    }
    result->nodes = s->nodes;
    result->time = now_seconds() - s->start;
}
