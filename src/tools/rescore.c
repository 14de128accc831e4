#include "tools/rescore.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "endgame/bitbase.h"
#include "rules/game.h"
#include "search/search.h"
#include "tools/rules_cli.h"
#include "tools/selfplay.h"
#include "tools/tune_data.h"
#include "util/clock.h"
#include "util/jobs.h"
#include "util/opts.h"

#define RESCORE_TT_MIB 2
#define RESCORE_CHUNK 65536   /* records read, searched and written together */
#define RESCORE_JOB 64        /* records a job */

/* The shared state of one chunk: its records, rescored in place by the jobs. */
typedef struct {
    const RescoreConfig *cfg;
    Search *searcher[RESCORE_MAX_THREADS];
    Game *game[RESCORE_MAX_THREADS];
    uint8_t *rec;
    bool *valid;   /* per record: it held a position of the variant */
    size_t n;
} Chunk;

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
        uint8_t *rec = c->rec + r * SELFPLAY_RECORD_SIZE;
        Position pos;
        double result;
        int score;
        c->valid[r] = selfplay_unpack_record(rec, &pos, &result, &score) &&
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
        selfplay_pack_record(&pos, result, selfplay_stored_score(&pos, res.score), rec);
    }
    return true;
}

/* Writes the chunk's valid records to out in their order; false on a write error. */
static bool write_chunk(const Chunk *c, FILE *out, RescoreStats *stats)
{
    for (size_t r = 0; r < c->n; r++) {
        const uint8_t *rec = c->rec + r * SELFPLAY_RECORD_SIZE;
        if (!c->valid[r]) {
            stats->skipped++;
            continue;
        }
        if (c->cfg->binary) {
            fwrite(rec, 1, SELFPLAY_RECORD_SIZE, out);
        } else {
            Position pos;
            double result;
            int score;
            char line[SELFPLAY_LINE_MAX];
            selfplay_unpack_record(rec, &pos, &result, &score);
            selfplay_format_line(&pos, result, score, line, sizeof line);
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
    Chunk c = {.cfg = cfg, .rec = malloc(RESCORE_CHUNK * SELFPLAY_RECORD_SIZE),
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
    if (cfg->binary)
        fputs(SELFPLAY_BIN_MAGIC, out);
    TuneStream s;
    tune_stream_start(&s, &set, order, TUNE_DATA_ALL, (TuneCursor){0, 0});
    double start = clock_now();
    long got;
    while (ok && (got = tune_stream_read(&s, c.rec, NULL, RESCORE_CHUNK, why, why_size)) > 0) {
        c.n = (size_t)got;
        jobs_run(threads, (int)((c.n + RESCORE_JOB - 1) / RESCORE_JOB), rescore_job, &c);
        ok = write_chunk(&c, out, stats);
        if (!ok)
            snprintf(why, why_size, "cannot write the output");
        if (log) {
            double t = clock_now() - start;
            fprintf(log, "rescore positions=%llu/%llu speed=%.0f/s time=%.0f\n", (unsigned long long)stats->positions,
                    (unsigned long long)set.used, (double)stats->positions / (t + 1e-9), t);
            fflush(log);
        }
    }
    ok = ok && got == 0;
    stats->skipped += s.bad_lines;
    tune_stream_close(&s);
    chunk_free(&c);
    return ok;
}

#define RESCORE_USAGE                                                                                                \
    "usage: engine rescore --out FILE [--nodes N | --depth D] [--threads N] [--variant V] DATA...\n"                 \
    "  searches every position of the self-play data files (text or .bin) again and writes it with its\n"          \
    "  game result and the new search score, for tune --lambda\n"                                                     \
    "  --out FILE     the positions, as text lines, or as records when FILE ends in .bin\n"                          \
    "  --nodes N      nodes a position, 1-1000000000 (default 20000); --depth D: plies instead, 1-60\n"              \
    "  --threads N    positions searched at once, 1-64 (default: the cores; the output does not depend on it)\n"   \
    "  --variant V    the rules: normal killer bt frisian losing (default normal)\n"

/* The options of `engine rescore` into cfg, *out_path and the data file names; false after saying
 * why they are refused. */
static bool parse_options(int argc, char **argv, RescoreConfig *cfg, const char **out_path, const char **files,
                          int *file_count)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    long nodes = 20000, depth = 0;
    long threads = cores < 1 ? 1 : cores > RESCORE_MAX_THREADS ? RESCORE_MAX_THREADS : cores;
    int nodes_at = 0, depth_at = 0;   /* of --nodes and --depth, the later one counts */
    const OptSpec specs[] = {
        OPTS_TEXT("--out", out_path),
        OPTS_CALL("--variant", &cfg->variant, rules_cli_variant),
        {.name = "--nodes", .kind = OPT_INT, .out = &nodes, .lo = 1, .hi = 1000000000, .at = &nodes_at},
        {.name = "--depth", .kind = OPT_INT, .out = &depth, .lo = 1, .hi = 60, .at = &depth_at},
        OPTS_INT("--threads", &threads, 1, RESCORE_MAX_THREADS),
        OPTS_END,
    };
    if (!opts_parse("rescore", specs, argc, argv, 2, files, 0, TUNE_DATA_FILES_MAX))
        return false;
    if (!*out_path) {
        opts_refuse("rescore", "--out FILE is required");
        return false;
    }
    *file_count = 0;
    while (*file_count < TUNE_DATA_FILES_MAX && files[*file_count])
        (*file_count)++;
    if (*file_count == 0) {
        opts_refuse("rescore", "no data (give one or more files written by `engine selfplay`)");
        return false;
    }
    cfg->threads = (int)threads;
    cfg->nodes = depth_at > nodes_at ? 0 : (uint64_t)nodes;
    cfg->depth = depth_at > nodes_at ? (int)depth : 0;
    return true;
}

int rescore_main(int argc, char **argv)
{
    RescoreConfig cfg = {.variant = VARIANT_NORMAL};
    const char *out_path = NULL, *files[TUNE_DATA_FILES_MAX + 1];
    int file_count;
    memset(files, 0, sizeof files);
    if (opts_help(argc, argv, 2, RESCORE_USAGE))
        return 0;
    if (!parse_options(argc, argv, &cfg, &out_path, files, &file_count))
        return OPTS_REFUSED;
    for (int i = 0; i < file_count; i++)
        if (strcmp(files[i], out_path) == 0) {
            opts_refuse("rescore", "--out FILE is one of the data files");
            return OPTS_REFUSED;
        }
    size_t len = strlen(out_path);
    cfg.binary = len > 4 && strcmp(out_path + len - 4, ".bin") == 0;
    FILE *out = fopen(out_path, cfg.binary ? "wb" : "w");
    if (!out) {
        fprintf(stderr, "engine rescore: cannot write \"%s\"\n", out_path);
        return 1;
    }
    RescoreStats stats;
    char why[256];
    bool ok = rescore_run(files, file_count, &cfg, out, stderr, &stats, why, sizeof why);
    if (fclose(out) != 0 && ok) {
        ok = false;
        snprintf(why, sizeof why, "cannot write \"%s\"", out_path);
    }
    if (!ok) {
        fprintf(stderr, "engine rescore: %s\n", why);
        remove(out_path);   /* no partial output that looks like data */
        return 1;
    }
    printf("rescore wrote %llu positions to %s (%llu skipped)\n", (unsigned long long)stats.positions, out_path,
           (unsigned long long)stats.skipped);
    return 0;
}
