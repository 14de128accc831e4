/* `engine bench` (see bench_cli.h). */
#include "cli/bench_cli.h"

#include <stdio.h>
#include "search/bench.h"
#include "util/opts.h"

#define TEXT_OF(x) #x
#define NUMBER_TEXT(x) TEXT_OF(x)
#define BENCH_USAGE                                                                                                  \
    "usage: engine bench [DEPTH]\n"                                                                                  \
    "  DEPTH  plies searched in every bench position, 1-60 (default " NUMBER_TEXT(BENCH_DEFAULT_DEPTH) ")\n"

int bench_cli_main(int argc, char **argv)
{
    const OptSpec specs[] = {OPTS_END};
    const char *words[1] = {NULL};
    long depth = BENCH_DEFAULT_DEPTH;
    if (opts_help(argc, argv, 2, BENCH_USAGE))
        return 0;
    if (!opts_parse("bench", specs, argc, argv, 2, words, 0, 1) ||
        (words[0] && !opts_parse_long("bench", "depth", words[0], 1, 60, &depth)))
        return OPTS_REFUSED;
    return bench_run((int)depth, stdout) ? 0 : 1;
}
