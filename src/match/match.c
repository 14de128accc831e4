#include "match/match.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "opening/openings.h"
#include "match/engine_hub.h"
#include "match/match_report.h"
#include "match/match_resume.h"
#include "pdn/pdn_write.h"
#include "util/fdio.h"
#include "util/proc.h"
#include "util/sys.h"

enum { BLOB_TERMINATION, BLOB_LOG, BLOB_PDN, BLOB_TIMES, BLOB_COUNT };

/* What every worker needs to play any game of the match. */
typedef struct {
    const MatchOptions *opt;
    MatchSchedule schedule;
    char date[16];
} MatchPlan;

typedef struct {
    ProcId pid;
    int cmd_fd, res_fd;
    int game;                  /* game being played, -1 when idle */
} Worker;

/* Reads a short line byte by byte (so nothing after it is consumed); false at EOF. */
static bool read_header(int fd, char *buf, size_t size)
{
    size_t n = 0;
    for (;;) {
        char c;
        if (!fdio_read_all(fd, &c, 1))
            return false;
        if (c == '\n')
            break;
        if (n < size - 1)
            buf[n++] = c;
    }
    buf[n] = '\0';
    return true;
}

#define NAME_TEXT_MAX (ENGINE_NAME_MAX + 80)

/* The name an engine goes by: --nameK, else its Hub id, else its command. When the two would
 * read the same they are told apart by their time controls, or else by #1 / #2. */
static void engine_names(const MatchOptions *o, const EngineDriver eng[2], char names[2][NAME_TEXT_MAX])
{
    for (int k = 0; k < 2; k++) {
        const char *id = engine_driver_name(&eng[k]);
        const char *base = o->engine[k].name ? o->engine[k].name : id[0] ? id : o->engine[k].cmd;
        snprintf(names[k], NAME_TEXT_MAX, "%.*s", ENGINE_NAME_MAX, base);
    }
    if (strcmp(names[0], names[1]) != 0)
        return;
    char tc[2][64];
    for (int k = 0; k < 2; k++)
        engine_hub_level_command(&o->referee.tc[k], o->referee.tc[k].time, tc[k], sizeof tc[k]);
    bool by_tc = strcmp(tc[0], tc[1]) != 0;
    for (int k = 0; k < 2; k++) {
        size_t n = strlen(names[k]);
        if (by_tc)
            snprintf(names[k] + n, NAME_TEXT_MAX - n, " (%s)", tc[k] + strlen("level "));
        else
            snprintf(names[k] + n, NAME_TEXT_MAX - n, " #%d", k + 1);
    }
}

/* Plays game number g (0-based) from its opening; engine 1 has White in even games. */
static void worker_play(const MatchPlan *plan, EngineDriver eng[2], Game *game, int g, int res_fd)
{
    const MatchOptions *o = plan->opt;
    int white = g % 2;
    game_reset(game, match_schedule_opening(&plan->schedule, g));
    GameOutcome out;
    referee_play(eng, o->engine, game, white, &o->referee, &out);
    char names[2][NAME_TEXT_MAX];
    engine_names(o, eng, names);
    char *pdn = NULL;
    size_t pdn_len = 0;
    FILE *mem = sys_memstream(&pdn, &pdn_len);
    if (mem) {
        PdnHeader h = {o->event, "?", plan->date, names[white], names[!white], out.termination, g + 1};
        pdn_write_game(mem, &h, game, out.white_points, out.log);
        fclose(mem);
    }
    const char *blob[BLOB_COUNT] = {out.termination, out.log, pdn ? pdn : "", (const char *)out.times};
    size_t len[BLOB_COUNT] = {strlen(out.termination), strlen(out.log), pdn ? pdn_len : 0,
                              (size_t)out.move_count * sizeof out.times[0]};
    char header[128];
    int n = snprintf(header, sizeof header, "R %d %d %zu %zu %zu %zu\n", g, out.white_points, len[0], len[1], len[2],
                     len[3]);
    bool ok = fdio_write_all(res_fd, header, (size_t)n);
    for (int b = 0; ok && b < BLOB_COUNT; b++)
        ok = fdio_write_all(res_fd, blob[b], len[b]);
    free(pdn);
}

/* A worker process: plays the games the parent names ("G index") until told to quit. */
static void worker_main(void *ctx, int cmd_fd, int res_fd)
{
    const MatchPlan *plan = ctx;
    proc_ignore_interrupt();   /* the parent decides what a Ctrl-C means */
    proc_adopt_orphans();
    EngineDriver *eng = malloc(2 * sizeof *eng);
    if (eng) {
        engine_driver_init(&eng[0]);
        engine_driver_init(&eng[1]);
    }
    Game *game = malloc(sizeof *game);
    char line[64];
    while (game && eng && read_header(cmd_fd, line, sizeof line) && line[0] == 'G')
        worker_play(plan, eng, game, atoi(line + 2), res_fd);
    if (eng) {
        engine_driver_stop(&eng[0], 1.0);
        engine_driver_stop(&eng[1], 1.0);
    }
    free(eng);
    free(game);
}

/* Forks a worker with its command and result pipes (the child does not inherit the count workers'
 * before it); false (errno set) when the system refuses. */
static bool spawn_worker(const MatchPlan *plan, Worker *w, const Worker *all, int count)
{
    int inherited[2 * MATCH_MAX_CONCURRENCY], n = 0;
    for (int i = 0; i < count; i++)
        if (all[i].pid > 0) {
            inherited[n++] = all[i].cmd_fd;
            inherited[n++] = all[i].res_fd;
        }
    if (!proc_fork(worker_main, (void *)plan, inherited, n, &w->pid, &w->cmd_fd, &w->res_fd))
        return false;
    w->game = -1;
    return true;
}

/* Hands game g to an idle worker. */
static bool assign(Worker *w, int g)
{
    char line[32];
    int n = snprintf(line, sizeof line, "G %d\n", g);
    w->game = g;
    return fdio_write_all(w->cmd_fd, line, (size_t)n);
}

/* Tells a worker to quit (it stops its engines), closes its pipes and reaps it. */
static void retire(Worker *w)
{
    fdio_write_all(w->cmd_fd, "Q\n", 2);
    proc_close(w->cmd_fd);
    proc_close(w->res_fd);
    proc_wait(w->pid);
    w->pid = 0;
}

/* The first game of the match's shard and the one past its last: whole pairs of the openings. */
static void shard_games(const MatchOptions *o, int *first, int *last)
{
    int64_t begin, end;
    shard_range(&o->shard, (o->games + 1) / 2, &begin, &end);
    *first = (int)(2 * begin);
    *last = (int)(2 * end) < o->games ? (int)(2 * end) : o->games;
}

/* Updates the statistics with a finished game; a pair counts once both of its games are in. */
static void record_result(MatchResult *res, signed char *points1, int g, int white_points, const MatchOptions *o)
{
    int p1 = g % 2 == 0 ? white_points : 2 - white_points;
    points1[g] = (signed char)p1;
    stats_add_game(&res->tally, p1);
    int mate = g ^ 1;
    if (mate < o->games && points1[mate] >= 0)
        stats_add_pair(&res->tally, points1[g] + points1[mate]);
    res->games_played++;
    stats_report(&res->tally, &res->report);
    if (o->sprt_enabled)
        stats_sprt(&res->tally, &o->sprt, &res->sprt);
}

/* One line per finished game: its result and the running totals. */
static void print_progress(FILE *out, const MatchOptions *o, const MatchResult *res, int g, int white_points,
                           const char *termination)
{
    char elo[32], err[32];
    match_report_format_elo(res->report.elo, elo, sizeof elo);
    match_report_format_error(res->report.elo_error, err, sizeof err);
    int first, last;
    shard_games(o, &first, &last);
    fprintf(out, "game %d/%d (#%d, engine1 %s): %s %s | W-D-L %lld-%lld-%lld score %.1f%% Elo %s +- %s",
            res->games_played, last - first, g + 1, g % 2 == 0 ? "White" : "Black", pdn_result_text(white_points),
            termination, (long long)res->tally.wins, (long long)res->tally.draws, (long long)res->tally.losses,
            100.0 * res->report.score, res->report.pairs ? elo : "n/a", err);
    if (o->sprt_enabled)
        fprintf(out, " LLR %.2f", res->sprt.llr);
    fputc('\n', out);
    fflush(out);
}

/* The final block: the engines, the statistics (match_report.h) and the think times. */
static void print_final(FILE *out, const MatchOptions *o, MatchResult *res)
{
    char tc[2][64];
    for (int k = 0; k < 2; k++)
        engine_hub_level_command(&o->referee.tc[k], o->referee.tc[k].time, tc[k], sizeof tc[k]);
    fprintf(out, "\nMatch result: engine1 \"%s\" (%s) vs engine2 \"%s\" (%s)%s\n", o->engine[0].cmd,
            tc[0] + strlen("level "), o->engine[1].cmd, tc[1] + strlen("level "),
            res->interrupted ? ", interrupted" : "");
    match_report_print(out, &res->tally, o->sprt_enabled ? &o->sprt : NULL, res->sprt_stop_game);
    bool part = o->resume_path != NULL;   /* the times of earlier parts are not in their PDN */
    think_stats_print(out, part ? "engine1 (this part)" : "engine1", &res->think[0]);
    think_stats_print(out, part ? "engine2 (this part)" : "engine2", &res->think[1]);
    fflush(out);
}

/* Reads a worker's result record and accounts for it; false when the worker is gone. */
static bool collect(Worker *w, const MatchOptions *o, MatchResult *res, signed char *points1, FILE *pdn, FILE *out,
                    FILE *log)
{
    char header[128];
    int g, white_points;
    size_t len[BLOB_COUNT];
    if (!read_header(w->res_fd, header, sizeof header) ||
        sscanf(header, "R %d %d %zu %zu %zu %zu", &g, &white_points, &len[0], &len[1], &len[2], &len[3]) != 6 ||
        g != w->game || len[BLOB_TIMES] % sizeof(MoveTime) != 0)
        return false;
    char *blob[BLOB_COUNT];
    bool ok = true;
    for (int b = 0; b < BLOB_COUNT; b++) {
        blob[b] = malloc(len[b] + 1);
        ok = ok && blob[b] && fdio_read_all(w->res_fd, blob[b], len[b]);
        if (blob[b])
            blob[b][ok ? len[b] : 0] = '\0';
    }
    if (ok) {
        w->game = -1;
        record_result(res, points1, g, white_points, o);
        if (pdn) {
            fputs(blob[BLOB_PDN], pdn);
            fflush(pdn);
        }
        if (blob[BLOB_LOG][0])
            fprintf(log, "match: game %d: %s\n", g + 1, blob[BLOB_LOG]);
        const MoveTime *times = (const MoveTime *)(void *)blob[BLOB_TIMES];
        for (size_t i = 0; i < len[BLOB_TIMES] / sizeof(MoveTime); i++) {
            int k = times[i].engine & 1;
            const TimeControl *tc = &o->referee.tc[k];
            bool dxp = o->engine[k].protocol == ENGINE_DXP || o->engine[k].protocol == ENGINE_DXP_LISTEN;
            think_stats_add(&res->think[k], times[i].elapsed, tc->kind == TC_MOVE_TIME && !dxp ? tc->move_time : 0,
                            times[i].clock_left, g + 1, (int)i + 1);   /* a DXP engine plays on a clock */
        }
        print_progress(out, o, res, g, white_points, blob[BLOB_TERMINATION]);
    }
    for (int b = 0; b < BLOB_COUNT; b++)
        free(blob[b]);
    return ok;
}

/* The first game from g on that has no result yet (points1[g] is -1; -2 marks the games of other
 * shards), or games. */
static int unplayed(const signed char *points1, int g, int games)
{
    while (g < games && points1[g] != -1)
        g++;
    return g;
}

/* Runs the scheduling loop: hands out the games without a result in points1 (engine 1's points
 * by game, -1 for none) to workers and collects results until all games are played or the SPRT
 * decides. False when a worker failed. */
static bool run_workers(const MatchPlan *plan, Worker *workers, int k, MatchResult *res, signed char *points1,
                        FILE *pdn, FILE *out, FILE *log)
{
    const MatchOptions *o = plan->opt;
    bool ok = true;
    int next = unplayed(points1, 0, o->games), busy = 0;
    bool decided = o->sprt_enabled && res->sprt.decision != SPRT_CONTINUE;
    for (int i = 0; i < k; i++)
        workers[i].game = -1;   /* fewer games than workers left: some are never started */
    for (int i = 0; i < k && next < o->games && !decided; i++) {
        if (!spawn_worker(plan, &workers[i], workers, i)) {
            fprintf(log, "match: cannot start a worker process: %s\n", strerror(errno));
            ok = false;
        } else if (assign(&workers[i], next)) {
            next = unplayed(points1, next + 1, o->games), busy++;
        }
    }
    while (busy > 0) {
        int fds[MATCH_MAX_CONCURRENCY];
        bool ready[MATCH_MAX_CONCURRENCY];
        for (int i = 0; i < k; i++)
            fds[i] = workers[i].game >= 0 ? workers[i].res_fd : -1;
        int r = proc_wait_readable(fds, k, ready, -1);
        if (r < 0) {
            if (r == -1 && proc_interrupted() && !res->interrupted) {
                res->interrupted = true;
                fprintf(log, "match: interrupted, finishing the %d running game(s); Ctrl-C again to quit now\n", busy);
            }
            if (r == -1)
                continue;
            ok = false;
            break;
        }
        for (int i = 0; i < k; i++) {
            Worker *w = &workers[i];
            if (w->game < 0 || !ready[i])
                continue;
            busy--;
            if (!collect(w, o, res, points1, pdn, out, log)) {
                fprintf(log, "match: worker for game %d failed\n", w->game + 1);
                w->game = -1;
                ok = false;
                continue;
            }
            if (o->sprt_enabled && res->sprt.decision != SPRT_CONTINUE && !res->sprt_stop_game)
                res->sprt_stop_game = res->games_played;
            if (ok && !res->sprt_stop_game && !proc_interrupted() && next < o->games && assign(w, next))
                next = unplayed(points1, next + 1, o->games), busy++;
        }
    }
    for (int i = 0; i < k; i++)
        if (workers[i].pid > 0)
            retire(&workers[i]);
    return ok;
}

/* Counts the games of an earlier part (--resume) into res and points1; false after saying why
 * they cannot be taken. */
static bool resume(const MatchOptions *o, const MatchSchedule *s, MatchResult *res, signed char *points1, FILE *out,
                   FILE *log)
{
    signed char *white_points = malloc((size_t)o->games);
    char err[512];
    int kept = white_points ? match_resume_load(o->resume_path, s, o->games, white_points, log, err, sizeof err) : -1;
    if (kept < 0) {
        fprintf(log, "match: cannot resume from %s: %s\n", o->resume_path, white_points ? err : "out of memory");
        free(white_points);
        return false;
    }
    int first, last;
    shard_games(o, &first, &last);
    for (int g = 0; g < o->games; g++)
        if (white_points[g] >= 0 && (g < first || g >= last)) {
            fprintf(log, "match: cannot resume from %s: it holds match game %d, which is not in shard %ld/%ld\n",
                    o->resume_path, g + 1, o->shard.index, o->shard.count);
            free(white_points);
            return false;
        }
    for (int g = 0; g < o->games; g++)
        if (white_points[g] >= 0)
            record_result(res, points1, g, white_points[g], o);
    free(white_points);
    if (o->sprt_enabled && res->sprt.decision != SPRT_CONTINUE)
        res->sprt_stop_game = res->games_played;
    fprintf(out, "resumed %d finished game(s) from %s: W-D-L %lld-%lld-%lld; %d to play\n", kept, o->resume_path,
            (long long)res->tally.wins, (long long)res->tally.draws, (long long)res->tally.losses,
            res->sprt_stop_game ? 0 : last - first - kept);
    fflush(out);
    return true;
}

bool match_run(const MatchOptions *o, FILE *out, FILE *log, MatchResult *res)
{
    memset(res, 0, sizeof *res);
    stats_report(&res->tally, &res->report);
    if (o->sprt_enabled)
        stats_sprt(&res->tally, &o->sprt, &res->sprt);
    char err[512];
    Position *openings = NULL;
    int count = openings_load(o->openings_path, o->variant, &openings, err, sizeof err);
    if (count < 0) {
        fprintf(log, "match: %s\n", err);
        return false;
    }
    MatchPlan plan = {o, {0}, ""};
    signed char *points1 = malloc((size_t)o->games);
    bool ok = points1 && match_schedule_init(&plan.schedule, openings, count, o->shuffle, o->seed);
    int first, last;
    shard_games(o, &first, &last);
    for (int g = 0; ok && g < o->games; g++)
        points1[g] = g >= first && g < last ? -1 : -2;
    if (ok && o->resume_path)
        ok = resume(o, &plan.schedule, res, points1, out, log);
    FILE *pdn = NULL;
    if (ok && o->pdn_path && !(pdn = fopen(o->pdn_path, o->resume_path ? "a" : "w"))) {
        fprintf(log, "match: cannot write %s: %s\n", o->pdn_path, strerror(errno));
        ok = false;
    }
    if (!ok) {
        match_schedule_free(&plan.schedule);
        free(points1);
        free(openings);
        return false;
    }
    time_t now = time(NULL);
    const struct tm *tm = localtime(&now);   /* no worker runs yet: no other thread shares its buffer */
    if (tm)
        strftime(plan.date, sizeof plan.date, "%Y.%m.%d", tm);
    int k = o->concurrency < last - first ? o->concurrency : last - first;
    if (k > MATCH_MAX_CONCURRENCY)
        k = MATCH_MAX_CONCURRENCY;
    Worker workers[MATCH_MAX_CONCURRENCY] = {{0}};
    if (pdn)
        proc_keep_private(pdn);
    proc_signals_catch();   /* the first Ctrl-C: no new games start, running ones finish */
    ok = run_workers(&plan, workers, k, res, points1, pdn, out, log);
    proc_signals_restore();
    print_final(out, o, res);
    think_stats_free(&res->think[0]);
    think_stats_free(&res->think[1]);
    if (pdn && fclose(pdn) != 0)
        ok = false;
    match_schedule_free(&plan.schedule);
    free(points1);
    free(openings);
    return ok;
}
