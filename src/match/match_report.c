/* The statistics block of a match (see match_report.h). */
#include "match/match_report.h"

#include <math.h>

void match_report_format_elo(double elo, char *buf, size_t size)
{
    if (isinf(elo))
        snprintf(buf, size, "%sinf", elo > 0 ? "+" : "-");
    else
        snprintf(buf, size, "%+.1f", elo + 0.0);   /* + 0.0 turns -0 into 0 */
}

void match_report_format_error(double err, char *buf, size_t size)
{
    if (isnan(err) || isinf(err))
        snprintf(buf, size, "n/a");
    else
        snprintf(buf, size, "%.1f", err);
}

void match_report_print(FILE *out, const MatchTally *t, const SprtParams *sprt, int stop_game)
{
    StatsReport r;
    stats_report(t, &r);
    char elo[32], err[32];
    match_report_format_elo(r.elo, elo, sizeof elo);
    match_report_format_error(r.elo_error, err, sizeof err);
    fprintf(out, "Games: %lld  W-D-L (engine1): %lld-%lld-%lld  score: %.1f%%\n", (long long)r.games,
            (long long)t->wins, (long long)t->draws, (long long)t->losses, 100.0 * r.score);
    fprintf(out, "Pairs: %lld  pentanomial 0/0.5/1/1.5/2: %lld %lld %lld %lld %lld\n", (long long)r.pairs,
            (long long)t->penta[0], (long long)t->penta[1], (long long)t->penta[2], (long long)t->penta[3],
            (long long)t->penta[4]);
    char los[16] = "n/a";
    if (!isnan(r.los))
        snprintf(los, sizeof los, "%.1f%%", 100.0 * r.los);
    if (r.pairs) {
        fprintf(out, "Elo difference: %s +- %s (95%%, pentanomial)  LOS: %s\n", elo, err, los);
        char nelo[32] = "n/a", nerr[32];
        if (!isnan(r.nelo))
            match_report_format_elo(r.nelo, nelo, sizeof nelo);
        match_report_format_error(r.nelo_error, nerr, sizeof nerr);
        fprintf(out, "Normalized Elo: %s +- %s (95%%, pentanomial)  draws: %.1f%%\n", nelo, nerr,
                r.games ? 100.0 * (double)t->draws / (double)r.games : 0.0);
    } else {
        fprintf(out, "Elo difference: n/a (no complete game pair)\n");
    }
    if (sprt) {
        SprtState s;
        stats_sprt(t, sprt, &s);
        fprintf(out, "SPRT elo0=%g elo1=%g alpha=%g beta=%g model=%s: LLR %.3f bounds [%.3f, %.3f]: %s", sprt->elo0,
                sprt->elo1, sprt->alpha, sprt->beta, sprt->model == SPRT_NORMALIZED ? "normalized" : "logistic", s.llr,
                s.lower, s.upper, stats_sprt_text(s.decision));
        if (stop_game)
            fprintf(out, " (stopped after %d games)", stop_game);
        fputc('\n', out);
    }
}
