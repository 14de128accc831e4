/* `engine tournament` (see tournament_cli.h). */
#include "cli/tournament_cli.h"

#include "match/tournament.h"
#include "util/opts.h"
#include "util/proc.h"

#define TOURNAMENT_USAGE                                                                                             \
    "usage: engine tournament --engine NAME=CMD --engine NAME=CMD ... [options]\n"                                    \
    "  each engine a Hub command, or hub1:CMD (Hub-1, as Scan 2.0), dxp:CMD or dxp-listen:CMD (DXP on {port}),\n"  \
    "  under a name of its own; every round gives each pairing one opening played with both colours\n"            \
    "  --format F           round-robin (every pair, the default) or gauntlet (the first engine against each)\n"   \
    "  --rounds N           rounds (default 1: a double round-robin)\n"                                             \
    "  --tc TC              move-time=S | time=S inc=S | depth=N | nodes=N (default move-time=0.1)\n"               \
    "  --tc-of NAME=TC      a time control for one engine\n"                                                        \
    "  --dir NAME=DIR       an engine's working directory\n"                                                        \
    "  --param NAME=name=value ...   set-param for an engine\n"                                                     \
    "  --anchor NAME[=ELO]  the engine the ratings are relative to (default: the first, at 0)\n"                    \
    "  --openings FILE      one position (FEN or Hub string) per line (default: the 3-move ballots), one a round\n" \
    "  --seed N             shuffle the openings with seed N\n"                                                     \
    "  --variant V          rules: normal killer bt frisian losing (default normal; sent to every engine)\n"        \
    "  --concurrency K      games played at once (default 1)\n"                                                     \
    "  --pdn FILE           write every game to FILE (Round: the game's number; White, Black: the names)\n"        \
    "  --resume FILE        continue the tournament whose games FILE holds (same engines and options)\n"           \
    "  --max-plies N        adjudicate a draw after N plies (default 400)\n"                                        \
    "  --draw move=M count=N score=CM   adjudicate a draw when, from move M on, both engines' scores stay\n"      \
    "                       within CM centi-men of 0 for N moves each\n"                                          \
    "  --resign count=N score=CM   adjudicate a loss when both engines' scores give the same side lost by\n"    \
    "                       CM centi-men or more for N moves each\n"                                              \
    "  --bitbases           adjudicate by the bitbases once the pieces fit them (draws; wins when the loser\n"   \
    "                       has no king); adjudications are named in the PDN's Termination tag\n"               \
    "  --margin S           time tolerated past a move time or an empty clock (default 0.5)\n"                      \
    "  --timeout S          start-up limit and move limit under depth/nodes (default 30)\n"                         \
    "  --event NAME         the PDN Event tag (default \"engine tournament\")\n"                                \
    "  standings (ratings with 95% intervals, pairs, crosstable) after every round, at the end, and on\n"         \
    "  SIGUSR1 (kill -USR1 PID); the first Ctrl-C lets the running games finish\n"

int tournament_cli_main(int argc, char **argv)
{
    if (opts_help(argc, argv, 2, TOURNAMENT_USAGE))
        return 0;
    TournamentOptions o;
    if (!tournament_opts_parse(argc, argv, &o))
        return OPTS_REFUSED;
    if (!proc_available())
        return opts_refuse("tournament", "not available on this system: it cannot start engine processes");
    static TournamentResult res;   /* large */
    return tournament_run(&o, stdout, stderr, &res) ? 0 : 1;
}
