#pragma once
/* One match's report from the PDN files of its parts (`engine match --merge A.pdn B.pdn ...`):
 * the shards of a match run on many machines (`--shard I/N`), or parts played on different days.
 * Each game counts under its Round (the match's game number: engine 1 has White in odd rounds),
 * pairs are rounds 2p+1 and 2p+2, and the report is the one a single run would print, followed by
 * the time losses of each engine and, when there are any, the figures with them counted as draws
 * (as the project reports Scan 2.0's, which overruns short move times in king endings). A list of
 * rounds limits the report to those games, so that a match can be set beside the part of another
 * played so far on the same openings; a pair counts when both its games are in. */
#include <stdbool.h>
#include <stdio.h>
#include "match/stats.h"
#include "util/game_list.h"

#define MATCH_MERGE_NAME_MAX 128

typedef struct {
    MatchTally tally;              /* engine 1's results, as played */
    MatchTally forfeits_drawn;     /* the same with every time loss counted as a draw */
    int games, files;
    int time_losses[2];            /* games engine 1 / engine 2 lost on time */
    char name[2][MATCH_MERGE_NAME_MAX];   /* engine 1's and engine 2's names, from the games' tags */
} MatchMerge;

/* Reads the games of paths[0..count) whose rounds are in rounds (NULL: all) into m. False with
 * why when a file cannot be read, a game has no Round or no result, a round is in the files
 * twice, or the engines' names (White and Black by round) disagree between games: the files are
 * not parts of one match. A game the PDN reader cannot read is said on log and left out. */
bool match_merge_read(const char *const *paths, int count, const GameList *rounds, MatchMerge *m, FILE *log,
                      char *why, size_t why_size);

/* Prints the merged report (see match_report.h), with sprt's line when sprt is not NULL. */
void match_merge_print(FILE *out, const MatchMerge *m, const SprtParams *sprt);
