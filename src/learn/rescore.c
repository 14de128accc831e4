#include "learn/rescore.h"

#include <stdlib.h>
#include <string.h>
#include "endgame/bitbase.h"
#include "rules/game.h"
#include "search/search.h"
#include "learn/sample.h"
#include "learn/tune_data.h"
#include "util/clock.h"
#include "util/jobs.h"

#define RESCORE_TT_MIB 2
#define RESCORE_CHUNK 65536   /* records read, searched and written together */
#define RESCORE_JOB 64        /* records a job */

/* The shared state of one chunk: its records, rescored in place by the jobs. */
typedef struct {
    const RescoreConfig *cfg;
    Search *searcher[RESCORE_MAX_THREADS];
    Game *game[RESCORE_MAX_THREADS];
    uint8_t *rec;
    bool *valid;   /* per record: it is picked and holds a position of the variant */
    size_t n;
    uint64_t base;   /* the data index of the chunk's first record */
} Chunk;

/* Whether the record at data index i is one cfg rescores (cfg->every thins correlated neighbours:
 * the positions of one game are much alike, so a search budget buys more from more games). */
static bool rescore_picked(const RescoreConfig *cfg, uint64_t i)
{
    return cfg->every <= 1 || i % (uint64_t)cfg->every == (uint64_t)cfg->offset;
}

/* How many data indices below n rescore_picked takes. */
static uint64_t picked_below(const RescoreConfig *cfg, uint64_t n)
{
    uint64_t every = cfg->every > 1 ? (uint64_t)cfg->every : 1, offset = every > 1 ? (uint64_t)cfg->offset : 0;
    return n > offset ? (n - offset + every - 1) / every : 0;
}

/* Where data index i lies: its file (in the given order, which rescore keeps) and record there. */
static TuneCursor cursor_of(const TuneDataSet *set, uint64_t i)
{
    TuneCursor at = {0, i};
    while ((int)at.pos < set->count && at.record >= set->file[at.pos].used)
        at.record -= set->file[at.pos++].used;
    return at;
}

/* Rescores records [i * RESCORE_JOB, ...) of the chunk with the worker's own searcher. */
static bool rescore_job(void *ctx, int worker, int i)
{
    Chunk *c = ctx;
    SearchLimits limits;
    memset(&limits, 0, sizeof limits);
    if (c->cfg->nodes)
        limits.nodes = c->cfg->nodes;
    else
        limits.depth = c->cfg->depth > 0 ? c->cfg->depth : 1;
    size_t end = (size_t)(i + 1) * RESCORE_JOB < c->n ? (size_t)(i + 1) * RESCORE_JOB : c->n;
    for (size_t r = (size_t)i * RESCORE_JOB; r < end; r++) {
        uint8_t *rec = c->rec + r * SAMPLE_RECORD_SIZE;
        Position pos;
        double result;
        int score;
        c->valid[r] = rescore_picked(c->cfg, c->base + r) && sample_unpack(rec, &pos, &result, &score) &&
                      !position_set_variant(&pos, c->cfg->variant);
        if (!c->valid[r])
            continue;
        Game *game = c->game[worker];
        game_reset(game, &pos);
        SearchResult res;
        if (game_status_outcome(game_status(game))) {
            res.score = game_status_outcome(game_status(game)) * SCORE_WIN;   /* no move: the rules' verdict */
        } else {
            search_clear(c->searcher[worker]);   /* each position alone: any split gives the same scores */
            search_run(c->searcher[worker], game, &limits, GO_ANALYZE, NULL, NULL, NULL, &res);
        }
        sample_pack(&pos, result, sample_stored_score(&pos, res.score), rec);
    }
    return true;
}

/* Writes the chunk's valid records to out in their order; false on a write error. */
static bool write_chunk(const Chunk *c, FILE *out, RescoreStats *stats)
{
    for (size_t r = 0; r < c->n; r++) {
        const uint8_t *rec = c->rec + r * SAMPLE_RECORD_SIZE;
        if (!c->valid[r]) {
            stats->skipped += rescore_picked(c->cfg, c->base + r);
            continue;
        }
        if (c->cfg->binary) {
            fwrite(rec, 1, SAMPLE_RECORD_SIZE, out);
        } else {
            Position pos;
            double result;
            int score;
            char line[SAMPLE_LINE_MAX];
            sample_unpack(rec, &pos, &result, &score);
            sample_format_line(&pos, result, score, line, sizeof line);
            fputs(line, out);
        }
        stats->positions++;
    }
    return !ferror(out);
}

static void chunk_free(Chunk *c)
{
    for (int t = 0; t < RESCORE_MAX_THREADS; t++) {
        if (c->searcher[t])
            search_free(c->searcher[t]);
        free(c->game[t]);
    }
    free(c->rec);
    free(c->valid);
}

bool rescore_run(const char *const *files, int file_count, const RescoreConfig *cfg, FILE *out, FILE *log,
                 RescoreStats *stats, char *why, size_t why_size)
{
    memset(stats, 0, sizeof *stats);
    static TuneDataSet set;   /* large: not on the stack */
    if (!tune_data_open(&set, files, file_count, 0, 0, why, why_size))
        return false;
    eval_init();   /* the tables are filled once, before the threads read them */
    bitbase_init();
    int threads = cfg->threads < 1 ? 1 : cfg->threads > RESCORE_MAX_THREADS ? RESCORE_MAX_THREADS : cfg->threads;
    Chunk c = {.cfg = cfg, .rec = malloc(RESCORE_CHUNK * SAMPLE_RECORD_SIZE),
               .valid = malloc(RESCORE_CHUNK * sizeof(bool))};
    bool ok = c.rec && c.valid;
    for (int t = 0; ok && t < threads; t++)
        ok = (c.searcher[t] = search_new(RESCORE_TT_MIB)) && (c.game[t] = malloc(sizeof(Game)));
    if (!ok) {
        snprintf(why, why_size, "out of memory");
        chunk_free(&c);
        return false;
    }
    uint32_t order[TUNE_DATA_FILES_MAX];
    for (int i = 0; i < set.count; i++)
        order[i] = (uint32_t)i;
    if (cfg->binary && cfg->shard.index == 0)
        fputs(SAMPLE_BIN_MAGIC, out);
    int64_t first, last;
    shard_range(&cfg->shard, (int64_t)set.used, &first, &last);
    /* --every counts positions, not a text file's bad lines: the shard's first position is the
     * count of those before it, which only text files make differ from its data index */
    bool text = false;
    for (int i = 0; i < set.count; i++)
        text = text || !set.file[i].binary;
    TuneStream s;
    tune_stream_start(&s, &set, order, TUNE_DATA_ALL, (TuneCursor){0, 0});
    s.end = (uint64_t)first;
    long got = 0;
    while (ok && text && (got = tune_stream_read(&s, c.rec, NULL, RESCORE_CHUNK, why, why_size)) > 0)
        c.base += (uint64_t)got;
    if (!text)
        c.base = (uint64_t)first;
    ok = ok && got == 0;
    tune_stream_close(&s);
    tune_stream_start(&s, &set, order, TUNE_DATA_ALL, cursor_of(&set, (uint64_t)first));
    s.end = (uint64_t)last;
    double start = clock_now();
    uint64_t total = picked_below(cfg, c.base + (uint64_t)(last - first)) - picked_below(cfg, c.base);
    while (ok && (got = tune_stream_read(&s, c.rec, NULL, RESCORE_CHUNK, why, why_size)) > 0) {
        c.n = (size_t)got;
        jobs_run(threads, (int)((c.n + RESCORE_JOB - 1) / RESCORE_JOB), rescore_job, &c);
        ok = write_chunk(&c, out, stats);
        c.base += c.n;
        if (!ok)
            snprintf(why, why_size, "cannot write the output");
        if (log) {
            double t = clock_now() - start;
            fprintf(log, "rescore positions=%llu/%llu speed=%.0f/s time=%.0f\n", (unsigned long long)stats->positions,
                    (unsigned long long)total, (double)stats->positions / (t + 1e-9), t);
            fflush(log);
        }
    }
    ok = ok && got == 0;
    stats->skipped += s.bad_lines;
    tune_stream_close(&s);
    chunk_free(&c);
    return ok;
}
