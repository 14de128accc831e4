#pragma once
/* `engine tournament`: N engines (Hub, Hub-1 or DXP, as match drives them) in a round-robin (every
 * pair) or a gauntlet (the first engine against each other one). A round gives every pairing one
 * opening played with both colours; games run in K worker processes (match/game_pool.h), the PDN
 * carries each game's number as its Round and the engines' names as White and Black, a run is
 * resumed from it, and the standings (a crosstable with W-D-L and pentanomial counts per pair, and
 * Bradley-Terry ratings with 95% intervals) come at the end, after every round, and on SIGUSR1. */
#include <stdio.h>
#include "match/ratings.h"
#include "match/referee.h"
#include "match/stats.h"

#define TOURNAMENT_MAX_ENGINES RATINGS_MAX_ENGINES
#define TOURNAMENT_MAX_PAIRINGS (TOURNAMENT_MAX_ENGINES * (TOURNAMENT_MAX_ENGINES - 1) / 2)

typedef enum { TOURNAMENT_ROUND_ROBIN, TOURNAMENT_GAUNTLET } TournamentFormat;

typedef struct {
    EngineConfig engine[TOURNAMENT_MAX_ENGINES];   /* each with its name (required, unique) */
    char names[TOURNAMENT_MAX_ENGINES][ENGINE_NAME_MAX];   /* the names engine[].name points to */
    TimeControl tc[TOURNAMENT_MAX_ENGINES];
    int engine_count;
    TournamentFormat format;
    int rounds;
    int concurrency;
    RefereeConfig referee;       /* max_plies, margin, timeout (tc per game from tc[]) */
    const char *openings_path;   /* NULL: the built-in 3-move ballots */
    Variant variant;
    const char *pdn_path, *resume_path, *event;
    bool shuffle;
    uint64_t seed;
    int anchor;                  /* the engine the ratings are relative to */
    double anchor_elo;
} TournamentOptions;

/* The pairings of a format: pairing p is engine first[p] against second[p] (first[p] White in the
 * even game of each pair). */
typedef struct {
    int count;
    int first[TOURNAMENT_MAX_PAIRINGS], second[TOURNAMENT_MAX_PAIRINGS];
} TournamentPairings;

typedef struct {
    TournamentPairings pairings;
    MatchTally tally[TOURNAMENT_MAX_PAIRINGS];   /* pairing p from first[p]'s side */
    int games, games_played;
    bool interrupted;
} TournamentResult;

/* Fills o from the command line of `engine tournament` (argv[1] is "tournament"); false after
 * saying on stderr why it is refused. The strings of o point into argv. */
bool tournament_opts_parse(int argc, char **argv, TournamentOptions *o);

/* The pairings of engines engines under format. */
void tournament_pairings(TournamentFormat format, int engines, TournamentPairings *p);

/* Game g of the tournament (from 0): its round, pairing and whether the pairing's first engine has
 * White. Rounds play their pairings in order, each as two games in a row. */
void tournament_game(const TournamentPairings *p, int g, int *round, int *pairing, bool *first_white);

/* Plays the tournament (progress lines and standings to out, faults to log); false when it could
 * not run (openings, files, workers). */
bool tournament_run(const TournamentOptions *o, FILE *out, FILE *log, TournamentResult *result);

/* Prints the standings of r: the ratings table (rank, engine, Elo and its interval, points, games,
 * score, draws) and the crosstable of the pairs. */
void tournament_print_standings(FILE *out, const TournamentOptions *o, const TournamentResult *r);

/* The ratings of r's games, as the standings print them; false as ratings_fit. */
bool tournament_ratings(const TournamentOptions *o, const TournamentResult *r, Ratings *ratings);
