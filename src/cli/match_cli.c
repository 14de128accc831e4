/* `engine match` (see match_cli.h). */
#include "cli/match_cli.h"

#include "match/match.h"
#include "match/match_merge.h"
#include "util/opts.h"
#include "util/proc.h"

#define MATCH_USAGE                                                                                                  \
    "usage: engine match --engine1 \"CMD ARGS\" --engine2 \"CMD ARGS\" [options]\n"                                  \
    "  an engine is a Hub command, or hub1:CMD (Hub-1, as Scan 2.0), dxp:CMD (DXP, connects to 127.0.0.1:{port})\n" \
    "  or dxp-listen:CMD (DXP, listens on {port}); the match sends DXP engines the game requests\n"               \
    "  --games N            games to play (default 100); opening i is played by games 2i+1, 2i+2\n"                   \
    "  --tc TC              move-time=S | time=S inc=S | depth=N | nodes=N (default move-time=0.1)\n"                 \
    "  --tc1 TC, --tc2 TC   a time control for one engine only\n"                                                     \
    "  --openings FILE      one position (FEN or Hub string) per line (default: the 331 built-in 3-move ballots)\n"   \
    "  --variant V          rules: normal killer bt frisian losing (default normal; sent to both engines)\n"          \
    "  --seed N             shuffle the openings with seed N\n"                                                       \
    "  --concurrency K      games played at once (default 1)\n"                                                       \
    "  --pdn FILE           write every game to FILE\n"                                                               \
    "  --resume FILE        continue the match whose games FILE holds (same options; none yet: start it)\n"        \
    "  --shard I/N          play only shard I (0 to N-1) of the N parts of the openings (a pair each), games\n"     \
    "                       numbered as in the whole match; --merge reports the parts as one match\n"             \
    "  --sprt elo0=E elo1=E alpha=A beta=B [model=logistic|normalized]   stop when the SPRT accepts H0 or H1\n"  \
    "                       (Elo bounds logistic by default; normalized: in normalized Elo, as fishtest's)\n"     \
    "  --param1 name=value ..., --param2 ...  set-param for engine 1 / 2\n"                                          \
    "  --dir1 DIR, --dir2 DIR, --name1 NAME, --name2 NAME\n"                                                         \
    "  --max-plies N        adjudicate a draw after N plies (default 400)\n"                                          \
    "  --draw move=M count=N score=CM   adjudicate a draw when, from move M on, both engines' scores stay\n"      \
    "                       within CM centi-men of 0 for N moves each\n"                                          \
    "  --resign count=N score=CM   adjudicate a loss when both engines' scores give the same side lost by\n"    \
    "                       CM centi-men or more for N moves each\n"                                              \
    "  --bitbases           adjudicate by the bitbases once the pieces fit them (draws; wins when the loser\n"   \
    "                       has no king); adjudications are named in the PDN's Termination tag\n"               \
    "  --margin S           time tolerated past a move time or an empty clock (default 0.5)\n"                        \
    "  --timeout S          start-up limit and move limit under depth/nodes (default 30)\n"                           \
    "  --event NAME         the PDN Event tag (default \"engine match\")\n"                                       \
    "usage: engine match --merge FILE.pdn... [--rounds LIST] [--sprt ...]\n"                                      \
    "  one report (W-D-L, pentanomial, Elo, normalized Elo, time losses) of the games of a match's parts\n"   \
    "  --rounds LIST        only these match games, as 1-106 or 3,7-9 (to set a match beside another's first\n" \
    "                       games on the same openings; a pair counts when both its games are in)\n"

int match_cli_main(int argc, char **argv)
{
    MatchOptions o;
    if (opts_help(argc, argv, 2, MATCH_USAGE))
        return 0;
    if (!match_opts_parse(argc, argv, &o))
        return OPTS_REFUSED;
    if (o.merge_count) {
        MatchMerge m;
        char why[1024];
        if (!match_merge_read(o.merge, o.merge_count, &o.rounds, &m, stderr, why, sizeof why)) {
            fprintf(stderr, "engine match: %s\n", why);
            return 1;
        }
        match_merge_print(stdout, &m, o.sprt_enabled ? &o.sprt : NULL);
        return 0;
    }
    if (!proc_available())
        return opts_refuse("match", "not available on this system: it cannot start engine processes");
    MatchResult res;
    return match_run(&o, stdout, stderr, &res) ? 0 : 1;
}
