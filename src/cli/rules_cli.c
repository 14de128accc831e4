/* `engine moves` and `engine perft` (see rules_cli.h). */
#include "cli/rules_cli.h"

#include <stdio.h>
#include "rules/movegen.h"
#include "rules/notation.h"
#include "rules/perft.h"
#include "util/opts.h"

#define POS_HELP "  POS          a Hub position string, a FEN (W:W31,32:B1,2) or the word start\n"
#define VARIANT_HELP "  --variant V  the rules: normal killer bt frisian losing (or a PDN name; default normal)\n"
#define MOVES_USAGE "usage: engine moves POS [--variant V]\n" POS_HELP VARIANT_HELP
#define PERFT_USAGE                                                                                                  \
    "usage: engine perft POS DEPTH [--divide] [--variant V]\n" POS_HELP                                              \
    "  DEPTH        plies to count, 0-30\n"                                                                          \
    "  --divide     the count under each first move too\n" VARIANT_HELP

/* Reads POS of variant v for command into pos; false after saying why it is refused. */
static bool read_position(const char *command, const char *text, Variant v, Position *pos)
{
    const char *err = notation_parse_position(text, pos);
    if (!err)
        err = position_set_variant(pos, v);
    if (err)
        opts_refuse(command, "bad position \"%s\": %s", text, err);
    return err == NULL;
}

int rules_cli_moves_main(int argc, char **argv)
{
    Variant v = VARIANT_NORMAL;
    const OptSpec specs[] = {OPTS_CALL("--variant", &v, variant_opt_read), OPTS_END};
    const char *words[1];
    Position pos;
    if (opts_help(argc, argv, 2, MOVES_USAGE))
        return 0;
    if (!opts_parse("moves", specs, argc, argv, 2, words, 1, 1) || !read_position("moves", words[0], v, &pos))
        return OPTS_REFUSED;
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

int rules_cli_perft_main(int argc, char **argv)
{
    Variant v = VARIANT_NORMAL;
    bool divide = false;
    const OptSpec specs[] = {OPTS_FLAG("--divide", &divide), OPTS_CALL("--variant", &v, variant_opt_read),
                             OPTS_END};
    const char *words[2];
    Position pos;
    long depth;
    if (opts_help(argc, argv, 2, PERFT_USAGE))
        return 0;
    if (!opts_parse("perft", specs, argc, argv, 2, words, 2, 2) || !read_position("perft", words[0], v, &pos) ||
        !opts_parse_long("perft", "depth", words[1], 0, 30, &depth))
        return OPTS_REFUSED;
    perft_report(&pos, (int)depth, divide, stdout);
    return 0;
}
