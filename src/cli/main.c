/* ./engine: the Hub loop by default, plus subcommands (moves, perft, ...), each handed the whole
 * command line by one table. */
#include <stdio.h>
#include <string.h>

#include "cli/annotate_cli.h"
#include "cli/bench_cli.h"
#include "cli/bitbase_build_cli.h"
#include "cli/bitbase_cli.h"
#include "cli/book_cli.h"
#include "cli/check_hub_cli.h"
#include "cli/dxp_cli.h"
#include "cli/eval_cli.h"
#include "cli/hub_cli.h"
#include "cli/match_cli.h"
#include "cli/puzzles_cli.h"
#include "cli/tournament_cli.h"
#include "cli/openings_cli.h"
#include "cli/rescore_cli.h"
#include "cli/round_cli.h"
#include "cli/rules_cli.h"
#include "cli/selfplay_cli.h"
#include "cli/tactics_cli.h"
#include "cli/tune_cli.h"
#include "endgame/bitbase.h"
#include "eval/eval.h"
#include "rules/rules.h"
#include "rules/variant.h"
#include "util/opts.h"

/* A subcommand: argv[1] is name and, when sub is not NULL, argv[2] is sub. */
static const struct {
    const char *name, *sub;
    int (*run)(int argc, char **argv);
} COMMANDS[] = {
    {"hub", NULL, hub_cli_main},
    {"moves", NULL, rules_cli_moves_main},
    {"perft", NULL, rules_cli_perft_main},
    {"bench", NULL, bench_cli_main},
    {"selfplay", NULL, selfplay_cli_main},
    {"tactics", NULL, tactics_cli_main},
    {"tune", NULL, tune_cli_main},
    {"rescore", NULL, rescore_cli_main},
    {"round", NULL, round_cli_main},
    {"bitbase", "build", bitbase_build_cli_main},
    {"bitbase", "info", bitbase_cli_info_main},
    {"bitbase", "won", bitbase_cli_won_main},
    {"book", "build", book_cli_build_main},
    {"book", "info", book_cli_info_main},
    {"openings", NULL, openings_cli_main},
    {"eval", "info", eval_cli_info_main},
    {"match", NULL, match_cli_main},
    {"tournament", NULL, tournament_cli_main},
    {"check-hub", NULL, check_hub_cli_main},
    {"annotate", NULL, annotate_cli_main},
    {"puzzles", NULL, puzzles_cli_main},
    {"dxp", NULL, dxp_cli_main},
};

static int usage(void)
{
    fprintf(stderr,
            "usage: engine [hub [--weights FILE]...]   (FILE: weights of its variant, as `engine tune` writes)\n"
            "       engine moves POS [--variant V]\n"
            "       engine perft POS DEPTH [--divide] [--variant V]\n"
            "       engine bench [DEPTH]\n"
            "       engine selfplay --out FILE [--games N] [--nodes N | --depth D] [--variant V] ...\n"
            "       engine tactics FILE [--nodes N | --move-time T | --depth D] [--set NAME=VALUE]...\n"
            "       engine tune [--variant V] [--out FILE] [--epochs N] [--rate X] [--checkpoint FILE] ... DATA...\n"
            "       engine rescore --out FILE [--nodes N | --depth D] [--threads N] DATA...\n"
            "       engine round run|record|check|cat MANIFEST [options]   (a data round in shards)\n"
            "       engine eval info FILE   (a weight file book/eval/V.bin as text)\n"
            "       engine bitbase build --pieces N [--threads T] --out FILE.c\n"
            "       engine bitbase info | bitbase won --pieces N --count C [--seed S]\n"
            "       engine book build --out FILE [--openings FILE] [--expansions N] [--nodes N] ...\n"
            "       engine book info [FILE]\n"
            "       engine openings --out FILE [--from FILE] [--count N] [--plies P] ...   (fresh match openings)\n"
            "       engine match --engine1 CMD --engine2 CMD [options]\n"
            "       engine tournament --engine NAME=CMD --engine NAME=CMD ... [--format round-robin|gauntlet]\n"
            "       engine check-hub CMD...   (checks a Hub engine's protocol, check by check)\n"
            "       engine annotate GAMES.pdn [--out FILE] [--nodes N | --move-time T | --depth D] [--threads N]\n"
            "                       [--games 3,7-9] [--side white|black|both] [--svg DIR]   (analyses your games)\n"
            "       engine puzzles GAMES.pdn [--json] [--nodes N] [--verify K]   (puzzles from your games)\n"
            "       engine dxp --listen PORT | --connect HOST:PORT [options]   (the DamExchange protocol)\n"
            "engine COMMAND --help describes a command's options;\n"
            "POS is a Hub position string, a FEN (W:W31,32:B1,2) or the word start;\n"
            "V is one of %s (default normal)\n", variant_names());
    return OPTS_REFUSED;
}

int main(int argc, char **argv)
{
    rules_init();
    eval_init();
    bitbase_init();
    if (argc == 1)
        return hub_cli_main(argc, argv);
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++)
        if (strcmp(argv[1], COMMANDS[i].name) == 0 &&
            (!COMMANDS[i].sub || (argc >= 3 && strcmp(argv[2], COMMANDS[i].sub) == 0)))
            return COMMANDS[i].run(argc, argv);
    return usage();
}
