/* The helper threads of a parallel search (lazy SMP): each helper owns a searcher that shares the
 * main searcher's transposition table and searches the same root on its own, skipping some depths
 * so that the threads spread over several iterations. What they find reaches the main searcher
 * only through the table; the main searcher alone chooses the move, prints and keeps the clock.
 * Threads are made when the count changes and sleep between searches. */
#include "search_pool.h"

#include <stdlib.h>
#include <string.h>
#include "util/thread.h"
#include "search_limit.h"
#include "search_root.h"

/* Depth skipping by helper (the pattern of Stockfish 10's lazy SMP): helper i searches depth d
 * only when ((d + game ply + SKIP_PHASE[j]) / SKIP_SIZE[j]) is even, j = (i - 1) % 20. */
#define SKIP_KINDS 20
static const int SKIP_SIZE[SKIP_KINDS] = {1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4};
static const int SKIP_PHASE[SKIP_KINDS] = {0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7};

/* A helper's stack: the tree search recurses up to MAX_PLY plies with a move list a ply. */
#define HELPER_STACK_BYTES ((size_t)16 << 20)

typedef struct {
    Search *searcher;
    Thread thread;
    int index;           /* 1, 2, ... */
    SearchPool *pool;
    int depth;           /* the helper's deepest completed iteration of this search (pool lock) */
    RootLine line;       /* its best line (pool lock) */
} Helper;

struct SearchPool {
    ThreadMutex lock;
    ThreadCond wake;     /* a new search or quit */
    ThreadCond idle;     /* a helper finished its search, or read all it needs of the game */
    int count;
    Helper helper[SEARCH_MAX_THREADS - 1];
    Search *searcher[SEARCH_MAX_THREADS - 1];   /* helper[i].searcher: the main searcher's helpers */
    uint64_t search_id;  /* bumped for every search */
    int busy;            /* helpers still searching */
    int reading;         /* helpers still reading the game */
    bool quit;
    atomic_bool halt;
    /* the current search, valid while busy > 0 */
    const Game *game;
    int max_depth;
};

/* Tells the main searcher this helper no longer reads the game. */
static void done_reading(SearchPool *p)
{
    thread_mutex_lock(&p->lock);
    if (--p->reading == 0)
        thread_cond_broadcast(&p->idle);
    thread_mutex_unlock(&p->lock);
}

/* One helper's search: iterative deepening on its own depths until halted or max_depth. */
static void helper_search(Helper *h, const Game *game, int max_depth)
{
    Search *s = h->searcher;
    SearchLimits none = {0};
    search_root_start(s, game, &none, GO_ANALYZE, NULL, NULL, NULL);
    DrawState root_ds = game->draw[game->ply];
    int game_ply = game->ply;
    done_reading(h->pool);
    if (s->root_count == 0 || atomic_load_explicit(s->halt, memory_order_relaxed))
        return;
    int j = (h->index - 1) % SKIP_KINDS;
    for (int depth = 1; depth <= max_depth && !s->stopped; depth++) {
        if (((depth + game_ply + SKIP_PHASE[j]) / SKIP_SIZE[j]) % 2)
            continue;
        s->root_depth = depth;
        if (!search_root_iterate(s, &root_ds, depth))
            break;
        thread_mutex_lock(&h->pool->lock);
        h->depth = depth;
        h->line = s->line[0];
        thread_mutex_unlock(&h->pool->lock);
    }
}

static void helper_main(void *arg)
{
    Helper *h = arg;
    SearchPool *p = h->pool;
    uint64_t seen = 0;
    thread_mutex_lock(&p->lock);
    for (;;) {
        while (!p->quit && p->search_id == seen)
            thread_cond_wait(&p->wake, &p->lock);
        if (p->quit)
            break;
        seen = p->search_id;
        const Game *game = p->game;
        int max_depth = p->max_depth;
        thread_mutex_unlock(&p->lock);
        helper_search(h, game, max_depth);
        atomic_store_explicit(&h->searcher->nodes_shown, h->searcher->nodes, memory_order_relaxed);
        thread_mutex_lock(&p->lock);
        if (--p->busy == 0)
            thread_cond_signal(&p->idle);
    }
    thread_mutex_unlock(&p->lock);
}

/* A helper's searcher: its own tables and stacks, the main searcher's transposition table (its
 * parameters are copied at every start). */
static Search *helper_searcher(Search *main, SearchPool *p)
{
    Search *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->tt = main->tt;
    s->lines = 1;
    s->halt = &p->halt;
    s->deadline = &main->helper_deadline;
    return s;
}

void search_pool_wait(Search *s)
{
    SearchPool *p = s->pool;
    if (!p)
        return;
    thread_mutex_lock(&p->lock);
    while (p->busy > 0)
        thread_cond_wait(&p->idle, &p->lock);
    thread_mutex_unlock(&p->lock);
}

void search_pool_free(Search *s)
{
    SearchPool *p = s->pool;
    if (!p)
        return;
    search_pool_wait(s);
    s->helpers = NULL;
    s->helper_count = 0;
    thread_mutex_lock(&p->lock);
    p->quit = true;
    thread_cond_broadcast(&p->wake);
    thread_mutex_unlock(&p->lock);
    for (int i = 0; i < p->count; i++) {
        thread_join(&p->helper[i].thread);
        free(p->helper[i].searcher);
    }
    thread_cond_destroy(&p->wake);
    thread_cond_destroy(&p->idle);
    thread_mutex_destroy(&p->lock);
    free(p);
    s->pool = NULL;
}

bool search_pool_resize(Search *s, int threads)
{
    int want = threads < 1 ? 0 : threads > SEARCH_MAX_THREADS ? SEARCH_MAX_THREADS - 1 : threads - 1;
    if ((s->pool ? s->pool->count : 0) == want)
        return true;
    search_pool_free(s);
    if (want == 0)
        return true;
    SearchPool *p = calloc(1, sizeof *p);
    if (!p)
        return false;
    if (!thread_mutex_init(&p->lock)) {
        free(p);
        return false;
    }
    if (!thread_cond_init(&p->wake) || !thread_cond_init(&p->idle)) {
        thread_mutex_destroy(&p->lock);
        free(p);
        return false;
    }
    atomic_init(&p->halt, false);
    s->pool = p;
    for (int i = 0; i < want; i++) {
        Helper *h = &p->helper[i];
        h->index = i + 1;
        h->pool = p;
        h->searcher = p->searcher[i] = helper_searcher(s, p);
        if (!h->searcher || !thread_start(&h->thread, helper_main, h, HELPER_STACK_BYTES)) {
            free(h->searcher);
            search_pool_free(s);
            return false;
        }
        p->count++;
    }
    s->helpers = p->searcher;
    s->helper_count = p->count;
    return true;
}

void search_pool_start(Search *s, const Game *game, int max_depth)
{
    SearchPool *p = s->pool;
    if (!p)
        return;
    search_pool_wait(s);
    for (int i = 0; i < p->count; i++) {
        Search *h = p->helper[i].searcher;
        h->params = s->params;
        h->excluded_count = s->excluded_count;
        memcpy(h->excluded, s->excluded, (size_t)s->excluded_count * sizeof(Move));
        atomic_store_explicit(&h->nodes_shown, 0, memory_order_relaxed);
    }
    thread_mutex_lock(&p->lock);
    atomic_store_explicit(&p->halt, false, memory_order_relaxed);
    search_limit_deadline(s, 0.0);
    p->game = game;
    p->max_depth = max_depth;
    for (int i = 0; i < p->count; i++)
        p->helper[i].depth = 0;
    p->busy = p->reading = p->count;
    p->search_id++;
    thread_cond_broadcast(&p->wake);
    thread_mutex_unlock(&p->lock);
}

void search_pool_halt(Search *s)
{
    SearchPool *p = s->pool;
    if (!p)
        return;
    atomic_store_explicit(&p->halt, true, memory_order_relaxed);
    thread_mutex_lock(&p->lock);
    while (p->reading > 0)
        thread_cond_wait(&p->idle, &p->lock);
    thread_mutex_unlock(&p->lock);
}

int search_pool_deepest(Search *s, RootLine *line)
{
    SearchPool *p = s->pool;
    int best = 0;
    if (!p)
        return 0;
    thread_mutex_lock(&p->lock);
    for (int i = 0; i < p->count; i++)
        if (p->helper[i].depth > best) {
            best = p->helper[i].depth;
            *line = p->helper[i].line;
        }
    thread_mutex_unlock(&p->lock);
    return best;
}

int search_pool_size(const Search *s) { return s->pool ? s->pool->count : 0; }

void search_pool_clear(Search *s)
{
    if (!s->pool)
        return;
    search_pool_wait(s);
    for (int i = 0; i < s->pool->count; i++) {
        Search *h = s->pool->helper[i].searcher;
        memset(h->history, 0, sizeof h->history);
        memset(h->killers, 0, sizeof h->killers);
    }
}
