/* `engine annotate` over a file of games (see annotate.h). */
#include "annotate/annotate.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "annotate/annotate_record.h"
#include "annotate/annotate_summary.h"
#include "annotate/annotate_svg.h"
#include "pdn/pdn_read.h"
#include "pdn/pdn_write.h"
#include "util/clock.h"
#include "util/sys.h"

#define PATH_MAX_LEN 4096

void annotate_limit_text(const SearchLimits *limits, char *buf, size_t size)
{
    if (limits->move_time > 0)
        snprintf(buf, size, "move-time=%g", limits->move_time);
    else if (limits->depth > 0)
        snprintf(buf, size, "depth=%d", limits->depth);
    else
        snprintf(buf, size, "nodes=%llu", (unsigned long long)limits->nodes);
}

/* The state of a run shared with the progress line. */
typedef struct {
    FILE *err;
    bool tty;             /* err is a terminal: the progress line is shown */
    bool shown;           /* a progress line stands on err */
    int game, games;      /* the game being analysed (its rank among the chosen ones), their number */
    long done, total;     /* positions */
    long game_start;      /* positions done before this game */
    double start, last;   /* clock when the searches began, and at the last line */
} Run;

/* "12 min", "45 s", "1 h 20 min" into buf. */
static void format_duration(double seconds, char *buf, size_t size)
{
    if (seconds < 90)
        snprintf(buf, size, "%.0f s", seconds);
    else if (seconds < 5400)
        snprintf(buf, size, "%.0f min", seconds / 60);
    else
        snprintf(buf, size, "%ld h %02ld min", (long)seconds / 3600, (long)seconds % 3600 / 60);
}

/* Wipes the progress line so that a message or a table row starts on a clean line. */
static void progress_clear(Run *run)
{
    if (run->shown) {
        fprintf(run->err, "\r%-79s\r", "");
        run->shown = false;
    }
}

/* AnnotateProgress: the progress line, at most 4 times a second. */
static void progress(void *ctx, int positions)
{
    Run *run = ctx;
    run->done = run->game_start + positions;
    double now = clock_now();
    if (!run->tty || (now - run->last < 0.25 && run->done < run->total))
        return;
    run->last = now;
    double rate = run->done / (now - run->start + 1e-9);
    char left[32];
    format_duration((double)(run->total - run->done) / (rate > 0 ? rate : 1), left, sizeof left);
    fprintf(run->err, "\rannotate: game %d/%d, positions %ld/%ld, %.1f/s, about %s left ", run->game, run->games,
            run->done, run->total, rate, left);
    fflush(run->err);
    run->shown = true;
}

/* A reader of in for the run cfg; NULL when out of memory. */
static PdnReader *open_reader(FILE *in, const char *name, const AnnotateRunConfig *cfg)
{
    PdnReader *r = pdn_reader_new(in, name);
    if (r)
        pdn_reader_set_variant(r, cfg->variant);
    return r;
}

/* Counts the chosen games that read well and their positions (a first pass over in). */
static void count_work(FILE *in, const char *name, const AnnotateRunConfig *cfg, int *games, long *positions)
{
    const GameList *chosen = &cfg->games;
    PdnReader *r = open_reader(in, name, cfg);
    PdnGame g;
    pdn_game_init(&g);
    *games = 0;
    *positions = 0;
    PdnReadStatus st;
    while (r && (st = pdn_reader_next(r, &g)) != PDN_READ_END)
        if (st == PDN_READ_OK && game_list_has(chosen, pdn_reader_games(r))) {
            (*games)++;
            *positions += annotate_game_positions(&g);
        }
    pdn_game_free(&g);
    pdn_reader_free(r);
}

/* The mean time of a search under limits over a sample of the positions of the chosen games of in,
 * spaced evenly over their total positions: the estimate's measure. A fiftieth of them, between
 * ANNOTATE_SAMPLES_MIN and ANNOTATE_SAMPLES_MAX (a few proven endings and forced moves end at
 * once: eight samples missed by 25%), so that sampling costs 2% at most. The start position alone
 * measured twice the real run on two threads. The first position is searched twice, the first
 * time untimed: a process's first search pays for its page faults (0.12 s against 0.06). After it
 * the sampling stops when the run would be too short for its estimate to be shown even at twice
 * that search's time. */
static double time_per_position(FILE *in, const char *name, const AnnotateRunConfig *cfg, long total, Search *s)
{
    const GameList *chosen = &cfg->games;
    const SearchLimits *limits = &cfg->game.limits;
    Game *game = malloc(sizeof *game);
    PdnReader *r = open_reader(in, name, cfg);
    PdnGame g;
    pdn_game_init(&g);
    double sum = 0, first = 0;
    long want = total / 50 < ANNOTATE_SAMPLES_MIN ? ANNOTATE_SAMPLES_MIN
                : total / 50 > ANNOTATE_SAMPLES_MAX ? ANNOTATE_SAMPLES_MAX : total / 50;
    int timed = 0;
    bool warm = false, enough = !game || !r;
    long seen = 0;
    PdnReadStatus st;
    while (!enough && (st = pdn_reader_next(r, &g)) != PDN_READ_END) {
        if (st != PDN_READ_OK || !game_list_has(chosen, pdn_reader_games(r)))
            continue;
        int n = annotate_game_positions(&g), played = 0;
        game_reset(game, &g.start);
        for (long target; !enough && (target = (long)((timed + 0.5) * (double)total / (double)want)) < seen + n;) {
            while (played < target - seen)
                game_play(game, g.moves[played++].move);
            search_clear(s);
            SearchResult res;
            double t0 = clock_now();
            search_run(s, game, limits, GO_ANALYZE, NULL, NULL, NULL, &res);
            double t = clock_now() - t0;
            if (!warm) {
                warm = true;
                first = t;
                enough = 2 * t * (double)total < ANNOTATE_ESTIMATE_MIN;
                continue;
            }
            sum += t;
            enough = ++timed == want;
        }
        seen += n;
    }
    pdn_game_free(&g);
    pdn_reader_free(r);
    free(game);
    return timed ? sum / timed : first;
}

/* Writes the chart of game number to DIR/game-NUMBER.svg; false after a message. */
static bool write_chart(const char *dir, int number, const PdnGame *g, const AnnotateAnalysis *a, FILE *err)
{
    char path[PATH_MAX_LEN];
    snprintf(path, sizeof path, "%s/game-%d.svg", dir, number);
    FILE *f = fopen(path, "w");
    bool ok = f && annotate_svg_write(f, g, a);
    if (f && fclose(f) != 0)
        ok = false;
    if (!ok)
        fprintf(err, "engine annotate: cannot write %s: %s\n", path, strerror(errno));
    return ok;
}

/* Analyses, annotates and writes one good game; false when memory or the output fails. */
static bool annotate_one(Search *s, PdnGame *g, int number, const AnnotateRunConfig *cfg, const char *limit, Run *run,
                         FILE *out, FILE *table, AnnotateSummary *all, AnnotateTotals *t)
{
    AnnotateAnalysis a;
    run->game_start = run->done;
    if (!annotate_game_analyse(s, g, &cfg->game, progress, run, &a)) {
        fprintf(run->err, "engine annotate: out of memory\n");
        return false;
    }
    AnnotateSummary sum;
    annotate_summary_count(g, &a, &sum);
    annotate_summary_add(all, &sum);
    bool ok = pdn_game_name_variant(g) && annotate_record(g, &a, &sum, limit);
    if (!ok)
        fprintf(run->err, "engine annotate: out of memory\n");
    ok = ok && pdn_write(out, g);
    fflush(out);
    if (cfg->svg_dir)
        ok = write_chart(cfg->svg_dir, number, g, &a, run->err) && ok;
    progress_clear(run);
    annotate_table_rows(table, number, NULL, g, &sum);
    fflush(table);
    t->annotated++;
    t->positions += a.count + 1;
    t->nodes += a.nodes;
    annotate_analysis_free(&a);
    return ok;
}

/* The end of the table: each side's totals, and the run in one line. */
static void table_totals(FILE *table, const AnnotateSummary *all, const AnnotateTotals *t, const char *limit)
{
    if (t->annotated > 1)
        annotate_table_rows(table, 0, "all", NULL, all);
    fprintf(table, "annotate: %d game%s read, %d annotated, %d skipped", t->games, t->games == 1 ? "" : "s",
            t->annotated, t->skipped);
    for (int i = 0; i < t->skipped && i < ANNOTATE_SKIPPED_LISTED; i++)
        fprintf(table, "%s%d", i ? ", " : " (broken: games ", t->skipped_games[i]);
    if (t->skipped)
        fputs(t->skipped > ANNOTATE_SKIPPED_LISTED ? ", ...)" : ")", table);
    fprintf(table, ", %ld positions at %s in %.1f s (%.1f positions/s, %.2f Mnodes/s)\n", t->positions, limit,
            t->time, t->positions / (t->time + 1e-9), t->nodes / (t->time + 1e-9) / 1e6);
}

bool annotate_run(FILE *in, const char *name, const AnnotateRunConfig *cfg, FILE *out, FILE *table, FILE *err,
                  AnnotateTotals *totals)
{
    AnnotateTotals *t = totals;
    memset(t, 0, sizeof *t);
    if (cfg->svg_dir && !sys_make_dir(cfg->svg_dir)) {
        fprintf(err, "engine annotate: cannot make the folder %s: %s\n", cfg->svg_dir, strerror(errno));
        return false;
    }
    char limit[64];
    annotate_limit_text(&cfg->game.limits, limit, sizeof limit);
    Run run = {.err = err, .tty = sys_is_terminal(err), .start = clock_now()};
    count_work(in, name, cfg, &run.games, &run.total);
    rewind(in);
    Search *s = search_new(ANNOTATE_TT_MIB);
    if (!s || (cfg->threads > 1 && !search_set_threads(s, cfg->threads))) {
        fprintf(err, "engine annotate: out of memory\n");
        search_free(s);
        return false;
    }
    double one = cfg->game.limits.move_time > 0
                     ? cfg->game.limits.move_time
                     : time_per_position(in, name, cfg, run.total, s);
    rewind(in);
    PdnReader *r = open_reader(in, name, cfg);
    if (!r) {
        fprintf(err, "engine annotate: out of memory\n");
        search_free(s);
        return false;
    }
    if (one * run.total >= ANNOTATE_ESTIMATE_MIN) {
        char about[32];
        format_duration(one * run.total, about, sizeof about);
        fprintf(err, "annotate: %d game%s, %ld positions at %s on %d thread%s: about %s\n", run.games,
                run.games == 1 ? "" : "s", run.total, limit, search_threads(s), search_threads(s) == 1 ? "" : "s",
                about);
    }
    annotate_table_header(table);
    double begin = run.start;
    run.start = clock_now();
    AnnotateSummary all;
    memset(&all, 0, sizeof all);
    PdnGame g;
    pdn_game_init(&g);
    bool ok = true;
    PdnReadStatus st;
    while (ok && (st = pdn_reader_next(r, &g)) != PDN_READ_END) {
        int number = pdn_reader_games(r);
        t->games = number;
        if (!game_list_has(&cfg->games, number))
            continue;
        annotate_record_strip(&g);   /* a file annotated before gets its annotations anew */
        if (st == PDN_READ_BROKEN) {
            progress_clear(&run);
            fprintf(err, "%s; skipped\n", pdn_reader_error(r)->message);
            t->skipped++;
            if (t->skipped <= ANNOTATE_SKIPPED_LISTED)
                t->skipped_games[t->skipped - 1] = number;
            ok = annotate_record_skipped(&g, pdn_reader_error(r)) && pdn_write(out, &g);
            continue;
        }
        run.game++;
        ok = annotate_one(s, &g, number, cfg, limit, &run, out, table, &all, t);
    }
    progress_clear(&run);
    t->time = clock_now() - begin;
    table_totals(table, &all, t, limit);
    int asked = 0;   /* the highest game number --games names */
    for (int i = 0; i < cfg->games.count; i++)
        asked = cfg->games.hi[i] > asked ? cfg->games.hi[i] : asked;
    if (ok && asked > t->games)
        fprintf(err, "annotate: --games names games up to %d; the file holds %d\n", asked, t->games);
    if (ok && (fflush(out) != 0 || ferror(out))) {
        fprintf(err, "engine annotate: cannot write the output\n");
        ok = false;
    }
    pdn_game_free(&g);
    pdn_reader_free(r);
    search_free(s);
    return ok;
}
