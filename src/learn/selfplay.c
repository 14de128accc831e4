#include "learn/selfplay.h"

#include <stdlib.h>
#include <string.h>
#include "endgame/bitbase.h"
#include "learn/sample.h"
#include "util/clock.h"
#include "util/sys.h"
#include "util/thread.h"
#include "rules/notation.h"
#include "opening/openings.h"
#include "search/search.h"

#define SELFPLAY_TT_MIB 16

void selfplay_default_config(SelfplayConfig *cfg)
{
    *cfg = (SelfplayConfig){
        .games = 100, .nodes = 3000, .depth = 0, .seed = 1, .random_plies = 8, .margin = 30, .max_plies = 400,
        .shard = SHARD_WHOLE,
        .threads = 1,
    };
}

static int rng_below(uint64_t *state, int n) { return (int)(hash_splitmix(state) % (uint64_t)n); }

/* Per-move limits: the node budget given, or the configured depth when no budget is set. */
static void limits_of(const SelfplayConfig *cfg, uint64_t nodes, SearchLimits *limits)
{
    memset(limits, 0, sizeof *limits);
    if (cfg->nodes)
        limits->nodes = nodes;
    else
        limits->depth = cfg->depth > 0 ? cfg->depth : 1;
}

/* A random move among those whose shallow-search score is within cfg->margin of the best; *best_score
 * gets the best one (side to move's view). */
static Move random_near_best(Search *s, Game *game, const SelfplayConfig *cfg, uint64_t *rng, Score *best_score)
{
    MoveList list;
    movegen_generate(game_position(game), &list);
    Score scores[MAX_MOVES], best = -SCORE_INF;
    SearchLimits limits;
    limits_of(cfg, cfg->nodes / 4 + 1, &limits);
    if (!cfg->nodes && limits.depth > 1)
        limits.depth--;
    for (int i = 0; i < list.count; i++) {
        SearchResult res;
        game_play(game, list.moves[i]);
        int outcome = game_status_outcome(game_status(game));
        if (outcome) {
            scores[i] = -outcome * SCORE_WIN;
        } else {
            search_run(s, game, &limits, GO_ANALYZE, NULL, NULL, NULL, &res);
            scores[i] = -res.score;
        }
        game_undo(game, 1);
        if (scores[i] > best)
            best = scores[i];
    }
    int near[MAX_MOVES], n = 0;
    for (int i = 0; i < list.count; i++)
        if (scores[i] >= best - cfg->margin)
            near[n++] = i;
    *best_score = best;
    return list.moves[near[rng_below(rng, n)]];
}

static bool is_quiet(const Position *pos) { return !movegen_has_capture(pos) && !movegen_opponent_has_capture(pos); }

/* Plays one game from opening; returns White's score and collects the quiet positions with the
 * scores of the searches made there (as stored). */
static double play_game(Search *s, Game *game, const SelfplayConfig *cfg, const Position *opening, uint64_t *rng,
                        Position *quiet, int *quiet_score, int *quiet_count)
{
    SearchLimits limits;
    limits_of(cfg, cfg->nodes, &limits);
    search_clear(s);
    game_reset(game, opening);
    *quiet_count = 0;
    for (;;) {
        const Position *pos = game_position(game);
        GameStatus status = game_status(game);
        int outcome = game_status_outcome(status);
        if (outcome)
            return (pos->turn == WHITE) == (outcome > 0) ? 1.0 : 0.0;
        if (status != GAME_ONGOING || game->ply >= cfg->max_plies || game->ply + 1 >= GAME_MAX_PLIES)
            return 0.5;
        bool quiet_here = is_quiet(pos);
        if (quiet_here)
            quiet[*quiet_count] = *pos;   /* pos is the game's slot: the searches below move through it */
        Move m;
        Score score;
        if (game->ply < cfg->random_plies) {
            m = random_near_best(s, game, cfg, rng, &score);
        } else {
            SearchResult res;
            search_run(s, game, &limits, GO_THINK, NULL, NULL, NULL, &res);
            m = res.best, score = res.score;
        }
        if (quiet_here) {
            quiet_score[*quiet_count] = sample_stored_score(&quiet[*quiet_count], score);
            (*quiet_count)++;
        }
        game_play(game, m);
    }
}

/* One worker's share of a run: games [first, last), written to its own scratch file. */
typedef struct {
    const SelfplayConfig *cfg;
    const Position *openings;
    int opening_count, first, last;
    int shard_games;        /* games of the whole run (its shard), for the progress line */
    FILE *out, *log;
    SelfplayStats stats;
    SelfplayStats *total;   /* shared progress, under lock */
    ThreadMutex *lock;
    double start;
    bool ok;
} SelfplayWorker;

/* Plays the worker's games; game g's randomness comes from (seed, g) alone, so the output does not
 * depend on how the games are split between workers. */
static void selfplay_worker(void *arg)
{
    SelfplayWorker *wk = arg;
    const SelfplayConfig *cfg = wk->cfg;
    Search *s = search_new(SELFPLAY_TT_MIB);
    if (s)
        search_params(s)->net = cfg->net;
    Game *game = malloc(sizeof *game);
    Position *quiet = malloc(GAME_MAX_PLIES * sizeof *quiet);
    int *quiet_score = malloc(GAME_MAX_PLIES * sizeof *quiet_score);
    wk->ok = s && game && quiet && quiet_score;
    for (int g = wk->first; wk->ok && g < wk->last; g++) {
        uint64_t rng = cfg->seed ^ (0xD1B54A32D192ED03ULL * (uint64_t)(g + 1));
        hash_splitmix(&rng);
        int count;
        const Position *opening = &wk->openings[rng_below(&rng, wk->opening_count)];
        double result = play_game(s, game, cfg, opening, &rng, quiet, quiet_score, &count);
        for (int i = 0; i < count; i++) {
            if (cfg->binary) {
                uint8_t rec[SAMPLE_RECORD_SIZE];
                sample_pack(&quiet[i], result, quiet_score[i], rec);
                fwrite(rec, 1, sizeof rec, wk->out);
            } else {
                char line[SAMPLE_LINE_MAX];
                sample_format_line(&quiet[i], result, quiet_score[i], line, sizeof line);
                fputs(line, wk->out);
            }
        }
        int white = result > 0.75, black = result < 0.25;
        wk->stats.games++;
        wk->stats.positions += count;
        wk->stats.white_wins += white, wk->stats.black_wins += black, wk->stats.draws += !white && !black;
        thread_mutex_lock(wk->lock);
        SelfplayStats *t = wk->total;
        t->games++;
        t->positions += count;
        t->white_wins += white, t->black_wins += black, t->draws += !white && !black;
        if (wk->log && (t->games % 100 == 0 || t->games == wk->shard_games)) {
            fprintf(wk->log, "selfplay games=%d/%d white=%d draws=%d black=%d positions=%ld time=%.1f\n", t->games,
                    wk->shard_games, t->white_wins, t->draws, t->black_wins, t->positions, clock_now() - wk->start);
            fflush(wk->log);
        }
        thread_mutex_unlock(wk->lock);
    }
    wk->ok = wk->ok && !ferror(wk->out);
    if (s)
        search_free(s);
    free(game);
    free(quiet);
    free(quiet_score);
}

/* Appends the whole of scratch file from to out; false on a read or write error. */
static bool append_file(FILE *from, FILE *out)
{
    char buf[1 << 16];
    size_t n;
    rewind(from);
    while ((n = fread(buf, 1, sizeof buf, from)) > 0)
        if (fwrite(buf, 1, n, out) != n)
            return false;
    return !ferror(from);
}

bool selfplay_run(const SelfplayConfig *cfg, const Position *openings, int opening_count, FILE *out,
                  FILE *log, SelfplayStats *stats)
{
    memset(stats, 0, sizeof *stats);
    eval_init();   /* the tables are filled once, before the threads read them */
    bitbase_init();
    int threads = cfg->threads < 1 ? 1 : cfg->threads > SELFPLAY_MAX_THREADS ? SELFPLAY_MAX_THREADS : cfg->threads;
    SelfplayWorker wk[SELFPLAY_MAX_THREADS];
    Thread tid[SELFPLAY_MAX_THREADS];
    bool started[SELFPLAY_MAX_THREADS] = {false};
    ThreadMutex lock;
    if (!thread_mutex_init(&lock))
        return false;
    double start = clock_now();
    bool ok = true;
    int64_t first, last;
    shard_range(&cfg->shard, cfg->games, &first, &last);
    int games = (int)(last - first);
    for (int t = 0; t < threads; t++) {
        wk[t] = (SelfplayWorker){.cfg = cfg, .openings = openings, .opening_count = opening_count,
                                 .first = (int)first + (int)((long long)games * t / threads),
                                 .last = (int)first + (int)((long long)games * (t + 1) / threads),
                                 .shard_games = games,
                                 .out = threads == 1 ? out : sys_tmpfile(), .log = log, .total = stats, .lock = &lock,
                                 .start = start};
        ok = ok && wk[t].out;
    }
    for (int t = 0; ok && t < threads; t++)
        started[t] = thread_start(&tid[t], selfplay_worker, &wk[t], 0);
    for (int t = 0; ok && t < threads; t++) {
        if (started[t])
            thread_join(&tid[t]);
        else
            selfplay_worker(&wk[t]);   /* no thread to be had: play its share here */
        ok = ok && wk[t].ok;
    }
    for (int t = 0; t < threads && threads > 1; t++)
        if (wk[t].out) {
            ok = ok && append_file(wk[t].out, out);
            fclose(wk[t].out);
        }
    thread_mutex_destroy(&lock);
    fflush(out);
    return ok && !ferror(out);
}
