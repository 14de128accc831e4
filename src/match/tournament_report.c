/* The standings of a tournament (see tournament.h): ratings table, pairs and crosstable. */
#include "match/tournament.h"

#include <math.h>
#include <string.h>

#include "match/match_report.h"

#define NAME_WIDTH 20

/* Points (wins + draws / 2), games and draws of engine e over all its pairings. */
static void engine_totals(const TournamentResult *r, int e, double *points, int64_t *games, int64_t *draws)
{
    *points = 0, *games = 0, *draws = 0;
    for (int p = 0; p < r->pairings.count; p++) {
        const MatchTally *t = &r->tally[p];
        int64_t n = t->wins + t->draws + t->losses;
        if (r->pairings.first[p] == e)
            *points += (double)t->wins + 0.5 * (double)t->draws;
        else if (r->pairings.second[p] == e)
            *points += (double)t->losses + 0.5 * (double)t->draws;
        else
            continue;
        *games += n, *draws += t->draws;
    }
}

bool tournament_ratings(const TournamentOptions *o, const TournamentResult *r, Ratings *ratings)
{
    RatingsInput in;
    memset(&in, 0, sizeof in);
    in.count = o->engine_count;
    for (int p = 0; p < r->pairings.count; p++) {
        const MatchTally *t = &r->tally[p];
        int i = r->pairings.first[p], j = r->pairings.second[p];
        double games = (double)(t->wins + t->draws + t->losses), points = (double)t->wins + 0.5 * (double)t->draws;
        in.games[i][j] += games, in.games[j][i] += games;
        in.points[i][j] += points, in.points[j][i] += games - points;
    }
    return ratings_fit(&in, o->anchor, o->anchor_elo, ratings);
}

/* Sort key of a rating: NAN below everything. */
static double rank_key(double elo) { return isnan(elo) ? -INFINITY : elo; }

/* "+12.3", "+inf", "-inf" or "n/a". */
static void format_rating(double elo, char *buf, size_t size)
{
    if (isnan(elo))
        snprintf(buf, size, "n/a");
    else
        match_report_format_elo(elo, buf, size);
}

/* The ratings table, best first. */
static void print_ratings(FILE *out, const TournamentOptions *o, const TournamentResult *r, const Ratings *ratings)
{
    int order[TOURNAMENT_MAX_ENGINES];
    double points[TOURNAMENT_MAX_ENGINES];
    int64_t games[TOURNAMENT_MAX_ENGINES], draws[TOURNAMENT_MAX_ENGINES];
    for (int e = 0; e < o->engine_count; e++) {
        engine_totals(r, e, &points[e], &games[e], &draws[e]);
        order[e] = e;
    }
    for (int a = 1; a < o->engine_count; a++)   /* insertion sort: by rating, then points */
        for (int b = a; b > 0; b--) {
            int x = order[b - 1], y = order[b];
            double kx = rank_key(ratings->elo[x]), ky = rank_key(ratings->elo[y]);
            if (kx > ky || (kx == ky && points[x] >= points[y]))
                break;
            order[b - 1] = y, order[b] = x;
        }
    fprintf(out, "Rank %-*s %8s %7s %7s %6s %6s %6s\n", NAME_WIDTH, "Engine", "Elo", "+-", "Points", "Games", "Score",
            "Draws");
    for (int k = 0; k < o->engine_count; k++) {
        int e = order[k];
        char elo[32], err[32];
        format_rating(ratings->elo[e], elo, sizeof elo);
        if (e == o->anchor)
            snprintf(err, sizeof err, "anchor");
        else
            match_report_format_error(ratings->error[e], err, sizeof err);
        fprintf(out, "%4d %-*.*s %8s %7s %7.1f %6lld", k + 1, NAME_WIDTH, NAME_WIDTH, o->engine[e].name, elo, err,
                points[e], (long long)games[e]);
        if (games[e])
            fprintf(out, " %5.1f%% %5.1f%%\n", 100.0 * points[e] / (double)games[e],
                    100.0 * (double)draws[e] / (double)games[e]);
        else
            fprintf(out, " %6s %6s\n", "-", "-");
    }
    fprintf(out, "(Bradley-Terry maximum likelihood over all games, a draw half a point; 95%% intervals; %s at %g)\n",
            o->engine[o->anchor].name, o->anchor_elo);
}

/* One line per pairing: W-D-L, score, pentanomial and the pair's own Elo. */
static void print_pairs(FILE *out, const TournamentOptions *o, const TournamentResult *r)
{
    fprintf(out, "Pairs (W-D-L of the first; pentanomial LL LD DD+WL WD WW over the openings' pairs of games):\n");
    int width = 0;
    for (int p = 0; p < r->pairings.count; p++) {
        int n = (int)(strlen(o->engine[r->pairings.first[p]].name) + strlen(o->engine[r->pairings.second[p]].name));
        width = n + 3 > width ? n + 3 : width;
    }
    for (int p = 0; p < r->pairings.count; p++) {
        const MatchTally *t = &r->tally[p];
        int64_t n = t->wins + t->draws + t->losses;
        char pair[2 * NAME_WIDTH + 4];
        snprintf(pair, sizeof pair, "%.*s - %.*s", NAME_WIDTH, o->engine[r->pairings.first[p]].name, NAME_WIDTH,
                 o->engine[r->pairings.second[p]].name);
        fprintf(out, "  %-*s %lld-%lld-%lld", width < 2 * NAME_WIDTH + 3 ? width : 2 * NAME_WIDTH + 3, pair, (long long)t->wins, (long long)t->draws,
                (long long)t->losses);
        if (!n) {
            fputc('\n', out);
            continue;
        }
        StatsReport s;
        stats_report(t, &s);
        char elo[32], err[32];
        match_report_format_elo(s.elo, elo, sizeof elo);
        match_report_format_error(s.elo_error, err, sizeof err);
        fprintf(out, " %5.1f%% penta %lld %lld %lld %lld %lld Elo %s +- %s\n", 100.0 * s.score, (long long)t->penta[0],
                (long long)t->penta[1], (long long)t->penta[2], (long long)t->penta[3], (long long)t->penta[4],
                s.pairs ? elo : "n/a", err);
    }
}

/* The crosstable: the row engine's points against the column's, over their games. */
static void print_crosstable(FILE *out, const TournamentOptions *o, const TournamentResult *r)
{
    enum { CELL = 11 };
    fprintf(out, "Crosstable (points of the row's engine against the column's / games):\n%-*s", NAME_WIDTH, "");
    for (int j = 0; j < o->engine_count; j++)
        fprintf(out, " %*.*s", CELL, CELL, o->engine[j].name);
    fputc('\n', out);
    for (int i = 0; i < o->engine_count; i++) {
        fprintf(out, "%-*.*s", NAME_WIDTH, NAME_WIDTH, o->engine[i].name);
        for (int j = 0; j < o->engine_count; j++) {
            char cell[32] = ".";
            for (int p = 0; p < r->pairings.count; p++) {
                const MatchTally *t = &r->tally[p];
                bool first = r->pairings.first[p] == i && r->pairings.second[p] == j;
                if (!first && !(r->pairings.first[p] == j && r->pairings.second[p] == i))
                    continue;
                int64_t n = t->wins + t->draws + t->losses;
                double pts = (double)(first ? t->wins : t->losses) + 0.5 * (double)t->draws;
                snprintf(cell, sizeof cell, "%g/%lld", pts, (long long)n);
            }
            fprintf(out, " %*s", CELL, i == j ? "-" : cell);
        }
        fputc('\n', out);
    }
}

void tournament_print_standings(FILE *out, const TournamentOptions *o, const TournamentResult *r)
{
    Ratings ratings;
    tournament_ratings(o, r, &ratings);
    print_ratings(out, o, r, &ratings);
    print_pairs(out, o, r);
    print_crosstable(out, o, r);
}
