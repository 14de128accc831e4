#include "match/tournament.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "match/game_pool.h"
#include "match/match_resume.h"
#include "match/match_schedule.h"
#include "opening/openings.h"
#include "pdn/pdn_game.h"
#include "util/proc.h"

void tournament_pairings(TournamentFormat format, int engines, TournamentPairings *p)
{
    p->count = 0;
    for (int i = 0; i < engines; i++)
        for (int j = i + 1; j < engines && (format == TOURNAMENT_ROUND_ROBIN || i == 0); j++) {
            p->first[p->count] = i, p->second[p->count] = j;
            p->count++;
        }
}

void tournament_game(const TournamentPairings *p, int g, int *round, int *pairing, bool *first_white)
{
    *round = g / (2 * p->count);
    *pairing = g / 2 % p->count;
    *first_white = g % 2 == 0;
}

/* The state of a tournament while it plays: what the pool's callbacks need. */
typedef struct {
    const TournamentOptions *opt;
    TournamentResult *res;
    MatchSchedule schedule;      /* pair index q = g / 2 takes the opening of round q / pairings */
    signed char *points;         /* White's points by game, -1 none yet */
    int next;
    int round_done;              /* rounds whose standings were printed */
    FILE *pdn, *out, *log;
} TournamentPlay;

/* The engine (index) that has colour (0 White) in game g. */
static int engine_of(const TournamentPairings *p, int g, int colour)
{
    int round, pairing;
    bool first_white;
    tournament_game(p, g, &round, &pairing, &first_white);
    return first_white == (colour == 0) ? p->first[pairing] : p->second[pairing];
}

/* MatchResumeNames: the name the PDN of game g carries for a colour. */
static const char *seat_name(const void *ctx, int g, int colour)
{
    const TournamentPlay *t = ctx;
    return t->opt->engine[engine_of(&t->res->pairings, g, colour)].name;
}

/* Counts game g, White's points white_points, into the pairing's tally. */
static void count_game(TournamentPlay *t, int g, int white_points)
{
    int round, pairing;
    bool first_white;
    tournament_game(&t->res->pairings, g, &round, &pairing, &first_white);
    int first = first_white ? white_points : 2 - white_points;
    t->points[g] = (signed char)white_points;
    MatchTally *tally = &t->res->tally[pairing];
    stats_add_game(tally, first);
    int mate = g ^ 1;
    if (t->points[mate] >= 0) {
        int mate_first = first_white ? 2 - t->points[mate] : t->points[mate];
        stats_add_pair(tally, first + mate_first);
    }
    t->res->games_played++;
}

/* The pool's next: the first unplayed game. */
static bool next_game(void *ctx, GamePoolJob *job)
{
    TournamentPlay *t = ctx;
    while (t->next < t->res->games && t->points[t->next] >= 0)
        t->next++;
    if (t->next >= t->res->games)
        return false;
    int g = t->next++, round, pairing;
    bool first_white;
    tournament_game(&t->res->pairings, g, &round, &pairing, &first_white);
    *job = (GamePoolJob){.game = g,
                         .engine = {t->res->pairings.first[pairing], t->res->pairings.second[pairing]},
                         .white = !first_white};
    job->start = *match_schedule_opening(&t->schedule, g);
    return true;
}

/* Whether every game of round r has its result. */
static bool round_complete(const TournamentPlay *t, int r)
{
    int per_round = 2 * t->res->pairings.count;
    for (int g = r * per_round; g < (r + 1) * per_round; g++)
        if (t->points[g] < 0)
            return false;
    return true;
}

/* The pool's done: the tally, the PDN, the fault log, a progress line, and the standings when
 * this game completed the rounds up to one. */
static void game_done(void *ctx, const GamePoolResult *r)
{
    TournamentPlay *t = ctx;
    const TournamentOptions *o = t->opt;
    int g = r->job->game;
    count_game(t, g, r->white_points);
    if (t->pdn) {
        fputs(r->pdn, t->pdn);
        fflush(t->pdn);
    }
    if (r->log[0])
        fprintf(t->log, "tournament: game %d: %s\n", g + 1, r->log);
    int round, pairing;
    bool first_white;
    tournament_game(&t->res->pairings, g, &round, &pairing, &first_white);
    int white = engine_of(&t->res->pairings, g, 0), black = engine_of(&t->res->pairings, g, 1);
    fprintf(t->out, "game %d/%d (round %d): %s - %s %s %s\n", t->res->games_played, t->res->games, round + 1,
            o->engine[white].name, o->engine[black].name, pdn_result_text(r->white_points), r->termination);
    bool printed = false;
    while (t->round_done < o->rounds && round_complete(t, t->round_done)) {
        t->round_done++;
        printed = true;
    }
    if (printed && t->round_done < o->rounds) {
        fprintf(t->out, "\nStandings after round %d of %d:\n", t->round_done, o->rounds);
        tournament_print_standings(t->out, o, t->res);
        fputc('\n', t->out);
    }
    fflush(t->out);
}

/* The pool's report: the standings so far. */
static void standings(void *ctx)
{
    TournamentPlay *t = ctx;
    fprintf(t->out, "\nStandings so far (%d of %d games):\n", t->res->games_played, t->res->games);
    tournament_print_standings(t->out, t->opt, t->res);
    fputc('\n', t->out);
    fflush(t->out);
}

/* The schedule: the openings in order (or shuffled), one a round, every pairing of the round
 * playing it; false when out of memory. */
static bool schedule_init(TournamentPlay *t, const Position *openings, int count)
{
    const TournamentOptions *o = t->opt;
    MatchSchedule base;
    if (!match_schedule_init(&base, openings, count, o->shuffle, o->seed))
        return false;
    int pairs = o->rounds * t->res->pairings.count;
    t->schedule = (MatchSchedule){openings, malloc((size_t)pairs * sizeof(int)), pairs};
    for (int q = 0; t->schedule.order && q < pairs; q++)
        t->schedule.order[q] = base.order[q / t->res->pairings.count % count];
    match_schedule_free(&base);
    return t->schedule.order != NULL;
}

/* Counts the games of an earlier part (--resume); false after saying why they cannot be taken. */
static bool resume(TournamentPlay *t)
{
    const TournamentOptions *o = t->opt;
    signed char *white_points = malloc((size_t)t->res->games);
    MatchResumeNames names = {seat_name, t};
    char err[512];
    int kept = white_points ? match_resume_load(o->resume_path, &t->schedule, t->res->games, &names, white_points,
                                                t->log, err, sizeof err)
                            : -1;
    if (kept < 0) {
        fprintf(t->log, "tournament: cannot resume from %s: %s\n", o->resume_path, white_points ? err : "out of memory");
        free(white_points);
        return false;
    }
    for (int g = 0; g < t->res->games; g++)
        if (white_points[g] >= 0)
            count_game(t, g, white_points[g]);
    free(white_points);
    while (t->round_done < o->rounds && round_complete(t, t->round_done))
        t->round_done++;
    fprintf(t->out, "resumed %d finished game(s) from %s; %d to play\n", kept, o->resume_path, t->res->games - kept);
    fflush(t->out);
    return true;
}

bool tournament_run(const TournamentOptions *o, FILE *out, FILE *log, TournamentResult *res)
{
    memset(res, 0, sizeof *res);
    tournament_pairings(o->format, o->engine_count, &res->pairings);
    res->games = 2 * o->rounds * res->pairings.count;
    char err[512];
    Position *openings = NULL;
    int count = openings_load(o->openings_path, o->variant, &openings, err, sizeof err);
    if (count < 0) {
        fprintf(log, "tournament: %s\n", err);
        return false;
    }
    TournamentPlay t = {o, res, {0}, malloc((size_t)res->games), 0, 0, NULL, out, log};
    bool ok = t.points && schedule_init(&t, openings, count);
    if (t.points)
        memset(t.points, -1, (size_t)res->games);
    if (ok && o->resume_path)
        ok = resume(&t);
    if (ok && o->pdn_path && !(t.pdn = fopen(o->pdn_path, o->resume_path ? "a" : "w"))) {
        fprintf(log, "tournament: cannot write %s: %s\n", o->pdn_path, strerror(errno));
        ok = false;
    }
    if (ok) {
        if (t.pdn)
            proc_keep_private(t.pdn);
        GamePool pool = {o->engine, o->tc, o->engine_count, o->referee, o->event, "tournament", o->concurrency,
                         next_game, game_done, standings, &t};
        ok = game_pool_run(&pool, log, &res->interrupted);
        fprintf(out, "\nTournament result%s: %d of %d games\n", res->interrupted ? ", interrupted" : "",
                res->games_played, res->games);
        tournament_print_standings(out, o, res);
        fflush(out);
    }
    if (t.pdn && fclose(t.pdn) != 0)
        ok = false;
    match_schedule_free(&t.schedule);
    free(t.points);
    free(openings);
    return ok;
}
