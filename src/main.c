/* ./engine: the Hub loop by default, plus subcommands (moves, perft, ...). */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"
#include "search/bench.h"
#include "endgame/bitbase.h"
#include "tools/bitbase_build.h"
#include "rules/position.h"
#include "opening/book.h"
#include "tools/book_build.h"
#include "util/cli.h"
#include "util/opts.h"
#include "eval/eval.h"
#include "eval/eval_file.h"
#include "hub/hub_loop.h"
#include "tools/match.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "rules/perft.h"
#include "tools/selfplay.h"
#include "tools/tactics.h"
#include "tools/tune.h"
#include "tools/eval_info.h"

static int usage(void)
{
    fprintf(stderr,
            "usage: engine [hub [--weights FILE]...]   (FILE: weights of its variant, as `engine tune` writes)\n"
            "       engine moves POS [--variant V]\n"
            "       engine perft POS DEPTH [--divide] [--variant V]\n"
            "       engine bench [DEPTH]\n"
            "       engine selfplay --out FILE [--games N] [--nodes N | --depth D] [--variant V] ...\n"
            "       engine tactics FILE [--nodes N | --move-time T | --depth D] [--set NAME=VALUE]...\n"
            "       engine tune [--variant V] [--out FILE] [--iterations N] [--rate X] [--l2 X] ... DATA...\n"
            "       engine eval info FILE   (a weight file book/eval/V.bin as text)\n"
            "       engine bitbase build --pieces N [--threads T] --out FILE.c\n"
            "       engine bitbase info | bitbase won --pieces N --count C [--seed S]\n"
            "       engine book build --out FILE [--openings FILE] [--expansions N] [--nodes N] ...\n"
            "       engine book info [FILE]\n"
            "       engine match --engine1 CMD --engine2 CMD [options]   (engine match --help)\n"
            "POS is a Hub position string, a FEN (W:W31,32:B1,2) or the word start;\n"
            "V is one of %s (default normal)\n", variant_names());
    return 2;
}

/* Parses POS of variant v for a subcommand; prints the reason and returns false when it is bad. */
static bool parse_pos_arg(const char *text, Variant v, Position *pos)
{
    const char *err = notation_parse_position(text, pos);
    if (!err)
        err = position_set_variant(pos, v);
    if (err) {
        fprintf(stderr, "engine: bad position \"%s\": %s\n", text, err);
        return false;
    }
    return true;
}

/* Reads the options after the positional arguments of moves and perft (--divide only where
 * divide is not NULL); prints why and returns false on a bad one. */
static bool parse_rules_options(int argc, char **argv, int first, Variant *v, bool *divide)
{
    *v = VARIANT_NORMAL;
    for (int i = first; i < argc; i++) {
        if (divide && strcmp(argv[i], "--divide") == 0) {
            *divide = true;
        } else if (strcmp(argv[i], "--variant") == 0 && i + 1 < argc) {
            if (!variant_parse(argv[++i], v)) {
                fprintf(stderr, "engine: bad variant \"%s\": expected one of %s\n", argv[i], variant_names());
                return false;
            }
        } else {
            fprintf(stderr, "engine: unknown or incomplete option \"%s\"\n", argv[i]);
            return false;
        }
    }
    return true;
}

static int cmd_bench(int argc, char **argv)
{
    int depth = BENCH_DEFAULT_DEPTH;
    if (argc > 3)
        return usage();
    long d;
    if (argc == 3) {
        if (!cli_parse_long("bench depth", argv[2], 1, 60, &d))
            return 2;
        depth = (int)d;
    }
    return bench_run(depth, stdout) ? 0 : 1;
}

static int cmd_moves(int argc, char **argv)
{
    Position pos;
    Variant v;
    if (argc < 3)
        return usage();
    if (!parse_rules_options(argc, argv, 3, &v, NULL) || !parse_pos_arg(argv[2], v, &pos))
        return 2;
    MoveList list;
    movegen_generate(&pos, &list);
    notation_sort_moves(&pos, &list);
    for (int i = 0; i < list.count; i++) {
        char text[MOVE_TEXT_MAX];
        notation_format_move(&pos, list.moves[i], text);
        printf("%s\n", text);
    }
    return 0;
}

static int cmd_perft(int argc, char **argv)
{
    Position pos;
    Variant v;
    bool divide = false;
    if (argc < 4)
        return usage();
    if (!parse_rules_options(argc, argv, 4, &v, &divide) || !parse_pos_arg(argv[2], v, &pos))
        return 2;
    long depth;
    if (!cli_parse_long("perft depth", argv[3], 0, 30, &depth))
        return 2;
    perft_report(&pos, (int)depth, divide, stdout);
    return 0;
}

/* The Hub loop on stdin/stdout; a person starting ./engine without arguments gets a banner. */
static int cmd_hub(bool banner)
{
    signal(SIGPIPE, SIG_IGN);   /* a closed output shows up as a write error, which ends the loop */
    Hub *h = hub_new();
    if (!h) {
        fprintf(stderr, "engine: not enough memory\n");
        return 1;
    }
    if (banner) {
        printf("%s %s, international draughts engine (Hub protocol v2): type help for commands, quit to leave\n",
               ENGINE_NAME, ENGINE_VERSION);
        fflush(stdout);
    }
    int rc = hub_loop_run(h, stdin, stdout);
    hub_free(h);
    return rc;
}

/* The reason a --weights file was refused (opts prints it after the callback returns). */
typedef struct {
    char why[EVAL_FILE_WHY_MAX];
} WeightsOption;

static const char *use_weights(void *ctx, const char *path)
{
    WeightsOption *o = ctx;
    Variant v;
    return eval_file_use(path, &v, o->why, sizeof o->why) ? NULL : o->why;
}

/* `engine hub [--weights FILE]...`: each file replaces the embedded weights of its variant. */
static int hub_main(int argc, char **argv)
{
    WeightsOption weights;
    const OptSpec specs[] = {
        OPTS_CALL("--weights", &weights, use_weights),
        OPTS_END,
    };
    if (!opts_parse("hub", specs, argc, argv, 2, NULL, 0, 0))
        return 2;
    return cmd_hub(false);
}

int main(int argc, char **argv)
{
    rules_init();
    eval_init();
    bitbase_init();
    if (argc == 1)
        return cmd_hub(true);
    if (strcmp(argv[1], "hub") == 0)
        return hub_main(argc, argv);
    if (argc >= 2 && strcmp(argv[1], "moves") == 0)
        return cmd_moves(argc, argv);
    if (argc >= 2 && strcmp(argv[1], "perft") == 0)
        return cmd_perft(argc, argv);
    if (argc >= 2 && strcmp(argv[1], "bench") == 0)
        return cmd_bench(argc, argv);
    if (argc >= 2 && strcmp(argv[1], "selfplay") == 0)
        return selfplay_main(argc, argv);
    if (argc >= 2 && strcmp(argv[1], "tactics") == 0)
        return tactics_main(argc, argv);
    if (argc >= 2 && strcmp(argv[1], "tune") == 0)
        return tune_main(argc, argv);
    if (argc >= 3 && strcmp(argv[1], "eval") == 0 && strcmp(argv[2], "info") == 0)
        return eval_info_main(argc, argv);
    if (argc == 3 && strcmp(argv[1], "bitbase") == 0 && strcmp(argv[2], "info") == 0)
        return bitbase_info_main();
    if (argc >= 3 && strcmp(argv[1], "bitbase") == 0 && strcmp(argv[2], "won") == 0)
        return bitbase_won_main(argc, argv);
    if (argc >= 2 && strcmp(argv[1], "bitbase") == 0)
        return bitbase_build_main(argc, argv);
    if (argc >= 3 && strcmp(argv[1], "book") == 0 && strcmp(argv[2], "info") == 0)
        return book_info_main(argc, argv);
    if (argc >= 2 && strcmp(argv[1], "book") == 0)
        return book_build_main(argc, argv);
    if (argc >= 2 && strcmp(argv[1], "match") == 0)
        return match_main(argc - 1, argv + 1);
    return usage();
}
