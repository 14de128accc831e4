/* `engine openings` (see openings_cli.h). */
#include "cli/openings_cli.h"

#include <stdio.h>
#include <string.h>
#include "opening/openings_deepen.h"
#include "util/jobs.h"
#include "util/opts.h"

#define OPENINGS_USAGE                                                                                               \
    "usage: engine openings --out FILE [--from FILE] [--count N] [--plies P] [--nodes N] [--margin CP]\n"             \
    "       [--band LO:HI] [--seed S] [--threads T] [--variant V]\n"                                                 \
    "  --out FILE      the openings written, one FEN a line (for match --openings)\n"                               \
    "  --from FILE     start positions, one a line (default: the built-in 3-move ballots)\n"                        \
    "  --count N       openings made, 1-1000000 (default 200); opening i deepens start position i\n"                \
    "  --plies P       plies played from the start position, 1-40 (default 4)\n"                                    \
    "  --nodes N       nodes of the search ranking the moves at each ply, 1-100000000 (default 20000)\n"            \
    "  --margin CP     moves drawn at random among those within CP centi-men of the best, 0-1000 (default 20)\n"    \
    "  --band LO:HI    an opening is kept when a 4x deeper search gives one side (either) LO to HI centi-men,\n"   \
    "                  0 <= LO <= HI <= 10000 (default 0:30, balanced; the match plays both colours)\n"             \
    "  --seed S        0-2147483647 (default 1): opening i depends on (S, i) alone\n"                               \
    "  --threads T     openings made at once (default 1; the file is the same whatever T)\n"                         \
    "  --variant V     rules of the positions and searches (default normal)\n"

/* --band LO:HI into the config's band_lo and band_hi. */
static const char *read_band(void *out, const char *text)
{
    OpeningsDeepenConfig *cfg = out;
    const char *colon = strchr(text, ':');
    char lo_text[16];
    long lo, hi;
    if (!colon || colon - text >= (long)sizeof lo_text)
        return "expected LO:HI, two centi-men 0-10000 with LO <= HI";
    memcpy(lo_text, text, (size_t)(colon - text));
    lo_text[colon - text] = '\0';
    if (!opts_read_long(lo_text, 0, 10000, &lo) || !opts_read_long(colon + 1, 0, 10000, &hi) || lo > hi)
        return "expected LO:HI, two centi-men 0-10000 with LO <= HI";
    cfg->band_lo = lo;
    cfg->band_hi = hi;
    return NULL;
}

int openings_cli_main(int argc, char **argv)
{
    OpeningsDeepenConfig cfg;
    openings_deepen_default(&cfg);
    cfg.out = cfg.from = NULL;
    const OptSpec specs[] = {
        OPTS_TEXT("--out", &cfg.out),
        OPTS_TEXT("--from", &cfg.from),
        OPTS_INT("--count", &cfg.count, 1, 1000000),
        OPTS_INT("--plies", &cfg.plies, 1, 40),
        OPTS_INT("--nodes", &cfg.nodes, 1, 100000000),
        OPTS_INT("--margin", &cfg.margin, 0, 1000),
        OPTS_CALL("--band", &cfg, read_band),
        OPTS_INT("--seed", &cfg.seed, 0, 2147483647),
        OPTS_INT("--threads", &cfg.threads, 1, JOBS_MAX_THREADS),
        OPTS_CALL("--variant", &cfg.variant, variant_opt_read),
        OPTS_END,
    };
    if (opts_help(argc, argv, 2, OPENINGS_USAGE))
        return 0;
    if (!opts_parse("openings", specs, argc, argv, 2, NULL, 0, 0))
        return OPTS_REFUSED;
    if (!cfg.out)
        return opts_refuse("openings", "--out FILE is required");
    return openings_deepen_run(&cfg) ? 0 : 1;
}
