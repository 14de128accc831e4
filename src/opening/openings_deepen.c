/* Deepening the start positions into fresh match openings (see openings_deepen.h). */
#include "opening/openings_deepen.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "opening/openings.h"
#include "rules/hash.h"
#include "rules/notation.h"
#include "search/search.h"
#include "util/jobs.h"

#define DEEPEN_TT_MIB 8
#define DEEPEN_ATTEMPTS 8      /* random lines tried before an opening is given up */
#define DEEPEN_CHECK_FACTOR 4  /* the balance search gets this many times the ranking search's nodes */

typedef struct {
    const OpeningsDeepenConfig *cfg;
    Position *starts;
    int start_count;
    Position *made;            /* opening i, valid when ok[i] */
    bool *ok;
    Search *search[JOBS_MAX_THREADS];
    Game *game[JOBS_MAX_THREADS];
} Deepener;

void openings_deepen_default(OpeningsDeepenConfig *cfg)
{
    *cfg = (OpeningsDeepenConfig){.variant = VARIANT_NORMAL, .count = 200, .plies = 4, .nodes = 20000,
                                  .margin = 20, .band_lo = 0, .band_hi = 30, .seed = 1, .threads = 1};
}

/* One move of the current position: the only one, or one drawn among the searched lines within
 * the margin of the best. MOVE_NONE when the game is over. */
static Move pick_move(Search *s, Game *game, const OpeningsDeepenConfig *cfg, uint64_t *rng)
{
    MoveList list;
    movegen_generate(game_position(game), &list);
    if (list.count == 0 || game_status(game) != GAME_ONGOING)
        return MOVE_NONE;
    if (list.count == 1)
        return list.moves[0];
    SearchLimits limits = {.nodes = (uint64_t)cfg->nodes};
    SearchResult res;
    search_set_lines(s, SEARCH_MAX_LINES);
    search_run(s, game, &limits, GO_ANALYZE, NULL, NULL, NULL, &res);
    int near = 0;
    while (near < res.line_count && res.line_score[near] >= res.line_score[0] - cfg->margin)
        near++;
    return near ? res.line_move[hash_splitmix(rng) % (uint64_t)near] : res.best;
}

/* The score of the current position by a deeper single-line search (side to move's view). */
static Score check_score(Search *s, Game *game, const OpeningsDeepenConfig *cfg)
{
    SearchLimits limits = {.nodes = (uint64_t)cfg->nodes * DEEPEN_CHECK_FACTOR};
    SearchResult res;
    search_set_lines(s, 1);
    search_run(s, game, &limits, GO_ANALYZE, NULL, NULL, NULL, &res);
    return res.best == MOVE_NONE ? SCORE_INF : res.score;
}

/* Job i: opening i from start position i % start_count, its randomness from (seed, i) alone. */
static bool deepen_job(void *ctx, int worker, int i)
{
    Deepener *d = ctx;
    const OpeningsDeepenConfig *cfg = d->cfg;
    Search *s = d->search[worker];
    Game *game = d->game[worker];
    uint64_t rng = (uint64_t)cfg->seed * 0x9E3779B97F4A7C15u ^ (uint64_t)i;
    hash_splitmix(&rng);
    for (int attempt = 0; attempt < DEEPEN_ATTEMPTS && !d->ok[i]; attempt++) {
        search_clear(s);
        game_reset(game, &d->starts[i % d->start_count]);
        int ply = 0;
        for (Move m; ply < cfg->plies && (m = pick_move(s, game, cfg, &rng)) != MOVE_NONE; ply++)
            game_play(game, m);
        if (ply < cfg->plies || game_status(game) != GAME_ONGOING)
            continue;
        Score score = check_score(s, game, cfg);
        Score edge = score < 0 ? -score : score;
        if (edge >= cfg->band_lo && edge <= cfg->band_hi) {
            d->made[i] = *game_position(game);
            d->ok[i] = true;
        }
    }
    return true;
}

typedef struct {
    Key key;
    int index;
} KeyIndex;

static int compare_key_index(const void *a, const void *b)
{
    const KeyIndex *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return (x->index > y->index) - (x->index < y->index);
}

/* Clears ok[] of every opening that repeats an earlier one; returns how many were cleared. */
static int drop_repeats(const Deepener *d, int count)
{
    KeyIndex *order = malloc((size_t)count * sizeof *order);
    int n = 0, dropped = 0;
    if (!order)
        return -1;
    for (int i = 0; i < count; i++)
        if (d->ok[i])
            order[n++] = (KeyIndex){d->made[i].key, i};
    qsort(order, (size_t)n, sizeof *order, compare_key_index);
    for (int j = 1; j < n; j++)
        if (order[j].key == order[j - 1].key) {
            d->ok[order[j].index] = false;
            dropped++;
        }
    free(order);
    return dropped;
}

/* Writes the kept openings after comment lines saying how they were made. */
static bool write_openings(const Deepener *d, int count, int kept)
{
    const OpeningsDeepenConfig *cfg = d->cfg;
    FILE *f = fopen(cfg->out, "w");
    if (!f) {
        fprintf(stderr, "engine openings: cannot write %s: %s\n", cfg->out, strerror(errno));
        return false;
    }
    fprintf(f, "# engine openings: %d of %d openings, %ld plies beyond %s, moves within %ld centi-men of the best"
            " (%ld nodes), kept when one side leads by %ld to %ld centi-men, seed %ld\n",
            kept, count, cfg->plies, cfg->from ? "the given positions" : "the ballots", cfg->margin, cfg->nodes,
            cfg->band_lo, cfg->band_hi, cfg->seed);
    for (int i = 0; i < count; i++)
        if (d->ok[i]) {
            char fen[FEN_TEXT_MAX];
            notation_format_fen(&d->made[i], fen);
            fprintf(f, "%s\n", fen);
        }
    bool ok = !ferror(f);
    ok = fclose(f) == 0 && ok;
    if (!ok)
        fprintf(stderr, "engine openings: cannot write %s\n", cfg->out);
    return ok;
}

bool openings_deepen_run(const OpeningsDeepenConfig *cfg)
{
    Deepener d = {.cfg = cfg};
    char err[256];
    d.start_count = openings_load(cfg->from, cfg->variant, &d.starts, err, sizeof err);
    if (d.start_count < 0) {
        fprintf(stderr, "engine openings: %s\n", err);
        return false;
    }
    int count = (int)cfg->count, threads = (int)cfg->threads;
    d.made = malloc((size_t)count * sizeof *d.made);
    d.ok = calloc((size_t)count, sizeof *d.ok);
    bool ok = d.made && d.ok;
    for (int t = 0; t < threads && ok; t++)
        ok = (d.search[t] = search_new(DEEPEN_TT_MIB)) != NULL && (d.game[t] = malloc(sizeof *d.game[t])) != NULL;
    ok = ok && jobs_run(threads, count, deepen_job, &d);
    int outside = 0, repeats = ok ? drop_repeats(&d, count) : 0, kept = 0;
    ok = ok && repeats >= 0;
    for (int i = 0; ok && i < count; i++)
        kept += d.ok[i];
    if (ok)
        outside = count - kept - repeats;
    if (!ok)
        fprintf(stderr, "engine openings: out of memory\n");
    ok = ok && write_openings(&d, count, kept);
    if (ok)
        fprintf(stderr, "engine openings: wrote %d openings to %s (%d without a line in the band, %d repeats)\n", kept,
                cfg->out, outside, repeats);
    for (int t = 0; t < threads; t++) {
        if (d.search[t])
            search_free(d.search[t]);
        free(d.game[t]);
    }
    free(d.made);
    free(d.ok);
    free(d.starts);
    return ok;
}
