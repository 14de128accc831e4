#pragma once
/* `engine match`: two Hub engines play pairs of games from a list of openings (each opening
 * once with each colour), refereed by our rules core, with live progress, a PDN file and
 * pentanomial statistics (Elo, LOS, SPRT). Games run in K worker processes. */
#include <stdio.h>
#include "match/referee.h"
#include "match/stats.h"
#include "match/think_stats.h"
#include "util/game_list.h"
#include "util/shard.h"

#define MATCH_MAX_CONCURRENCY 64
#define MATCH_MERGE_FILES_MAX 4096

typedef struct {
    EngineConfig engine[2];
    RefereeConfig referee;
    int games;
    int concurrency;
    const char *openings_path;   /* NULL: the built-in 3-move ballots */
    Variant variant;             /* the rules: openings, referee and (by set-param) both engines */
    const char *pdn_path;        /* NULL: no PDN file */
    const char *resume_path;     /* NULL, or the PDN file (pdn_path too) of a part played before */
    const char *event;
    bool shuffle;                /* play the openings in an order drawn from seed */
    uint64_t seed;
    bool sprt_enabled;
    SprtParams sprt;
    Shard shard;                 /* the pairs played: shard I of N plays its share of the openings */
    const char *merge[MATCH_MERGE_FILES_MAX];   /* --merge: report these files' games, play none */
    int merge_count;
    GameList rounds;             /* --rounds: the match games --merge reports (none: all) */
} MatchOptions;

typedef struct {
    MatchTally tally;
    StatsReport report;
    SprtState sprt;
    int games_played;
    int sprt_stop_game;          /* games played when the SPRT decided, 0 if it did not */
    bool interrupted;            /* Ctrl-C stopped the match early */
    ThinkStats think[2];         /* per engine */
} MatchResult;

/* Fills o from the command line of `engine match` (argv[1] is "match"); false after saying on
 * stderr why it is refused. The strings of o point into argv. With --merge no engine is needed
 * (nor allowed). */
bool match_opts_parse(int argc, char **argv, MatchOptions *o);


/* Takes the protocol prefix (hub1:, dxp:, dxp-listen:) off cfg's command and sets its protocol;
 * false after saying why (as "engine COMMAND: LABEL: why") the engine cannot play under a time
 * control of that kind and those rules. */
bool match_opts_protocol(EngineConfig *cfg, TcKind kind, Variant variant, const char *command, const char *label);

/* Puts set-param variant=V before cfg's parameters (none for the default rules), so that the
 * user's own settings follow it; false after saying why when there is no room. */
bool match_opts_variant_param(EngineConfig *cfg, Variant variant, const char *command);

/* OPT_WORDS readers, into the Adjudication at adjudication, of --draw "move=M count=N score=CM"
 * and --resign "count=N score=CM" (match and tournament). */
const char *match_opts_read_draw(void *adjudication, const char *text);
const char *match_opts_read_resign(void *adjudication, const char *text);

/* Plays the match (the games of o->shard only, numbered as in the whole match): progress lines and the final block go to out, fault logs to log.
 * Returns false when the match could not run (bad openings, files, workers). */
bool match_run(const MatchOptions *o, FILE *out, FILE *log, MatchResult *result);
