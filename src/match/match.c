#include "match/match.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "opening/openings.h"
#include "match/engine_hub.h"
#include "match/game_pool.h"
#include "match/match_report.h"
#include "match/match_resume.h"
#include "pdn/pdn_write.h"
#include "util/proc.h"

/* The state of a match while it plays: what the pool's callbacks need. */
typedef struct {
    const MatchOptions *opt;
    MatchSchedule schedule;
    MatchResult *res;
    signed char *points1;      /* engine 1's points by game; -1 none yet, -2 another shard's */
    int next;                  /* the first game that may be unplayed */
    FILE *pdn, *out, *log;
} MatchPlay;

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

/* The first game from g on that has no result yet (points1[g] is -1; -2 marks the games of other
 * shards), or games. */
static int unplayed(const signed char *points1, int g, int games)
{
    while (g < games && points1[g] != -1)
        g++;
    return g;
}

/* The pool's next: the first unplayed game, engine 1 White in even games, unless the SPRT decided. */
static bool next_game(void *ctx, GamePoolJob *job)
{
    MatchPlay *m = ctx;
    const MatchOptions *o = m->opt;
    m->next = unplayed(m->points1, m->next, o->games);
    if (m->next >= o->games || m->res->sprt_stop_game)
        return false;
    int g = m->next++;
    *job = (GamePoolJob){.game = g, .engine = {0, 1}, .white = g % 2};
    job->start = *match_schedule_opening(&m->schedule, g);
    return true;
}

/* The pool's done: the statistics, the PDN, the fault log, the think times and a progress line. */
static void game_done(void *ctx, const GamePoolResult *r)
{
    MatchPlay *m = ctx;
    const MatchOptions *o = m->opt;
    MatchResult *res = m->res;
    int g = r->job->game;
    record_result(res, m->points1, g, r->white_points, o);
    if (o->sprt_enabled && res->sprt.decision != SPRT_CONTINUE && !res->sprt_stop_game)
        res->sprt_stop_game = res->games_played;
    if (m->pdn) {
        fputs(r->pdn, m->pdn);
        fflush(m->pdn);
    }
    if (r->log[0])
        fprintf(m->log, "match: game %d: %s\n", g + 1, r->log);
    for (int i = 0; i < r->time_count; i++) {
        int k = r->times[i].engine & 1;
        const TimeControl *tc = &o->referee.tc[k];
        bool dxp = o->engine[k].protocol == ENGINE_DXP || o->engine[k].protocol == ENGINE_DXP_LISTEN;
        think_stats_add(&res->think[k], r->times[i].elapsed, tc->kind == TC_MOVE_TIME && !dxp ? tc->move_time : 0,
                        r->times[i].clock_left, g + 1, i + 1);   /* a DXP engine plays on a clock */
    }
    print_progress(m->out, o, res, g, r->white_points, r->termination);
}

/* The pool's report: the statistics block of the games so far. */
static void standings(void *ctx)
{
    MatchPlay *m = ctx;
    fprintf(m->out, "\nMatch so far (%d games):\n", m->res->games_played);
    match_report_print(m->out, &m->res->tally, m->opt->sprt_enabled ? &m->opt->sprt : NULL, m->res->sprt_stop_game);
    fflush(m->out);
}

/* Counts the games of an earlier part (--resume) into res and points1; false after saying why
 * they cannot be taken. */
static bool resume(const MatchOptions *o, const MatchSchedule *s, MatchResult *res, signed char *points1, FILE *out,
                   FILE *log)
{
    signed char *white_points = malloc((size_t)o->games);
    char err[512];
    int kept =
        white_points ? match_resume_load(o->resume_path, s, o->games, NULL, white_points, log, err, sizeof err) : -1;
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
    MatchPlay m = {o, {0}, res, malloc((size_t)o->games), 0, NULL, out, log};
    bool ok = m.points1 && match_schedule_init(&m.schedule, openings, count, o->shuffle, o->seed);
    int first, last;
    shard_games(o, &first, &last);
    for (int g = 0; ok && g < o->games; g++)
        m.points1[g] = g >= first && g < last ? -1 : -2;
    if (ok && o->resume_path)
        ok = resume(o, &m.schedule, res, m.points1, out, log);
    if (ok && o->pdn_path && !(m.pdn = fopen(o->pdn_path, o->resume_path ? "a" : "w"))) {
        fprintf(log, "match: cannot write %s: %s\n", o->pdn_path, strerror(errno));
        ok = false;
    }
    if (!ok) {
        match_schedule_free(&m.schedule);
        free(m.points1);
        free(openings);
        return false;
    }
    if (m.pdn)
        proc_keep_private(m.pdn);
    GamePool pool = {o->engine, o->referee.tc, 2, o->referee, o->event, "match", o->concurrency,
                     next_game, game_done, standings, &m};
    ok = game_pool_run(&pool, log, &res->interrupted);
    print_final(out, o, res);
    think_stats_free(&res->think[0]);
    think_stats_free(&res->think[1]);
    if (m.pdn && fclose(m.pdn) != 0)
        ok = false;
    match_schedule_free(&m.schedule);
    free(m.points1);
    free(openings);
    return ok;
}
