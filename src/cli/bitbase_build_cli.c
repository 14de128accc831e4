/* `engine bitbase build` (see bitbase_build_cli.h). */
#include "cli/bitbase_build_cli.h"

#include "endgame/bitbase_build.h"
#include "util/jobs.h"
#include "util/opts.h"

#define BITBASE_BUILD_USAGE                                                                                          \
    "usage: engine bitbase build --pieces N [--threads T] --out FILE.c\n"                                            \
    "  the tables of every material up to N pieces (2-5), solved on T threads (default 1), written as C source\n"

int bitbase_build_cli_main(int argc, char **argv)
{
    long pieces = 0, threads = 1;
    const char *out = NULL;
    const OptSpec specs[] = {
        OPTS_INT("--pieces", &pieces, 2, 5),
        OPTS_INT("--threads", &threads, 1, JOBS_MAX_THREADS),
        OPTS_TEXT("--out", &out),
        OPTS_END,
    };
    if (opts_help(argc, argv, 3, BITBASE_BUILD_USAGE))
        return 0;
    if (!opts_parse("bitbase build", specs, argc, argv, 3, NULL, 0, 0))
        return OPTS_REFUSED;
    if (!pieces || !out)
        return opts_refuse("bitbase build", "--pieces N and --out FILE.c are required");
    return bitbase_build_run((int)pieces, (int)threads, out) ? 0 : 1;
}
