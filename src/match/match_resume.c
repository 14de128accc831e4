#include "match/match_resume.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "pdn/pdn_read.h"
#include "pdn/pdn_write.h"

/* Same pieces, kings, side and rules. */
static bool same_position(const Position *a, const Position *b)
{
    return a->pieces[0] == b->pieces[0] && a->pieces[1] == b->pieces[1] && a->kings == b->kings &&
           a->turn == b->turn && a->variant == b->variant;
}

long match_resume_round(const PdnGame *g)
{
    const char *round = pdn_game_tag(g, "Round");
    char *end = NULL;
    long r = round ? strtol(round, &end, 10) : 0;
    return round && end != round && *end == '\0' && r >= 1 ? r : 0;
}

/* Whether game g (the file's n-th, match game index game) names the players names expects; else
 * err says what differs. */
static bool same_names(const PdnGame *g, const MatchResumeNames *names, int game, int n, char *err, size_t err_size)
{
    static const char *const TAG[2] = {"White", "Black"};
    for (int c = 0; c < 2; c++) {
        const char *want = names->name(names->ctx, game, c), *have = pdn_game_tag(g, TAG[c]);
        if (want && (!have || strcmp(want, have) != 0)) {
            snprintf(err, err_size,
                     "game %d (game %d of the schedule) has %s \"%.64s\" where this run has \"%.64s\": resume with "
                     "the first part's engines in their order",
                     n, game + 1, TAG[c], have ? have : "", want);
            return false;
        }
    }
    return true;
}

/* Reads the games of in into out (the kept ones) and white_points; the count kept or -1. */
static int keep_games(FILE *in, const char *path, FILE *out, const MatchSchedule *s, int games,
                      const MatchResumeNames *names, signed char *white_points, FILE *log, char *err, size_t err_size)
{
    PdnReader *r = pdn_reader_new(in, path);
    PdnGame g;
    pdn_game_init(&g);
    int kept = 0;
    long beyond = 0;   /* the highest game number past games */
    PdnReadStatus st;
    while (r && (st = pdn_reader_next(r, &g)) != PDN_READ_END) {
        int n = pdn_reader_games(r);
        if (st == PDN_READ_BROKEN) {
            fprintf(log, "match: resume: %s; that game is played again\n", pdn_reader_error(r)->message);
            continue;
        }
        long round = match_resume_round(&g);
        if (!round) {
            snprintf(err, err_size, "game %d has no Round tag of a match game", n);
            break;
        }
        if (round > games) {   /* read on: the message names the highest */
            beyond = round > beyond ? round : beyond;
            continue;
        }
        int points = pdn_result_white_points(g.result);
        if (points < 0) {
            fprintf(log, "match: resume: %s: game %d (match game %ld) has no result; it is played again\n", path, n,
                    round);
            continue;
        }
        if (white_points[round - 1] >= 0) {
            snprintf(err, err_size, "game %d of the file is match game %ld again", n, round);
            break;
        }
        if (!same_position(&g.start, match_schedule_opening(s, round - 1))) {
            snprintf(err, err_size,
                     "game %d (match game %ld) does not start from that game's opening: resume with the first "
                     "part's --openings, --seed and --variant",
                     n, round);
            break;
        }
        if (names && !same_names(&g, names, (int)round - 1, n, err, err_size))
            break;
        if (!pdn_write(out, &g)) {
            snprintf(err, err_size, "cannot write the games kept: %s", strerror(errno));
            break;
        }
        white_points[round - 1] = (signed char)points;
        kept++;
    }
    if (!r)
        snprintf(err, err_size, "out of memory");
    else if (beyond && !err[0])
        snprintf(err, err_size, "the file holds match game %ld: give --games %ld or more", beyond, beyond);
    bool failed = !r || err[0];
    pdn_game_free(&g);
    pdn_reader_free(r);
    return failed ? -1 : kept;
}

int match_resume_load(const char *path, const MatchSchedule *s, int games, const MatchResumeNames *names,
                      signed char *white_points, FILE *log, char *err, size_t err_size)
{
    memset(white_points, -1, (size_t)games);
    err[0] = '\0';
    FILE *in = fopen(path, "rb");
    if (!in) {
        if (errno == ENOENT)
            return 0;
        snprintf(err, err_size, "cannot read %s: %s", path, strerror(errno));
        return -1;
    }
    /* The kept games go to a file beside it that replaces it whole, so that a run killed now
     * loses nothing. */
    size_t size = strlen(path) + sizeof ".resume";
    char *tmp = malloc(size);
    FILE *out = NULL;
    if (tmp) {
        snprintf(tmp, size, "%s.resume", path);
        out = fopen(tmp, "w");
    }
    int kept = -1;
    if (!out)
        snprintf(err, err_size, "cannot write beside %s: %s", path, tmp ? strerror(errno) : "out of memory");
    else
        kept = keep_games(in, path, out, s, games, names, white_points, log, err, err_size);
    fclose(in);
    if (out && fclose(out) != 0 && kept >= 0) {
        snprintf(err, err_size, "cannot write beside %s: %s", path, strerror(errno));
        kept = -1;
    }
    if (kept >= 0 && rename(tmp, path) != 0) {
        snprintf(err, err_size, "cannot replace %s: %s", path, strerror(errno));
        kept = -1;
    }
    if (kept < 0) {
        if (out)
            remove(tmp);
        memset(white_points, -1, (size_t)games);
    }
    free(tmp);
    return kept;
}
