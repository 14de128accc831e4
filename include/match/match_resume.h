#pragma once
/* Resuming a match from the PDN file it wrote (`engine match --resume FILE.pdn`): the finished
 * games stay, each counted again under its Round (game number), and the match plays the others,
 * appending them. The options must be those of the first part (openings, seed, variant, games or
 * more): a game whose start position is not its opening under this schedule refuses the resume. */
#include <stdio.h>
#include "match/match_schedule.h"
#include "pdn/pdn_game.h"

/* What players each game must name, when the caller knows (a tournament's engines). */
typedef struct {
    /* The White (colour 0) or Black (1) tag game index game must carry, or NULL to take any. */
    const char *(*name)(const void *ctx, int game, int colour);
    const void *ctx;
} MatchResumeNames;

/* Reads path (a missing file holds no games) for a match of games games under schedule s. Sets
 * white_points[g] (games entries) to White's half points (0..2) of each finished game g, -1 for
 * the others, and rewrites path with the finished games only, in their order (a game cut short by
 * a killed run, one without a result, is dropped: it is played again; each such drop is said on
 * log). Returns the number of finished games, or -1 with the file left as it was and why in err:
 * a game without a Round tag, games past games (the message names the highest, whichever the file
 * holds first), a Round met twice, a start position that is not the schedule's, players that are
 * not those names (NULL: any) gives, a file that cannot be read or rewritten. */
int match_resume_load(const char *path, const MatchSchedule *s, int games, const MatchResumeNames *names,
                      signed char *white_points, FILE *log, char *err, size_t err_size);

/* The match game number of g's Round tag (at least 1), or 0 when it has none. */
long match_resume_round(const PdnGame *g);
