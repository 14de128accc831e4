/* `engine bench` (see bench_cli.h). */
#include "cli/bench_cli.h"

#include <stdio.h>
#include "eval/net_file.h"
#include "eval/net_weights.h"
#include "search/bench.h"
#include "search/search.h"
#include "search/tt.h"
#include "util/opts.h"

#define TEXT_OF(x) #x
#define NUMBER_TEXT(x) TEXT_OF(x)
#define BENCH_USAGE                                                                                                  \
    "usage: engine bench [DEPTH] [--threads N] [--tt-size MIB] [--net FILE] [--param NAME=VALUE ...]\n"            \
    "  DEPTH          plies searched in every bench position, 1-60 (default " NUMBER_TEXT(BENCH_DEFAULT_DEPTH) ")\n" \
    "  --threads N    search threads, 1-256 (default 1: the node count is the search's signature)\n"                 \
    "  --tt-size MIB  transposition table, 1-65536 MiB, rounded down to a power of two\n"                            \
    "                 (default " NUMBER_TEXT(BENCH_TT_MIB) ", the signature's)\n"                                     \
    "  --net FILE     evaluate by this network (`engine tune --net`) instead of the patterns\n"                     \
    "  --param NAME=VALUE ...  search parameters, as the hub's set-param name=search-NAME\n"

/* An option's NAME=VALUE into the SearchParams at params (search_params_assign). */
static const char *set_param(void *params, const char *value) { return search_params_assign(params, value); }

int bench_cli_main(int argc, char **argv)
{
    long depth = BENCH_DEFAULT_DEPTH, threads = 1, tt_mib = BENCH_TT_MIB;
    const char *net_path = NULL;
    SearchParams params;
    search_params_default(&params);
    const OptSpec specs[] = {OPTS_EACH("--param", &params, set_param),
                             OPTS_INT("--threads", &threads, 1, SEARCH_MAX_THREADS),
                             OPTS_INT("--tt-size", &tt_mib, TT_MIN_MIB, (long)TT_MAX_MIB),
                             OPTS_TEXT("--net", &net_path), OPTS_END};
    const char *words[1] = {NULL};
    if (opts_help(argc, argv, 2, BENCH_USAGE))
        return 0;
    if (!opts_parse("bench", specs, argc, argv, 2, words, 0, 1) ||
        (words[0] && !opts_parse_long("bench", "depth", words[0], 1, 60, &depth)))
        return OPTS_REFUSED;
    NetModel net = {0};
    char why[512];
    if (net_path && (!net_file_load(net_path, &net, why, sizeof why) || !net_weights_fit(&net, why, sizeof why))) {
        fprintf(stderr, "engine bench: %s\n", why);
        net_free(&net);
        return 1;
    }
    if (net_path)
        params.net = &net;
    uint64_t nodes = bench_run((int)depth, (int)threads, (size_t)tt_mib, &params, stdout);
    if (net_path)
        net_free(&net);
    if (nodes)
        return 0;
    fprintf(stderr, "engine bench: no table of %ld MiB or no %ld threads on this machine\n", tt_mib, threads);
    return 1;
}
