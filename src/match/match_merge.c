/* Merging a match's PDN files into one report (see match_merge.h). */
#include "match/match_merge.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "match/match_report.h"
#include "match/match_resume.h"
#include "pdn/pdn_read.h"

#define MATCH_MERGE_ROUND_MAX 100000000   /* far above any match, far below a table too large to hold */

/* What one round of the match holds once read. */
typedef struct {
    signed char white_points;   /* -1: no game of this round */
    bool time_loss;
} RoundResult;

typedef struct {
    RoundResult *round;         /* round r at index r - 1 */
    long cap;
    const char **file_of;       /* the file each round came from, for the message of a repeat */
} Rounds;

/* Makes room for round r; false when memory is short. */
static bool rounds_reserve(Rounds *rs, long r)
{
    if (r <= rs->cap)
        return true;
    long cap = rs->cap ? rs->cap : 256;
    while (cap < r)
        cap *= 2;
    RoundResult *round = realloc(rs->round, (size_t)cap * sizeof *round);
    const char **file_of = round ? realloc(rs->file_of, (size_t)cap * sizeof *file_of) : NULL;
    if (round)
        rs->round = round;
    if (!file_of)
        return false;
    rs->file_of = file_of;
    for (long i = rs->cap; i < cap; i++)
        rs->round[i] = (RoundResult){-1, false};
    rs->cap = cap;
    return true;
}

/* Checks that engine k's name in game g (round r) is the one met first; false with why if not. */
static bool same_engine(MatchMerge *m, const PdnGame *g, long r, const char *path, char *why, size_t why_size)
{
    for (int k = 0; k < 2; k++) {
        bool white = (r % 2 == 1) == (k == 0);   /* engine 1 has White in odd rounds */
        const char *name = pdn_game_tag(g, white ? "White" : "Black");
        name = name ? name : "?";
        if (!m->name[k][0])
            snprintf(m->name[k], sizeof m->name[k], "%s", name);
        else if (strncmp(m->name[k], name, sizeof m->name[k] - 1) != 0) {
            snprintf(why, why_size, "%s: match game %ld has engine %d \"%s\", not \"%s\" as before: not parts of one "
                     "match", path, r, k + 1, name, m->name[k]);
            return false;
        }
    }
    return true;
}

/* Reads one file's games into rs; false with why. */
static bool read_file(const char *path, Rounds *rs, MatchMerge *m, FILE *log, char *why, size_t why_size)
{
    FILE *in = fopen(path, "rb");
    if (!in) {
        snprintf(why, why_size, "cannot read %s: %s", path, strerror(errno));
        return false;
    }
    PdnReader *r = pdn_reader_new(in, path);
    PdnGame g;
    pdn_game_init(&g);
    bool ok = r != NULL;
    if (!ok)
        snprintf(why, why_size, "out of memory");
    PdnReadStatus st;
    while (ok && (st = pdn_reader_next(r, &g)) != PDN_READ_END) {
        int n = pdn_reader_games(r);
        if (st == PDN_READ_BROKEN) {
            fprintf(log, "match: merge: %s; that game is left out\n", pdn_reader_error(r)->message);
            continue;
        }
        long round = match_resume_round(&g);
        int points = pdn_result_white_points(g.result);
        if (!round || round > MATCH_MERGE_ROUND_MAX)
            snprintf(why, why_size, "%s: game %d has no Round tag of a match game (1 to %d)", path, n,
                     MATCH_MERGE_ROUND_MAX);
        else if (points < 0)
            snprintf(why, why_size, "%s: game %d (match game %ld) has no result", path, n, round);
        else if (!rounds_reserve(rs, round))
            snprintf(why, why_size, "out of memory");
        else if (rs->round[round - 1].white_points >= 0)
            snprintf(why, why_size, "match game %ld is in %s and in %s", round, rs->file_of[round - 1], path);
        ok = !why[0] && same_engine(m, &g, round, path, why, why_size);
        if (!ok)
            break;
        const char *term = pdn_game_tag(&g, "Termination");
        rs->round[round - 1] = (RoundResult){(signed char)points, term && strstr(term, "lost on time")};
        rs->file_of[round - 1] = path;
    }
    pdn_game_free(&g);
    pdn_reader_free(r);
    fclose(in);
    return ok;
}

/* Engine 1's half points of round r (from 1) as played, or with a time loss counted a draw. */
static int engine1_points(const RoundResult *rr, long r, bool forfeits_drawn)
{
    if (forfeits_drawn && rr->time_loss)
        return 1;
    return r % 2 == 1 ? rr->white_points : 2 - rr->white_points;
}

/* Whether round r is among those reported (rounds NULL: every round). */
static bool chosen(const GameList *rounds, long r) { return !rounds || game_list_has(rounds, r); }

bool match_merge_read(const char *const *paths, int count, const GameList *rounds, MatchMerge *m, FILE *log,
                      char *why, size_t why_size)
{
    memset(m, 0, sizeof *m);
    why[0] = '\0';
    Rounds rs = {0};
    bool ok = true;
    for (int i = 0; ok && i < count; i++)
        ok = read_file(paths[i], &rs, m, log, why, why_size);
    m->files = count;
    for (long r = 1; ok && r <= rs.cap; r++) {
        const RoundResult *rr = &rs.round[r - 1];
        if (rr->white_points < 0 || !chosen(rounds, r))
            continue;
        m->games++;
        if (rr->time_loss) {
            bool white_lost = rr->white_points == 0;
            m->time_losses[(r % 2 == 1) == white_lost ? 0 : 1]++;
        }
        for (int drawn = 0; drawn < 2; drawn++) {
            MatchTally *t = drawn ? &m->forfeits_drawn : &m->tally;
            stats_add_game(t, engine1_points(rr, r, drawn));
            const RoundResult *mate = r % 2 == 0 ? &rs.round[r - 2] : NULL;   /* the pair's first game */
            if (mate && mate->white_points >= 0 && chosen(rounds, r - 1))
                stats_add_pair(t, engine1_points(rr, r, drawn) + engine1_points(mate, r - 1, drawn));
        }
    }
    free(rs.round);
    free(rs.file_of);
    return ok;
}

void match_merge_print(FILE *out, const MatchMerge *m, const SprtParams *sprt)
{
    fprintf(out, "Merged match: %d games from %d file(s): engine1 \"%s\" vs engine2 \"%s\"\n", m->games, m->files,
            m->name[0], m->name[1]);
    match_report_print(out, &m->tally, sprt, 0);
    fprintf(out, "Time losses: engine1 %d, engine2 %d\n", m->time_losses[0], m->time_losses[1]);
    if (m->time_losses[0] + m->time_losses[1] == 0)
        return;
    fprintf(out, "With the time losses counted as draws:\n");
    match_report_print(out, &m->forfeits_drawn, sprt, 0);
}
