/* `engine rescore` (see rescore_cli.h). */
#include "cli/rescore_cli.h"

#include <stdlib.h>
#include <string.h>
#include "learn/rescore.h"
#include "learn/tune_data.h"
#include "rules/variant.h"
#include "util/opts.h"
#include "util/shard.h"
#include "util/sys.h"

#define RESCORE_USAGE                                                                                                \
    "usage: engine rescore --out FILE [--nodes N | --depth D] [--every N [--offset K]] [--threads N] [--variant V]\n" \
    "       [--shard I/N] DATA...\n"                                                                                                \
    "  searches the positions of the self-play data files (text or .bin) again and writes each with its\n"          \
    "  game result and the new search score, for tune --lambda\n"                                                     \
    "  --out FILE     the positions, as text lines, or as records when FILE ends in .bin\n"                          \
    "  --nodes N      nodes a position, 1-1000000000 (default 20000); --depth D: plies instead, 1-60\n"              \
    "  --every N      only every N-th position, 1-1000000 (default 1: all); the rest are left out\n"                \
    "  --offset K     with --every N: the positions K, K+N, K+2N, ... counted from 0 over the files, 0 to N-1\n"  \
    "  --threads N    positions searched at once, 1-64 (default: the cores; the output does not depend on it)\n"   \
    "  --variant V    the rules: normal killer bt frisian losing (default normal)\n"                               \
    "  --shard I/N    only shard I (0 to N-1) of the N parts of the positions (over the files in order); the N\n" \
    "                 outputs in order, concatenated, are the whole run's (only shard 0 of a .bin has the header)\n"

/* The options of `engine rescore` into cfg, *out_path and the data file names; false after saying
 * why they are refused. */
static bool parse_options(int argc, char **argv, RescoreConfig *cfg, const char **out_path, const char **files,
                          int *file_count)
{
    long cores = sys_cores();
    long nodes = 20000, depth = 0, every = 1, offset = 0;
    long threads = cores < 1 ? 1 : cores > RESCORE_MAX_THREADS ? RESCORE_MAX_THREADS : cores;
    int nodes_at = 0, depth_at = 0;   /* of --nodes and --depth, the later one counts */
    const OptSpec specs[] = {
        OPTS_TEXT("--out", out_path),
        OPTS_CALL("--variant", &cfg->variant, variant_opt_read),
        {.name = "--nodes", .kind = OPT_INT, .out = &nodes, .lo = 1, .hi = 1000000000, .at = &nodes_at},
        {.name = "--depth", .kind = OPT_INT, .out = &depth, .lo = 1, .hi = 60, .at = &depth_at},
        OPTS_INT("--every", &every, 1, 1000000),
        OPTS_INT("--offset", &offset, 0, 999999),
        OPTS_INT("--threads", &threads, 1, RESCORE_MAX_THREADS),
        OPTS_CALL("--shard", &cfg->shard, shard_opt_read),
        OPTS_END,
    };
    if (!opts_parse("rescore", specs, argc, argv, 2, files, 0, TUNE_DATA_FILES_MAX))
        return false;
    if (!*out_path) {
        opts_refuse("rescore", "--out FILE is required");
        return false;
    }
    if (offset >= every) {
        opts_refuse("rescore", "--offset K must be below --every N");
        return false;
    }
    *file_count = 0;
    while (*file_count < TUNE_DATA_FILES_MAX && files[*file_count])
        (*file_count)++;
    if (*file_count == 0) {
        opts_refuse("rescore", "no data (give one or more files written by `engine selfplay`)");
        return false;
    }
    cfg->threads = (int)threads;
    cfg->every = (int)every;
    cfg->offset = (int)offset;
    cfg->nodes = depth_at > nodes_at ? 0 : (uint64_t)nodes;
    cfg->depth = depth_at > nodes_at ? (int)depth : 0;
    return true;
}

int rescore_cli_main(int argc, char **argv)
{
    RescoreConfig cfg = {.variant = VARIANT_NORMAL, .shard = SHARD_WHOLE};
    const char *out_path = NULL, *files[TUNE_DATA_FILES_MAX + 1];
    int file_count;
    memset(files, 0, sizeof files);
    if (opts_help(argc, argv, 2, RESCORE_USAGE))
        return 0;
    if (!parse_options(argc, argv, &cfg, &out_path, files, &file_count))
        return OPTS_REFUSED;
    for (int i = 0; i < file_count; i++)
        if (strcmp(files[i], out_path) == 0) {
            opts_refuse("rescore", "--out FILE is one of the data files");
            return OPTS_REFUSED;
        }
    size_t len = strlen(out_path);
    cfg.binary = len > 4 && strcmp(out_path + len - 4, ".bin") == 0;
    FILE *out = fopen(out_path, cfg.binary ? "wb" : "w");
    if (!out) {
        fprintf(stderr, "engine rescore: cannot write \"%s\"\n", out_path);
        return 1;
    }
    RescoreStats stats;
    char why[256];
    bool ok = rescore_run(files, file_count, &cfg, out, stderr, &stats, why, sizeof why);
    if (fclose(out) != 0 && ok) {
        ok = false;
        snprintf(why, sizeof why, "cannot write \"%s\"", out_path);
    }
    if (!ok) {
        fprintf(stderr, "engine rescore: %s\n", why);
        remove(out_path);   /* no partial output that looks like data */
        return 1;
    }
    printf("rescore wrote %llu positions to %s (%llu skipped)\n", (unsigned long long)stats.positions, out_path,
           (unsigned long long)stats.skipped);
    return 0;
}
