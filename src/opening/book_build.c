/* Growing the opening book (see book_build.h). The tree holds positions without kings only as
 * expandable nodes, so every move either captures or advances a man: the graph has no cycles,
 * and sorting by that progress is a topological order. */
#include "opening/book_build.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "endgame/bitbase.h"
#include "eval/score.h"
#include "opening/book.h"
#include "util/clock.h"
#include "util/jobs.h"
#include "opening/openings.h"
#include "search/search.h"
#include "rules/make.h"

#define BUILD_TT_MIB 32
#define COST_INF INT64_MAX
#define ROOT_PLY_LIMIT 10          /* openings deeper than this from the start get ply 0 */
#define ROOT_BFS_LIMIT 4000000     /* positions the search for the openings' plies may hold */

typedef enum { NODE_LEAF, NODE_INNER, NODE_FINAL } NodeState;   /* FINAL: kings, or no legal move */

typedef struct {
    Position pos;
    uint64_t key;
    int leaf;          /* the search's score, side to move */
    int value;         /* negamax of the children for inner nodes, else leaf */
    int ply;           /* fewest plies from the start position */
    int first, count;  /* children: edges[first .. first + count) */
    int64_t cost;      /* cheapest path from a root */
    int progress;      /* strictly grows along every move of the tree */
    NodeState state;
    bool root;
} Node;

/* Open addressing from a book key to an int (a node index or a ply); grows at half full. */
typedef struct {
    uint64_t *keys;
    int *vals;         /* -1: empty slot */
    size_t mask, used;
} KeyMap;

typedef struct {
    BookBuildConfig cfg;
    Node *node;
    int n, cap;
    int *edges, n_edges, cap_edges;
    KeyMap map;
    int *jobs;         /* nodes waiting for their search */
    int n_jobs;
    Search *search[JOBS_MAX_THREADS];   /* one searcher and one game a thread */
    Game *game[JOBS_MAX_THREADS];
    double start;
} Builder;

static bool map_init(KeyMap *m, size_t size)
{
    m->keys = malloc(size * sizeof *m->keys);
    m->vals = malloc(size * sizeof *m->vals);
    m->mask = size - 1;
    m->used = 0;
    if (m->vals)
        memset(m->vals, -1, size * sizeof *m->vals);
    return m->keys && m->vals;
}

static void map_free(KeyMap *m)
{
    free(m->keys);
    free(m->vals);
}

/* The slot of key: where it is, or the empty slot where it belongs. */
static size_t map_slot(const KeyMap *m, uint64_t key)
{
    size_t i = (size_t)(key ^ key >> 29) & m->mask;
    while (m->vals[i] >= 0 && m->keys[i] != key)
        i = (i + 1) & m->mask;
    return i;
}

static int map_get(const KeyMap *m, uint64_t key)
{
    return m->vals[map_slot(m, key)];
}

/* Sets key to val (val >= 0); false when memory is short. */
static bool map_put(KeyMap *m, uint64_t key, int val)
{
    if (2 * (m->used + 1) > m->mask + 1) {
        KeyMap bigger;
        if (!map_init(&bigger, 2 * (m->mask + 1)))
            return false;
        for (size_t i = 0; i <= m->mask; i++)
            if (m->vals[i] >= 0)
                map_put(&bigger, m->keys[i], m->vals[i]);
        map_free(m);
        *m = bigger;
    }
    size_t i = map_slot(m, key);
    m->used += m->vals[i] < 0;
    m->keys[i] = key;
    m->vals[i] = val;
    return true;
}

/* Pieces taken (weighted above any advance) plus rows advanced by all pieces: every move of a
 * position without kings raises it. */
static int progress_of(const Position *pos)
{
    int p = (40 - bb_popcount(position_occupied(pos))) * 1024;
    for (Bitboard b = pos->pieces[WHITE]; b; b &= b - 1)
        p += 9 - (bb_square_of_bit[bb_lsb(b)] - 1) / 5;
    for (Bitboard b = pos->pieces[BLACK]; b; b &= b - 1)
        p += (bb_square_of_bit[bb_lsb(b)] - 1) / 5;
    return p;
}

/* The node of pos, added (as a leaf waiting for its search when search is true) if new; -1 when
 * memory is short. */
static int node_get(Builder *b, const Position *pos, int ply, bool search)
{
    uint64_t key = book_key(pos);
    int i = map_get(&b->map, key);
    if (i >= 0)
        return i;
    if (b->n == b->cap) {
        int cap = b->cap ? 2 * b->cap : 4096;
        Node *bigger = realloc(b->node, (size_t)cap * sizeof *bigger);
        int *jobs = realloc(b->jobs, (size_t)cap * sizeof *jobs);
        if (jobs)
            b->jobs = jobs;
        if (!bigger || !jobs)
            return -1;
        b->node = bigger;
        b->cap = cap;
    }
    i = b->n;
    if (!map_put(&b->map, key, i))
        return -1;
    b->n++;
    b->node[i] = (Node){.pos = *pos, .key = key, .ply = ply, .progress = progress_of(pos),
                        .state = pos->kings ? NODE_FINAL : NODE_LEAF};
    if (search)
        b->jobs[b->n_jobs++] = i;
    return i;
}

static bool edge_add(Builder *b, int child)
{
    if (b->n_edges == b->cap_edges) {
        int cap = b->cap_edges ? 2 * b->cap_edges : 16384;
        int *bigger = realloc(b->edges, (size_t)cap * sizeof *bigger);
        if (!bigger)
            return false;
        b->edges = bigger;
        b->cap_edges = cap;
    }
    b->edges[b->n_edges++] = child;
    return true;
}

/* Scores one waiting node with a fixed-node search from an empty table, so the score depends
 * on the position alone, not on the thread or on what was searched before. */
static bool search_job(void *ctx, int worker, int i)
{
    Builder *b = ctx;
    Node *nd = &b->node[b->jobs[i]];
    Game *game = b->game[worker];
    game_reset(game, &nd->pos);
    SearchLimits limits = {.nodes = (uint64_t)b->cfg.nodes};
    SearchResult res;
    search_clear(b->search[worker]);
    search_run(b->search[worker], game, &limits, GO_ANALYZE, NULL, NULL, NULL, &res);
    nd->leaf = res.best == MOVE_NONE ? -SCORE_WIN : res.score;
    if (res.best == MOVE_NONE)
        nd->state = NODE_FINAL;
    return true;
}

static bool run_searches(Builder *b)
{
    bool ok = jobs_run((int)b->cfg.threads, b->n_jobs, search_job, b);
    b->n_jobs = 0;
    return ok;
}

/* Links node i to a child per legal move (adding the new ones for a search); false when memory
 * is short. */
static bool link_children(Builder *b, int i, bool search)
{
    MoveList list;
    movegen_generate(&b->node[i].pos, &list);
    int first = b->n_edges;
    for (int k = 0; k < list.count; k++) {
        Position next;
        make_move(&b->node[i].pos, list.moves[k], &next, true);
        int c = node_get(b, &next, b->node[i].ply + 1, search);
        if (c < 0 || !edge_add(b, c))
            return false;
    }
    b->node[i].first = first;
    b->node[i].count = list.count;
    b->node[i].state = list.count ? NODE_INNER : NODE_FINAL;
    return true;
}

static int progress_cmp(const void *x, const void *y)
{
    const int64_t *a = x, *b = y;
    return *a < *b ? -1 : *a > *b;
}

/* Negamax values (leaves up), then plies and path costs (roots down), in topological order;
 * returns the cheapest leaf worth expanding, -1 when there is none, -2 when memory is short. */
static int update_tree(Builder *b)
{
    int64_t *order = malloc((size_t)b->n * sizeof *order);
    if (!order)
        return -2;
    for (int i = 0; i < b->n; i++)
        order[i] = (int64_t)b->node[i].progress << 32 | i;
    qsort(order, (size_t)b->n, sizeof *order, progress_cmp);
    for (int k = b->n - 1; k >= 0; k--) {
        Node *nd = &b->node[order[k] & 0xFFFFFFFF];
        nd->value = nd->leaf;
        if (nd->state == NODE_INNER) {
            nd->value = -SCORE_INF;
            for (int e = nd->first; e < nd->first + nd->count; e++)
                if (-b->node[b->edges[e]].value > nd->value)
                    nd->value = -b->node[b->edges[e]].value;
        }
        nd->cost = nd->root ? 0 : COST_INF;
    }
    int best = -1;
    for (int k = 0; k < b->n; k++) {
        int i = (int)(order[k] & 0xFFFFFFFF);
        Node *nd = &b->node[i];
        if (nd->cost == COST_INF)
            continue;
        if (nd->state == NODE_LEAF && nd->ply < b->cfg.max_ply && (best < 0 || nd->cost < b->node[best].cost))
            best = i;
        for (int e = nd->first; nd->state == NODE_INNER && e < nd->first + nd->count; e++) {
            Node *c = &b->node[b->edges[e]];
            if (c->ply > nd->ply + 1 && !c->root)
                c->ply = nd->ply + 1;
            int64_t dev = nd->value + c->value;
            if (dev <= b->cfg.max_dev && nd->cost + dev + b->cfg.ply_cost < c->cost)
                c->cost = nd->cost + dev + b->cfg.ply_cost;
        }
    }
    free(order);
    return best;
}

static bool save(const Builder *b)
{
    BookEntry *e = malloc((size_t)(b->n ? b->n : 1) * sizeof *e);
    if (!e)
        return false;
    for (int i = 0; i < b->n; i++)
        e[i] = (BookEntry){.key = b->node[i].key, .score = (int16_t)b->node[i].value,
                           .ply = (uint8_t)(b->node[i].ply < 255 ? b->node[i].ply : 255),
                           .inner = b->node[i].state == NODE_INNER};
    /* written aside and renamed, so that a build stopped at any moment leaves a whole book */
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", b->cfg.out);
    bool ok = book_save(tmp, e, (size_t)b->n) && rename(tmp, b->cfg.out) == 0;
    free(e);
    return ok;
}

/* The fewest plies from the start position to each opening, by a breadth-first search over
 * positions without duplicates; 0 (with a warning) for the ones not reached within ROOT_PLY_LIMIT. */
static bool opening_plies(const Position *openings, int count, int *plies)
{
    KeyMap want = {0}, seen = {0};
    uint64_t *keys = malloc((size_t)(count + 1) * sizeof *keys);
    Position *level = malloc(ROOT_BFS_LIMIT * sizeof *level), *next = malloc(ROOT_BFS_LIMIT * sizeof *next);
    bool ok = keys && level && next && map_init(&want, 1024) && map_init(&seen, 1 << 16);
    int missing = 0;
    for (int i = 0; ok && i < count; i++) {
        plies[i] = -1;
        keys[i] = book_key(&openings[i]);
        if (map_get(&want, keys[i]) < 0) {
            ok = map_put(&want, keys[i], 1);
            missing++;
        }
    }
    int n = 1;
    if (ok)
        position_start(&level[0]);
    for (int ply = 0; ok && missing > 0 && ply <= ROOT_PLY_LIMIT && n > 0; ply++) {
        int next_n = 0;
        for (int k = 0; k < n && ok; k++) {
            uint64_t key = book_key(&level[k]);
            if (map_get(&want, key) >= 0) {
                for (int i = 0; i < count; i++)
                    if (keys[i] == key)
                        plies[i] = ply;
                missing--;   /* each position is met once: later levels only hold unseen ones */
            }
            MoveList list;
            movegen_generate(&level[k], &list);
            for (int m = 0; m < list.count && ok && next_n < ROOT_BFS_LIMIT; m++) {
                Position p;
                make_move(&level[k], list.moves[m], &p, true);
                if (map_get(&seen, book_key(&p)) < 0 && (ok = map_put(&seen, book_key(&p), 1)))
                    next[next_n++] = p;
            }
        }
        Position *swap = level;
        level = next;
        next = swap;
        n = next_n;
    }
    for (int i = 0; ok && i < count; i++)
        plies[i] = plies[i] < 0 ? 0 : plies[i];
    if (ok && missing > 0)
        fprintf(stderr, "book: %d openings are not within %d plies of the start; they count as ply 0\n", missing,
                ROOT_PLY_LIMIT);
    free(keys);
    free(level);
    free(next);
    map_free(&want);
    map_free(&seen);
    return ok;
}

/* The roots: the start position and the openings, each at its ply; with --in, the stored tree
 * below them is rebuilt from the book file. Then searches the roots the file does not score. */
static bool add_roots(Builder *b)
{
    Position *list = NULL;
    int count = 0;
    char err[256];
    if (b->cfg.openings && (count = openings_load(b->cfg.openings, VARIANT_NORMAL, &list, err, sizeof err)) < 0) {
        fprintf(stderr, "engine book build: %s\n", err);
        return false;
    }
    int *plies = malloc((size_t)(count + 1) * sizeof *plies);
    bool ok = plies && opening_plies(list, count, plies);
    Position start;
    position_start(&start);
    for (int i = -1; ok && i < count; i++) {
        int r = node_get(b, i < 0 ? &start : &list[i], i < 0 ? 0 : plies[i], false);
        ok = r >= 0;
        if (ok)
            b->node[r].root = true;
    }
    free(list);
    free(plies);
    int roots = b->n;
    Book old = {0};
    if (ok && b->cfg.in)
        ok = book_load(b->cfg.in, &old);
    /* breadth-first: a stored inner position gets its children, which keep their stored scores */
    for (int i = 0; ok && b->cfg.in && i < b->n; i++) {
        const BookEntry *e = book_find(&old, &b->node[i].pos);
        BookMove moves[MAX_MOVES];
        if (!e || b->node[i].state != NODE_LEAF)
            continue;
        if (e->inner && book_moves(&old, &b->node[i].pos, moves) > 0) {
            ok = link_children(b, i, false);
            for (int k = 0; ok && k < b->node[i].count; k++) {
                Node *c = &b->node[b->edges[b->node[i].first + k]];
                c->leaf = book_find(&old, &c->pos)->score;
            }
        } else {
            b->node[i].leaf = e->score;
        }
    }
    for (int i = 0; ok && i < roots; i++)
        if (!book_find(&old, &b->node[i].pos))
            b->jobs[b->n_jobs++] = i;
    book_free(&old);
    return ok && run_searches(b);
}

static void report(const Builder *b, long done, int last)
{
    char score[16];
    score_format(b->node[0].value, score, sizeof score);
    fprintf(stderr, "book: %ld/%ld expansions, %d positions, %.0f s, start %s, last ply %d cost %lld\n", done,
            b->cfg.expansions, b->n, clock_now() - b->start, score, last >= 0 ? b->node[last].ply : -1,
            last >= 0 ? (long long)b->node[last].cost : -1LL);
}

static bool grow(Builder *b)
{
    if (!add_roots(b))
        return false;
    long done = 0;
    double last_report = clock_now();
    for (; done < b->cfg.expansions; done++) {
        int i = update_tree(b);
        if (i == -2)
            return false;
        if (i < 0)
            break;
        if (!link_children(b, i, true) || !run_searches(b))
            return false;
        if ((done + 1) % b->cfg.checkpoint == 0 && (update_tree(b) == -2 || !save(b)))
            return false;
        if (b->cfg.seconds && clock_now() - b->start >= (double)b->cfg.seconds) {
            done++;
            break;
        }
        if (clock_now() - last_report >= 30 || done + 1 == b->cfg.expansions) {
            report(b, done + 1, i);
            last_report = clock_now();
        }
    }
    if (update_tree(b) == -2)
        return false;
    report(b, done, -1);
    return save(b);
}

bool book_build_run(const BookBuildConfig *cfg)
{
    Builder b = {.cfg = *cfg};
    bitbase_init();
    b.start = clock_now();
    bool ok = map_init(&b.map, 1 << 16);
    for (int t = 0; ok && t < b.cfg.threads; t++)
        ok = (b.search[t] = search_new(BUILD_TT_MIB)) != NULL && (b.game[t] = malloc(sizeof *b.game[t])) != NULL;
    if (ok)
        fprintf(stderr, "book: %ld expansions, %ld nodes a search, %ld threads, into %s\n", b.cfg.expansions, b.cfg.nodes,
                b.cfg.threads, b.cfg.out);
    ok = ok && grow(&b);
    for (int t = 0; t < b.cfg.threads; t++) {
        if (b.search[t])
            search_free(b.search[t]);
        free(b.game[t]);
    }
    map_free(&b.map);
    free(b.node);
    free(b.edges);
    free(b.jobs);
    return ok;
}
